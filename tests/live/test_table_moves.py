"""POST /api/tables/{id}/moves/: a legal move is stored at once (201, the new state); an illegal one
gets 400 with the violations naming the rule, and the table is left as it was. The breaking moves
are the golden logs' (fixtures/race_logs/core), played move by move up to the one that breaks."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from live.models import LiveStep, LiveTable
from tests.live.conftest import golden, moves_of, new_table, night_for, step_of

pytestmark = pytest.mark.django_db


def play_until_refused(night, table: int):
    """Post the log's steps until one is refused: (its turn, its move, the response)."""
    client = night.client(night.entrant)
    for turn, restart, move in moves_of(night.log):
        if restart is not None:
            response = client.post(f"/api/tables/{table}/restart/", restart, format="json")
        else:
            response = client.post(f"/api/tables/{table}/moves/", move, format="json")
        if response.status_code != 201:
            return turn, move, response
    raise AssertionError("every move of the breaking log was accepted")


@pytest.mark.parametrize(
    ("log", "rule"),
    [
        ("g2-breach-up-two", "G2"),  # a gear skipped going up
        ("c2-breach-lane-change-after-exit", "C2"),  # an uncontrolled exit that changes lane
        ("t1-breach-through-car", "T1"),  # a path through another car
        ("d5-breach-missing-test", "D5"),  # a handling test left out
        ("d5-breach-not-called-for", "D5"),  # a handling test rolled where none is due
        ("d3-breach-extra-test", "D3"),  # a collision test rolled where none is due
    ],
)
def test_an_illegal_move_is_refused_naming_the_rule_and_nothing_changes(log, rule):
    night = night_for(golden(log))
    expected = golden(f"{log}.expected")["violations"][0]
    table = new_table(night)
    watcher = APIClient()

    turn, move, response = play_until_refused(night, table)

    before = watcher.get(f"/api/tables/{table}/").json()
    assert response.status_code == 400, response.json()
    assert (turn, move["car"]) == (expected["turn"], expected["car"])
    violations = response.json()["violations"]
    assert rule in {v["rule"] for v in violations}
    assert all({"turn", "car", "rule", "code", "message"} <= set(v) for v in violations)
    assert violations[0]["turn"] == turn and violations[0]["car"] == move["car"]
    stored = LiveTable.objects.get(pk=table)
    assert stored.steps == LiveStep.objects.filter(table=table).count() == before["steps"]
    # the same refusal again, then the state: nothing moved
    assert (
        night.client(night.entrant).post(f"/api/tables/{table}/moves/", move, format="json").status_code
        == 400
    )
    assert watcher.get(f"/api/tables/{table}/").json() == before


def test_a_move_missing_its_roll_says_which_rolls_are_due():
    night = night_for(golden("d5-breach-missing-test"))
    table = new_table(night)

    _, _, response = play_until_refused(night, table)

    body = response.json()
    assert {v["rule"] for v in body["violations"]} == {"D5"}
    assert [(t["kind"], t["car"]) for t in body["tests_due"]] == [("handling", "3")]


