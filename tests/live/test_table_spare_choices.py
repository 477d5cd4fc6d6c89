"""`GET …/choices/?move=` for a spare car's move (A5) is judged as `play` judges it (on the turn
just closed, the spare taken): the tests due, not a server error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.live.conftest import moves_of, new_table, night_for

pytestmark = pytest.mark.django_db

ADVANCED = Path(__file__).resolve().parents[2] / "fixtures" / "race_logs" / "advanced"


def test_the_tests_due_of_a_spare_cars_move_are_answered(db) -> None:  # noqa: ANN001
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
