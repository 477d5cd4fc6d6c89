"""Race night's fair dice (docs/fair-dice.md): a table's seed drawn at set-up, its commitment in
the header, on the table page, the race page and the API; the seed kept until the race is
finished, then shown; *Roll for me* rolls from it (the engine's `rules.fair_dice.roll` gives the
same numbers); the finished log lists the site's rolls only, and `python -m rules.dice verify`
finds them all, and names one altered."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.throttling import ScopedRateThrottle

from live.models import LiveTable
from live.rolls import SiteRoll
from live.services import table_create
from rules import fair_dice
from rules.fair_dice_verify import verify
from rules.formats import read_race_log
from sheets.models import RaceSheet
from tests.live.conftest import Night, build_night, moves_of, new_table
from tests.live.test_pages_race_night import setup_data

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def no_throttle(monkeypatch):  # noqa: ANN001, ANN201 - pytest's fixture
    monkeypatch.setattr(
        ScopedRateThrottle, "THROTTLE_RATES", {**ScopedRateThrottle.THROTTLE_RATES, "tables": None}
    )


def _roll_until(page: Client, table: int, die: str, value: int) -> None:
    """*Roll for me* again until the site's die shows `value` (the last roll is the one that binds)."""
    url = reverse("live:race-night-roll", kwargs={"pk": table})
    for _ in range(500):
        if page.post(url, {"die": die}).json()["roll"] == value:
            return
    raise AssertionError(f"the die of gear {die} never showed {value}")


def _play(night: Night, table: int, *, site: set[int], capture: Any) -> RaceSheet:
    """The bot's race recorded on the table: the gear's die of the moves numbered in `site`
    rolled by the site, the others typed; then finished."""
    api = night.client(night.entrant)
    page = Client()
    page.force_login(night.entrant)
    for steps, (_turn, restart, move) in enumerate(moves_of(night.log)):
        assert restart is None and move is not None
        if steps in site and "wait" not in move:
            _roll_until(page, table, str(move["gear"]), move["roll"])
        response = api.post(f"/api/tables/{table}/moves/", {"move": move, "expected": steps}, format="json")
        assert response.status_code == 201, (steps, move, response.json())
    with capture(execute=True):
        response = api.post(f"/api/tables/{table}/finish/")
    assert response.status_code == 201, response.json()
    return RaceSheet.objects.get(pk=response.json()["sheet"])


def _pages(night: Night, table: int) -> tuple[str, str, dict[str, Any]]:
    watcher = Client()
    state = night.client().get(f"/api/tables/{table}/").json()
    table_page = watcher.get(reverse("live:race-night-table", kwargs={"pk": table})).content.decode()
    race_page = watcher.get(night.race.get_absolute_url()).content.decode()
    return table_page, race_page, state


def test_a_race_with_site_rolls_is_verified_and_its_seed_revealed_once_finished(
    db, django_capture_on_commit_callbacks, tmp_path: Path
) -> None:  # noqa: ANN001
    night = build_night("ovale", cars=2, laps=1, seed=3)
    table = new_table(night)
    row = LiveTable.objects.get(pk=table)
    seed = row.dice_seed
    commitment = hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    assert len(seed) == 64 and row.header["dice"]["commitment"] == commitment

    # before: the commitment everywhere, the seed nowhere
    table_page, race_page, state = _pages(night, table)
    assert commitment in table_page and commitment in race_page
    assert seed not in table_page and seed not in race_page and seed not in json.dumps(state)
    assert state["dice_commitment"] == commitment and state["dice_seed"] is None

    moves = len(moves_of(night.log))
    site = set(range(0, moves, 2))  # every other move rolled by the site, the rest typed
    sheet = _play(night, table, site=site, capture=django_capture_on_commit_callbacks)
    assert sheet.status == RaceSheet.Status.VALID, sheet.verdict["violations"][:3]

    # after: the seed on both pages and in the API
    table_page, race_page, state = _pages(night, table)
    assert state["dice_seed"] == seed and seed in table_page and seed in race_page

    # every site roll reproduces with the engine's function (re-rolls too)
    dice = sheet.log["dice"]
    key = fair_dice.key(bytes.fromhex(seed), dice["players"])
    rolls = list(SiteRoll.objects.filter(table_id=table))
    assert len(rolls) > len(site)  # re-rolled until the bot's number came up
    assert all(r.roll == fair_dice.roll(key, dice["table"], r.step, r.die, r.counter) for r in rolls)

    # the log lists the site's rolls only: one per site-rolled move, none for the typed ones
    places = [(t["turn"], m) for t in night.log["turns"] for m in range(1, len(t["moves"]) + 1)]
    assert [(r["turn"], r["move"]) for r in dice["rolls"]] == [places[i] for i in sorted(site)]
    assert dice["commitment"] == commitment
    assert verify(read_race_log(sheet.log), bytes.fromhex(seed)) == (True, [])

    path = tmp_path / "race.json"
    path.write_text(json.dumps(sheet.log))
    done = _verify(path, seed)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"All {len(site)} of the site's rolls match" in done.stdout

    turn, m = places[2]  # a site-rolled move, altered; and a typed one, which is not checked
    doc = json.loads(path.read_text())
    doc["turns"][turn - 1]["moves"][m - 1]["roll"] += 1
    t1, m1 = places[1]
    doc["turns"][t1 - 1]["moves"][m1 - 1]["roll"] += 1
    path.write_text(json.dumps(doc))
    done = _verify(path, seed)
    assert done.returncode == 1
    car = doc["turns"][turn - 1]["moves"][m - 1]["car"]
    assert done.stdout.splitlines()[0].startswith(f"turn {turn}, move {m} (car {car}), the die of gear")
    assert f"1 of the site's {len(site)} rolls differ." in done.stdout


