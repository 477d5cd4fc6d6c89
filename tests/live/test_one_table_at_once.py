"""Several people open a table for one race in the same instant: one table is made, the others
are told which (409 `live.table_open`), never a 500. On PostgreSQL the posts are parallel
transactions that only the database's constraint on open tables keeps apart; on SQLite the
writers are serialised (BEGIN IMMEDIATE) and the second finds the first's table."""

from __future__ import annotations

import pytest

from live.models import LiveTable
from tests.live.conftest import build_night
from tests.live.test_table_concurrency import at_once


@pytest.fixture
def threaded_night(transactional_db):
    return build_night()


def _open_at_once(night, clients) -> list:
    url = f"/api/races/{night.race.pk}/tables/"
    return at_once(*(lambda c=c: c.post(url, {"header": night.header}, format="json") for c in clients))


def _check_one_made(night, responses) -> None:
    codes = sorted(r.status_code for r in responses)
    assert codes == [201] + [409] * (len(responses) - 1), [r.content for r in responses]
    made = next(r.json()["id"] for r in responses if r.status_code == 201)
    for refused in (r.json() for r in responses if r.status_code == 409):
        assert refused["code"] == "live.table_open" and refused["params"] == {"table": made}
    assert list(LiveTable.objects.filter(race=night.race).values_list("pk", flat=True)) == [made]


def test_two_people_opening_a_table_at_once_make_one(threaded_night):
    night = threaded_night

    responses = _open_at_once(night, [night.client(night.entrant), night.client(night.steward)])

    _check_one_made(night, responses)


@pytest.mark.postgres
@pytest.mark.parametrize("people", [2, 6])
def test_parallel_transactions_opening_a_table_make_one(threaded_night, people):
    night = threaded_night
    clients = [night.client(night.entrant if i % 2 == 0 else night.steward) for i in range(people)]

    responses = _open_at_once(night, clients)

    _check_one_made(night, responses)


@pytest.mark.postgres
def test_two_stewards_replacing_at_once_leave_one_open_table(threaded_night):
    """The second steward replaced a table that is no longer the open one: he is told which is,
    rather than closing, unseen, the table the first steward just opened."""
    night = threaded_night
    from tests.factories import make_steward

    first = night.client(night.entrant).post(
        f"/api/races/{night.race.pk}/tables/", {"header": night.header}, format="json"
    )
    assert first.status_code == 201
    stewards = [night.client(night.steward), night.client(make_steward("steward-2"))]
    url = f"/api/races/{night.race.pk}/tables/"

    responses = at_once(
        *(lambda c=c: c.post(url, {"header": night.header, "replace": True}, format="json") for c in stewards)
    )

    assert sorted(r.status_code for r in responses) == [201, 409]
    made = next(r.json()["id"] for r in responses if r.status_code == 201)
    refused = next(r.json() for r in responses if r.status_code == 409)
    assert refused["code"] == "live.table_open" and refused["params"] == {"table": made}
    assert list(
        LiveTable.objects.filter(race=night.race, status__in=LiveTable.OPEN).values_list("pk", flat=True)
    ) == [made]
    closed = LiveTable.objects.get(race=night.race, status=LiveTable.Status.CLOSED)
    assert closed.pk == first.json()["id"] and closed.replaced_by_id == made
