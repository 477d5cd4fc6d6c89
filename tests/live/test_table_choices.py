"""GET /api/tables/{id}/choices/: the gears of the car to play; with `gear` and `roll`, the squares
it may stop on (path and cost); with `move`, the d20 tests still due and who rolls them."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from rest_framework.test import APIClient

from tests.live.conftest import golden, moves_of, new_table, night_for, step_of

pytestmark = pytest.mark.django_db


def choices(table: int, **query: str) -> dict:
    response = APIClient().get(f"/api/tables/{table}/choices/", query)
    assert response.status_code == 200, response.json()
    return response.json()


def test_the_first_move_of_the_race_is_in_first_gear(night):
    table = new_table(night)

    body = choices(table)

    assert (body["turn"], body["car"], body["steps"]) == (1, "1", 0)
    assert body["gears"]["rule"] == "first-move"
    assert [g["gear"] for g in body["gears"]["choices"]] == [1]


def test_every_move_of_the_bots_race_is_among_the_stops_offered(night):
    """Asked before each of its moves, the API offers the bot's stop; the move it offers for that
    square, with the bot's rolls, is accepted."""
    table = new_table(night)
    client = night.client(night.entrant)
    for _turn, _restart, move in moves_of(night.log):
        body = choices(table)
        assert move["gear"] in {g["gear"] for g in body["gears"]["choices"]}
        offered = choices(table, gear=str(move["gear"]), roll=str(move["roll"]))
        stop = move.get("to") or move["path"][-1]
        [square] = [s for s in offered["stops"] if s["square"] == stop]
        ways = [square["way"], *square["alternatives"]]
        assert square["matters"] == bool(square["alternatives"])
        assert all({"path", "brake", "cost", "tests", "move"} <= set(w) for w in ways)
        assert client.post(f"/api/tables/{table}/moves/", move, format="json").status_code == 201
    assert choices(table)["gears"] is None  # the race is over


def test_the_tests_due_name_the_car_that_rolls():
    """The golden log's car 3 leaves out its handling test in turn 2: asked with that move, the
    API says a handling test is due, rolled by car 3."""
    night = night_for(golden("d5-breach-missing-test"))
    table = new_table(night)
    client = night.client(night.entrant)
    steps = moves_of(night.log)
    at = step_of(steps, 2, "3")
    for _turn, _restart, move in steps[:at]:
        assert client.post(f"/api/tables/{table}/moves/", move, format="json").status_code == 201
    move = steps[at][2]

    due = choices(table, move=json.dumps(move))["tests"]

    assert [(t["kind"], t["car"]) for t in due["due"]] == [("handling", "3")]
    assert due["next"] == due["due"][:1]
    assert due["due"][0]["square"]


def test_a_bad_query_is_a_400(night):
    table = new_table(night)
    client = APIClient()

    assert client.get(f"/api/tables/{table}/choices/?gear=x&roll=3").status_code == 400
    assert client.get(f"/api/tables/{table}/choices/?move={quote('{nope')}").status_code == 400
    assert client.get(f"/api/tables/{table}/choices/?move=[]").status_code == 400


def test_a_move_illegal_for_another_reason_than_its_rolls_is_a_400_naming_the_rule(night):
    table = new_table(night)
    move = {"car": "1", "gear": 3, "roll": 4, "to": night.track.grid[0]}

    response = APIClient().get(f"/api/tables/{table}/choices/", {"move": json.dumps(move)})

    assert response.status_code == 400
    assert "G4" in {v["rule"] for v in response.json()["violations"]}