def _verify(path: Path, seed: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules.dice", "verify", str(path), "--seed", seed],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_an_undone_move_leaves_its_site_roll_out_of_the_log(night: Night) -> None:
    table = new_table(night)
    api = night.client(night.entrant)
    page = Client()
    page.force_login(night.entrant)
    move = night.log["turns"][0]["moves"][0]
    _roll_until(page, table, str(move["gear"]), move["roll"])
    assert (
        api.post(f"/api/tables/{table}/moves/", {"move": move, "expected": 0}, format="json").status_code
        == 201
    )
    used = SiteRoll.objects.get(table_id=table, used_by__isnull=False)
    assert api.delete(f"/api/tables/{table}/moves/last/").status_code == 200
    used.refresh_from_db()
    assert used.used_by is None  # the move typed again is not the site's


def test_the_weather_the_site_rolls_and_the_players_seeds_come_from_the_seed(night: Night) -> None:
    header = {**night.header, "dice": {"players": ["alice: 7 of hearts", "bruno"]}}
    row = table_create(race=night.race, user=night.entrant, header=header, site_weather=True)
    dice = row.header["dice"]
    assert dice["players"] == ["alice: 7 of hearts", "bruno"]
    key = fair_dice.key(bytes.fromhex(row.dice_seed), dice["players"])
    assert row.header["weather"]["race"] == fair_dice.roll(key, dice["table"], 0, "weather", 0)
    page = Client()
    page.force_login(night.entrant)
    rolled = page.post(reverse("live:race-night-roll", kwargs={"pk": row.pk}), {"die": "d20"}).json()["roll"]
    assert rolled == fair_dice.roll(key, dice["table"], 0, "d20", 0)


def test_a_header_cannot_bring_its_own_commitment(night: Night) -> None:
    """The site draws the seed: a commitment sent with the header is replaced, not trusted."""
    header = {**night.header, "dice": {"table": "mine", "commitment": "0" * 64, "players": []}}
    row = table_create(race=night.race, user=night.entrant, header=header)
    assert row.header["dice"]["commitment"] == hashlib.sha256(bytes.fromhex(row.dice_seed)).hexdigest()
    assert row.header["dice"]["table"] != "mine"


def test_the_set_up_page_takes_the_players_seeds_and_rolls_the_weather_from_the_seed(oval, client) -> None:  # noqa: ANN001
    client.force_login(oval.alice)
    url = reverse("live:race-night", kwargs={"pk": oval.race.pk})
    assert "Your own dice seeds" in client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Vos propres graines de dés" in client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    too_long = client.post(url, setup_data(weather="", dice_seeds="x" * 201), HTTP_ACCEPT_LANGUAGE="en")
    assert too_long.status_code == 400 and "At most 20 seeds" in too_long.content.decode()
    assert not LiveTable.objects.filter(race=oval.race).exists()

    response = client.post(url, setup_data(weather="", dice_seeds="alice: 7 of hearts\n\n  bruno  \n"))

    assert response.status_code == 302
    table = LiveTable.objects.get(race=oval.race)
    dice = table.header["dice"]
    assert dice["players"] == ["alice: 7 of hearts", "bruno"]
    key = fair_dice.key(bytes.fromhex(table.dice_seed), dice["players"])
    weather = fair_dice.roll(key, dice["table"], 0, "weather", 0)
    assert table.header["weather"]["race"] == weather
    assert list(table.site_rolls.values_list("die", "roll", "counter")) == [("weather", weather, 0)]
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Engagement" in page and dice["commitment"] in page and table.dice_seed not in page
