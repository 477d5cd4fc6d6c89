"""A whole bot race recorded through the API, move by move, then finished: the race sheet it
becomes is validated by the usual pipeline and its verdict is `replay()`'s of the bot's log."""

from __future__ import annotations

import time

import pytest
from rest_framework.throttling import ScopedRateThrottle

from rules.formats import read_race_log
from rules.replay import replay
from rules.ruleset import RuleSet
from sheets.models import RaceSheet
from tests.live.conftest import ALL_OPTIONS, build_night, moves_of, new_table

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_throttle(monkeypatch):
    """Hundreds of moves in a few seconds: faster than any table plays."""
    monkeypatch.setattr(
        ScopedRateThrottle, "THROTTLE_RATES", {**ScopedRateThrottle.THROTTLE_RATES, "tables": None}
    )


def record(night, capture) -> RaceSheet:  # noqa: ANN001 - django_capture_on_commit_callbacks
    table = new_table(night)
    client = night.client(night.entrant)
    for steps, (_turn, restart, move) in enumerate(moves_of(night.log)):
        if restart is not None:
            response = client.post(
                f"/api/tables/{table}/restart/", {"restart": restart, "expected": steps}, format="json"
            )
        else:
            response = client.post(
                f"/api/tables/{table}/moves/", {"move": move, "expected": steps}, format="json"
            )
        assert response.status_code == 201, (steps, move, response.json())
    state = client.get(f"/api/tables/{table}/").json()
    assert state["status"] == "over" and state["to_play"] is None
    with capture(execute=True):
        response = client.post(f"/api/tables/{table}/finish/")
    assert response.status_code == 201, response.json()
    again = client.post(f"/api/tables/{table}/finish/")
    assert again.status_code == 200 and again.json()["sheet"] == response.json()["sheet"]
    return RaceSheet.objects.get(pk=response.json()["sheet"])


def assert_sheet_is_the_bots(night, sheet: RaceSheet) -> None:
    theirs = replay(
        read_race_log(night.log), night.track, RuleSet.from_options(night.log["options"])
    ).to_json()
    assert sheet.status == RaceSheet.Status.VALID, sheet.verdict["violations"][:3]
    ours = sheet.verdict
    shared = set(ours) & set(theirs)
    assert {"violations", "classification", "cars", "result_matches"} <= shared
    for key in sorted(shared):
        assert ours[key] == theirs[key], key
    assert sheet.log["turns"] == night.log["turns"]


def test_a_two_car_race_recorded_move_by_move_becomes_its_sheet(db, django_capture_on_commit_callbacks):
    night = build_night("ovale", cars=2, laps=1, seed=3)

    sheet = record(night, django_capture_on_commit_callbacks)

    assert_sheet_is_the_bots(night, sheet)
    assert night.race.results.count() == 2


@pytest.mark.slow
def test_a_ten_car_three_lap_race_with_every_option_becomes_its_sheet(db, django_capture_on_commit_callbacks):
    night = build_night("monza", cars=10, laps=3, seed=1, options=ALL_OPTIONS)
    started = time.perf_counter()

    sheet = record(night, django_capture_on_commit_callbacks)

    assert_sheet_is_the_bots(night, sheet)
    assert any("restart" in t for t in night.log["turns"])  # a red flag (A5) was restarted through the API
    assert night.race.results.count() == 10
    print(
        f"{sum(len(t['moves']) for t in night.log['turns'])} moves in {time.perf_counter() - started:.1f} s"
    )
