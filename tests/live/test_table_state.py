"""The state keeps where a car stopped once it has left the track (finished or out): the
board of a watcher, who only has the state, still shows it there."""

from __future__ import annotations

import pytest

from live import engine
from tests.live.conftest import build_night, moves_of, new_table

pytestmark = pytest.mark.django_db


def stop_square(move: dict) -> str | None:
    path = move.get("path")
    return path[-1] if path else move.get("to")


def test_a_car_past_the_line_keeps_its_last_square_in_the_state(db) -> None:
    night = build_night("ovale", cars=2, laps=1, seed=3)
    table = new_table(night)
    client = night.client(night.entrant)
    seen: dict[str, str] = {}
    for steps, (_turn, restart, move) in enumerate(moves_of(night.log)):
        assert restart is None and move is not None  # no red flag in this race
        response = client.post(
            f"/api/tables/{table}/moves/", {"move": move, "expected": steps}, format="json"
        )
        assert response.status_code == 201, response.json()
        if stop_square(move):
            seen[move["car"]] = stop_square(move)
        for car in response.json()["cars"]:
            if car["square"] is not None:  # on the track: the same square twice
                assert car["last_square"] == car["square"]
    state = client.get(f"/api/tables/{table}/").json()
    assert state["status"] == "over"
    off = [car for car in state["cars"] if car["square"] is None]
    assert off, "the race is over: some car has crossed the line"
    for car in off:
        assert car["last_square"] == seen[car["car"]], car

    engine.forget_all()  # another process: rebuilt from the rows, the same answer
    again = night.client().get(f"/api/tables/{table}/").json()
    assert [c["last_square"] for c in again["cars"]] == [c["last_square"] for c in state["cars"]]


def test_the_grid_is_every_cars_last_square_before_the_first_move(night) -> None:
    table = new_table(night)
    state = night.client().get(f"/api/tables/{table}/").json()
    assert all(c["last_square"] == c["square"] is not None for c in state["cars"])


def test_a_write_with_events_n_returns_only_the_new_steps_events(db) -> None:
    night = build_night("ovale", cars=2, laps=1, seed=3)
    table = new_table(night)
    client = night.client(night.entrant)
    played = [move for _turn, _restart, move in moves_of(night.log)]
    for steps, move in enumerate(played):
        response = client.post(
            f"/api/tables/{table}/moves/?events={steps}", {"move": move, "expected": steps}, format="json"
        )
        assert response.status_code == 201
        assert {e["step"] for e in response.json()["events"]} <= {steps}
    whole = client.get(f"/api/tables/{table}/").json()["events"]
    stepped = sorted({e["step"] for e in whole})
    assert len(stepped) >= 2, whole  # the two cars finish on different steps
    for since in (0, 1, *stepped, len(played) - 1, len(played), len(played) + 3):
        part = client.get(f"/api/tables/{table}/?events={since}").json()["events"]
        assert part == [e for e in whole if e["step"] >= since], since
    n = len(played)
    undone = client.delete(f"/api/tables/{table}/moves/last/?events={n - 1}").json()
    assert undone["steps"] == n - 1 and undone["events"] == []
