"""/api/experience/: the ledger rows behind each balance, and the balances (tallies)."""

from __future__ import annotations

import pytest

from league.services import experience_record
from tests.api.conftest import results_of

pytestmark = pytest.mark.django_db

URL = "/api/experience/"


def test_anyone_reads_a_drivers_ledger_rows_in_a_season(league, anonymous):
    rows = results_of(anonymous.get(f"{URL}?season={league.season.pk}&driver={league.alice.pk}"))

    assert [(row["reason"], row["amount"], row["note"]) for row in rows] == [
        ("pole", 0.3, "#7"),
        ("win", 0.5, "#7"),
    ]
    assert rows[0]["driver"] == {"id": league.alice.pk, "slug": "alice", "name": "Alice"}
    assert rows[0]["team"] is None
    assert rows[0]["race"] == league.first_race.pk


def test_a_teams_rows_are_filtered_by_team_and_reason(league, anonymous):
    rows = results_of(anonymous.get(f"{URL}?team={league.red.pk}&reason=win"))

    assert [(row["season"], row["amount"], row["driver"]) for row in rows] == [
        (league.old_season.pk, 0.5, None),
        (league.season.pk, 0.5, None),
    ]


def test_the_tallies_rank_drivers_and_teams_richest_first(league, anonymous):
    experience_record(season=league.season, driver=league.bruno, reason="die", amount="-0.1")

    body = anonymous.get(f"{URL}tallies/?season={league.season.pk}").json()

    assert body["season"] == league.season.pk
    assert [(row["driver"]["slug"], row["total"]) for row in body["drivers"]] == [
        ("alice", 0.8),
        ("bruno", 0.3),  # 0.1 for 2nd on the grid, 0.3 for 2nd place, 0.1 spent on a die
    ]
    assert [(row["team"]["slug"], row["total"]) for row in body["teams"]] == [("rouge", 0.5), ("bleue", 0.2)]


def test_the_tallies_cover_every_season_without_one(league, anonymous):
    body = anonymous.get(f"{URL}tallies/").json()

    assert body["season"] is None
    assert dict((row["driver"]["slug"], row["total"]) for row in body["drivers"]) == {
        "alice": 1.2,
        "bruno": 1.2,
    }


def test_an_unknown_season_for_the_tallies_is_a_400(league, anonymous):
    response = anonymous.get(f"{URL}tallies/?season=999999")

    assert response.status_code == 400
    assert list(response.json()) == ["season"]


def test_the_ledger_is_read_only(league, staff):
    assert staff.post(URL, {}, format="json").status_code == 405
