"""Two devices at one table send the same move at the same moment: it is stored once. On
PostgreSQL the posts run in real parallel transactions (the table's row lock makes the second
wait, then find the move stored: 200 with the same state); SQLite serialises writers, and the
sequential precondition tests are in test_table_moves.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from live.models import LiveStep, LiveTable
from tests.live.conftest import build_night, moves_of, new_table
from tests.threads import run_together


def at_once(*calls: Callable[[], Any]) -> list[Any]:
    out = run_together(calls, stuck="a post is still waiting: a lock never released")
    assert not any(isinstance(o, BaseException) for o in out), out
    return out


@pytest.fixture
def pg_night(transactional_db):
    return build_night()


@pytest.mark.postgres
@pytest.mark.parametrize("devices", [2, 4])
def test_the_same_move_posted_at_once_by_several_devices_is_stored_once(pg_night, devices):
    night = pg_night
    table = new_table(night)
    (_, _, first) = moves_of(night.log)[0]
    clients = [night.client(night.entrant if i % 2 == 0 else night.steward) for i in range(devices)]

    responses = at_once(
        *(
            lambda c=c: c.post(f"/api/tables/{table}/moves/", {"move": first, "expected": 0}, format="json")
            for c in clients
        )
    )

    codes = sorted(r.status_code for r in responses)
    assert codes == [200] * (devices - 1) + [201]
    assert len({r.content for r in responses}) == 1  # every device gets the same state
    assert LiveStep.objects.filter(table=table).count() == 1
    assert LiveTable.objects.get(pk=table).steps == 1


@pytest.mark.postgres
def test_the_same_move_posted_at_once_without_precondition_is_stored_once(pg_night):
    """Without `expected` the second post is judged on the table after the first: not its car's
    move any more, refused with nothing stored."""
    night = pg_night
    table = new_table(night)
    (_, _, first) = moves_of(night.log)[0]
    phone, laptop = night.client(night.entrant), night.client(night.steward)

    responses = at_once(
        lambda: phone.post(f"/api/tables/{table}/moves/", first, format="json"),
        lambda: laptop.post(f"/api/tables/{table}/moves/", first, format="json"),
    )

    assert sorted(r.status_code for r in responses) == [201, 400]
    assert LiveStep.objects.filter(table=table).count() == 1
