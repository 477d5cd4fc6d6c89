"""The choices of a spare car's move (A5), judged as `play` judges it (on the turn just closed, the
spare taken): `?move=` gives its tests due (not a server error), `?spare=` its gears and stops."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.live.conftest import moves_of, new_table, night_for

pytestmark = pytest.mark.django_db

ADVANCED = Path(__file__).resolve().parents[2] / "fixtures" / "race_logs" / "advanced"


def test_the_tests_due_of_a_spare_cars_move_are_answered(db) -> None:  # noqa: ANN001
    table, client, steps, at = _before_the_spare()
    spare = steps[at][2]

    response = client.get(f"/api/tables/{table}/choices/", {"move": json.dumps(spare)})

    assert response.status_code == 200, response.content
    assert response.json()["tests"]["due"] == []
    wrong = {**spare, "option": {"spare": {"engine": 9}}}  # a spare the car cannot take
    refused = client.get(f"/api/tables/{table}/choices/", {"move": json.dumps(wrong)})
    assert refused.status_code == 400, refused.content
    assert (
        client.post(f"/api/tables/{table}/moves/", {"move": spare, "expected": at}, format="json").status_code
        == 201
    )


def test_the_choices_of_a_spare_cars_move_are_its_gears_and_stops(db) -> None:  # noqa: ANN001
    table, client, steps, at = _before_the_spare()
    spare = steps[at][2]
    url = f"/api/tables/{table}/choices/"
    option = json.dumps(spare["option"])

    plain = client.get(url).json()
    assert plain["car"] != spare["car"]  # the choices of the car to play are another car's
    offered = client.get(url, {"spare": spare["car"], "option": option})
    assert offered.status_code == 200, offered.content
    body = offered.json()
    assert body["car"] == spare["car"] and body["spare"] is True
    assert body["gears"]["rule"] == "stand"
    gears = [g["gear"] for g in body["gears"]["choices"]]
    assert spare["gear"] in gears and max(gears) <= 4  # A5: a spare car leaves in 4th gear at most

    moved = client.get(
        url, {"spare": spare["car"], "option": option, "gear": spare["gear"], "roll": spare["roll"]}
    ).json()
    stop = next(s for s in moved["stops"] if s["square"] == spare["path"][-1])
    ways = [stop["way"], *stop["alternatives"]]
    way = next(w for w in ways if w["path"] == spare["path"])
    assert way["move"]["option"] == spare["option"]
    # the way offered is the log's move, and it is stored as it comes
    posted = client.post(f"/api/tables/{table}/moves/", {"move": way["move"], "expected": at}, format="json")
    assert posted.status_code == 201, posted.content


def test_a_spare_the_car_cannot_take_has_no_choices(db) -> None:  # noqa: ANN001
    table, client, steps, at = _before_the_spare()
    car = steps[at][2]["car"]
    url = f"/api/tables/{table}/choices/"

    three = client.get(
        url, {"spare": car, "option": json.dumps({"spare": {"engine": 3}})}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert three.status_code == 400
    assert [v["rule"] for v in three.json()["violations"]] == ["A5"]
    too_high = client.get(
        url, {"spare": car, "option": json.dumps(steps[at][2]["option"]), "gear": 5, "roll": 21}
    )
    assert too_high.status_code == 400 and too_high.json()["violations"][0]["rule"] == "A5"
    racing = client.get(url, {"spare": client.get(url).json()["car"]})
    assert racing.status_code == 400


def _before_the_spare():  # noqa: ANN202
    """The golden A5 log's table, stored up to its spare car's move (the steps and that index)."""
    log = json.loads((ADVANCED / "a5-legal-spare-car.json").read_text(encoding="utf-8"))
    night = night_for(log)
    table = new_table(night)
    client = night.client(night.entrant)
    steps = moves_of(log)
    at = next(i for i, (_t, _r, m) in enumerate(steps) if m and "spare" in (m.get("option") or {}))
    for i, (_turn, restart, move) in enumerate(steps[:at]):
        url = f"/api/tables/{table}/{'restart' if restart is not None else 'moves'}/"
        body = {"restart": restart} if restart is not None else {"move": move}
        assert client.post(url, {**body, "expected": i}, format="json").status_code == 201
    return table, client, steps, at


def test_a_spare_refused_outside_its_window_says_why_in_the_reader_s_language(db) -> None:  # noqa: ANN001
    table, client, steps, at = _before_the_spare()
    url = f"/api/tables/{table}/choices/"
    racing = client.get(url).json()["car"]

    for language, words in (("fr", "pas hors course"), ("en", "is not out of the race")):
        refused = client.get(url, {"spare": racing}, HTTP_ACCEPT_LANGUAGE=language)
        assert refused.status_code == 400
        body = refused.json()
        assert (body["code"], body["params"]) == ("spare.car_not_out", {"car": racing})
        assert words in body["detail"]
    nobody = client.get(url, {"spare": "99"}, HTTP_ACCEPT_LANGUAGE="fr").json()
    assert nobody["code"] == "spare.no_such_car" and nobody["detail"] == "aucune voiture 99 dans cette course"

    spare = steps[at][2]
    assert (
        client.post(f"/api/tables/{table}/moves/", {"move": spare, "expected": at}, format="json").status_code
        == 201
    )
    late = client.get(url, {"spare": spare["car"]}, HTTP_ACCEPT_LANGUAGE="fr").json()
    assert late["code"] == "spare.car_not_out", late  # the spare car is racing now