def test_a_move_that_cannot_be_read_is_refused(night):
    table = new_table(night)

    response = night.client(night.entrant).post(
        f"/api/tables/{table}/moves/", {"car": "1", "gear": "x"}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["violations"][0]["code"] == "site.unreadable"
    assert LiveTable.objects.get(pk=table).steps == 0


def test_a_non_entrant_may_not_play(night):
    table = new_table(night)
    _, _, first = moves_of(night.log)[0]

    response = night.client(night.outsider).post(f"/api/tables/{table}/moves/", first, format="json")

    assert response.status_code == 403
    assert LiveTable.objects.get(pk=table).steps == 0


def test_an_anonymous_user_may_not_play(night):
    table = new_table(night)
    _, _, first = moves_of(night.log)[0]

    response = APIClient().post(f"/api/tables/{table}/moves/", first, format="json")

    assert response.status_code in (401, 403)
    assert LiveTable.objects.get(pk=table).steps == 0


def test_a_steward_may_play(night):
    table = new_table(night)
    _, _, first = moves_of(night.log)[0]

    assert (
        night.client(night.steward).post(f"/api/tables/{table}/moves/", first, format="json").status_code
        == 201
    )


def test_a_move_is_stored_at_once_and_another_device_carries_on(night):
    table = new_table(night)
    (_, _, first), (_, _, second) = moves_of(night.log)[:2]
    phone = night.client(night.entrant)
    laptop = night.client(night.steward)

    assert phone.post(f"/api/tables/{table}/moves/", first, format="json").status_code == 201
    from live import engine

    engine.forget_all()  # another process: rebuilt from the rows
    state = laptop.get(f"/api/tables/{table}/").json()
    assert state["steps"] == 1 and state["to_play"]["car"] == second["car"]
    response = laptop.post(f"/api/tables/{table}/moves/", {"move": second, "expected": 1}, format="json")
    assert response.status_code == 201
    assert response.json()["steps"] == 2
    assert [row.body["car"] for row in LiveStep.objects.filter(table=table)] == [first["car"], second["car"]]


def test_undo_takes_back_the_last_move(night):
    table = new_table(night)
    client = night.client(night.entrant)
    (_, _, first) = moves_of(night.log)[0]
    start = client.get(f"/api/tables/{table}/").json()
    client.post(f"/api/tables/{table}/moves/", first, format="json")

    response = client.delete(f"/api/tables/{table}/moves/last/")

    assert response.status_code == 200
    assert response.json() == start
    assert not LiveStep.objects.filter(table=table).exists()
    assert client.delete(f"/api/tables/{table}/moves/last/").status_code == 409


def test_the_same_move_sent_twice_with_its_precondition_is_stored_once(night):
    """Two devices send the move they both saw due (`expected`: the steps they saw): the second
    finds it stored and gets the same state back, 200."""
    table = new_table(night)
    (_, _, first) = moves_of(night.log)[0]
    phone, laptop = night.client(night.entrant), night.client(night.steward)

    one = phone.post(f"/api/tables/{table}/moves/?expected=0", first, format="json")
    two = laptop.post(f"/api/tables/{table}/moves/?expected=0", first, format="json")

    assert (one.status_code, two.status_code) == (201, 200)
    assert one.json() == two.json()
    assert LiveStep.objects.filter(table=table).count() == 1


def test_another_move_sent_on_a_stale_state_is_a_conflict(night):
    table = new_table(night)
    (_, _, first), (_, _, second) = moves_of(night.log)[:2]
    client = night.client(night.entrant)
    client.post(f"/api/tables/{table}/moves/", first, format="json")

    response = client.post(f"/api/tables/{table}/moves/", {"move": second, "expected": 0}, format="json")

    assert response.status_code == 409
    assert response.json()["steps"] == 1
    assert LiveStep.objects.filter(table=table).count() == 1


def test_events_can_be_asked_from_a_step_on(night):
    table = new_table(night)
    client = night.client(night.entrant)
    steps = moves_of(night.log)
    for _, _, move in steps:
        client.post(f"/api/tables/{table}/moves/", move, format="json")
    every = client.get(f"/api/tables/{table}/").json()["events"]
    last = every[-1]["step"]
    late = client.get(f"/api/tables/{table}/?events={last}").json()["events"]

    assert len({e["step"] for e in every}) > 1  # the two cars finish on different steps
    assert late == [e for e in every if e["step"] >= last] and len(late) < len(every)
    assert all({"step", "turn", "car", "kind", "code", "params", "message"} <= set(e) for e in every)
    assert client.get(f"/api/tables/{table}/?events=x").status_code == 400


def test_a_refusal_speaks_french_when_asked():
    night = night_for(golden("g2-breach-up-two"))
    table = new_table(night)
    client = night.client(night.entrant)
    steps = moves_of(night.log)
    at = step_of(steps, 2, "7")
    for _turn, _restart, move in steps[:at]:
        client.post(f"/api/tables/{table}/moves/", move, format="json")

    response = client.post(
        f"/api/tables/{table}/moves/", steps[at][2], format="json", headers={"Accept-Language": "fr"}
    )

    assert response.status_code == 400
    body = response.json()
    assert body["detail"] == "Le coup est refusé."
    [g2] = [v for v in body["violations"] if v["rule"] == "G2"]
    english = client.post(
        f"/api/tables/{table}/moves/", steps[at][2], format="json", headers={"Accept-Language": "en"}
    )
    [g2_en] = [v for v in english.json()["violations"] if v["rule"] == "G2"]
    assert g2["code"] == g2_en["code"] and g2["message"] != g2_en["message"]
