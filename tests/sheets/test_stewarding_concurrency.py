"""Stewards and drivers acting at the same moment: one decision, a penalty counted once, publish or protest.

The services lock the race's row, then the sheet's, then the protest's (sheets/judging.py's
order). The PostgreSQL tests run the writers in real parallel transactions; SQLite serialises
every writer, so there each race is played one after the other: the second comer sees the first.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import timedelta
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import connection
from django.utils import timezone

from races import services
from races.models import Penalty, Race, Result
from races.services import race_create, race_entry_create, race_status_set
from sheets import protests, stewarding
from sheets.judging import race_sheet_validate
from sheets.models import Protest, RaceEvent
from sheets.protests import protest_decide, protest_file
from sheets.publishing import race_publish
from sheets.services import race_sheet_submit
from sheets.stewarding import penalty_impose
from sheets.tasks import impose_penalty
from tests.factories import EXAMPLE_WEAR, build_oval, make_steward
from tests.threads import run_together

User = get_user_model()


def valid_sheet(oval, example):
    """A judged, valid sheet of alice's, committed (no on_commit callback needed)."""
    sheet = race_sheet_submit(race=oval.race, raw=example("race-ovale-valid.json"), by=oval.alice)
    return race_sheet_validate(sheet_id=sheet.pk)


def car7(oval):
    return oval.race.entries.get(season_entry=oval.car7)


def _kind(outcome: Any) -> str:
    if isinstance(outcome, ValidationError):
        return "refused"
    if isinstance(outcome, BaseException):  # reported below, with the thread's own error
        return "error"
    return "ok"


def at_once(*calls: Callable[[], Any]) -> list[tuple[str, Any]]:
    """Run the calls in threads released together; ("ok", value) or ("refused", exception) each."""
    out = run_together(calls, stuck="a writer is still waiting: a lock never released")
    outcomes = [(_kind(o), o) for o in out]
    assert all(kind in ("ok", "refused") for kind, _ in outcomes), outcomes
    return outcomes


@pytest.fixture
def pg_oval(transactional_db):
    """Committed data, for writers on their own connections (tests/conftest.py skips `postgres`
    tests on another database, and fails them under CI=true)."""
    return build_oval()


@pytest.fixture
def second_steward():
    return make_steward("steward2")  # staff with the stewards' permissions


# -- PostgreSQL: real parallel transactions -------------------------------------------------------
@pytest.mark.postgres
def test_two_stewards_deciding_one_protest_at_once_make_one_decision(pg_oval, example, second_steward):
    oval = pg_oval
    protest = protest_file(
        sheet=valid_sheet(oval, example), by=oval.bruno, reason="Blocked.", against=car7(oval)
    )

    def decide(by):
        return lambda: protest_decide(
            protest=protest, by=by, decision=f"Blocking ({by.username}).", upheld=True,
            penalty_kind="points", penalty_amount=2,
        )  # fmt: skip

    outcomes = at_once(decide(oval.steward), decide(second_steward))

    assert sorted(kind for kind, _ in outcomes) == ["ok", "refused"]
    refused = next(exc for kind, exc in outcomes if kind == "refused")
    assert refused.code == "decided"  # threads speak the site's language: the code, not the words
    decided = Protest.objects.get(pk=protest.pk)
    assert decided.status == Protest.Status.UPHELD
    assert Penalty.objects.count() == 1 and RaceEvent.objects.filter(kind="decision").count() == 1
    assert Result.objects.get(race_entry=car7(oval)).net_points == 8


@pytest.mark.postgres
def test_a_penalty_task_delivered_twice_at_once_counts_once(pg_oval, example):
    oval = pg_oval
    valid_sheet(oval, example)
    args = (car7(oval).pk, oval.steward.pk, "points", "Blocking.", "protest-7-decision")

    # `.result`, not `.get()`: two eager runs in two threads save and restore Celery's one
    # process-wide "a join would block" flag around their nested notices out of order, so it may
    # read True though no worker runs here (tests/conftest.py puts it back after each test)
    outcomes = at_once(
        *(lambda: impose_penalty.apply(args=args, kwargs={"amount": 3}, throw=True).result for _ in range(2))
    )

    assert [kind for kind, _ in outcomes] == ["ok", "ok"]
    assert outcomes[0][1] == outcomes[1][1] == Penalty.objects.get().pk
    assert Result.objects.get(race_entry=car7(oval)).net_points == 7
    assert RaceEvent.objects.filter(kind="penalty").count() == 1


@pytest.mark.postgres
def test_publishing_while_a_protest_is_filed_lets_exactly_one_through(pg_oval, example):
    oval = pg_oval
    sheet = valid_sheet(oval, example)

    outcomes = at_once(
        lambda: race_publish(race=oval.race, by=oval.steward, override_reason="Both confirmed on the night."),
        lambda: protest_file(sheet=sheet, by=oval.bruno, reason="Car 7 blocked me."),
    )

    published, protested = (kind == "ok" for kind, _ in outcomes)
    assert published != protested, outcomes
    race = Race.objects.get(pk=oval.race.pk)
    if published:
        assert race.status == Race.Status.OFFICIAL and not Protest.objects.exists()
        assert outcomes[1][1].code == "official"  # the protest came second: too late
    else:
        assert race.status == Race.Status.VALIDATED and Protest.objects.get().status == Protest.Status.OPEN
        assert outcomes[0][1].code == "not_publishable"


# -- SQLite (and any database): the same races, one writer after the other ------------------------
@pytest.mark.django_db
def test_the_second_of_two_decisions_sees_the_first_and_is_refused(oval, example, submit, second_steward):
    sheet = submit(oval.race, example("race-ovale-valid.json"), oval.alice)
    protest = protest_file(sheet=sheet, by=oval.bruno, reason="Blocked.", against=car7(oval))
    protest_decide(protest=protest, by=oval.steward, decision="Blocking.", upheld=True,
                   penalty_kind="points", penalty_amount=2)  # fmt: skip

    with pytest.raises(ValidationError, match="already decided"):
        protest_decide(protest=protest, by=second_steward, decision="Dismissed.", upheld=False)

    assert Protest.objects.get().decided_by == oval.steward
    assert Penalty.objects.count() == 1 and RaceEvent.objects.filter(kind="decision").count() == 1


@pytest.mark.django_db
def test_a_penalty_imposed_again_with_its_key_is_the_same_penalty(oval, example, submit):
    submit(oval.race, example("race-ovale-valid.json"), oval.alice)
    first = penalty_impose(
        race_entry=car7(oval), by=oval.steward, kind="points", amount=3, reason="x", key="k1"
    )

    again = penalty_impose(
        race_entry=car7(oval), by=oval.steward, kind="points", amount=3, reason="x", key="k1"
    )

    assert again.pk == first.pk and Penalty.objects.count() == 1
    assert Result.objects.get(race_entry=car7(oval)).net_points == 7


@pytest.mark.django_db
def test_a_protest_filed_first_refuses_the_publication(oval, example, submit):
    sheet = submit(oval.race, example("race-ovale-valid.json"), oval.alice)
    protest_file(sheet=sheet, by=oval.bruno, reason="Car 7 blocked me.")

    with pytest.raises(ValidationError, match="still open"):
        race_publish(race=oval.race, by=oval.steward, override_reason="Both confirmed.")
    assert Race.objects.get(pk=oval.race.pk).status == Race.Status.VALIDATED


@pytest.mark.django_db
def test_a_publication_first_refuses_the_protest_as_late(oval, example, submit):
    sheet = submit(oval.race, example("race-ovale-valid.json"), oval.alice)
    race_publish(race=oval.race, by=oval.steward, override_reason="Both confirmed.")

    with pytest.raises(ValidationError, match="official"):
        protest_file(sheet=sheet, by=oval.bruno, reason="Car 7 blocked me.")
    assert not Protest.objects.exists()


# -- Locks: a race's writers hold its row, not its season's ---------------------------------------
def _holding_the_race(module: Any, held: threading.Event, release: threading.Event) -> Any:
    """`module`'s services lock their race, say so, and keep the lock until `release`."""
    real = module.race_lock

    def lock_and_wait(*args: Any, **kwargs: Any) -> Race:
        race = real(*args, **kwargs)
        held.set()
        assert release.wait(timeout=30), "never released"
        return race

    return mock.patch.object(module, "race_lock", lock_and_wait)


def _another_race_with_a_sheet(oval, example) -> int:
    """Round 6 of the same season, same cars, with alice's sheet stored and not yet judged."""
    race = race_create(
        season=oval.season, round=6, circuit=oval.race.circuit, laps=1, status=Race.Status.RUN,
        scheduled_at=timezone.now() - timedelta(days=1),
    )  # fmt: skip
    for entry, slot in ((oval.car7, 1), (oval.car3, 2)):
        race_entry_create(race=race, season_entry=entry, grid_slot=slot, wear=dict(EXAMPLE_WEAR))
    with mock.patch("sheets.tasks.validate_race_sheet.delay"):  # judged below, by hand
        return race_sheet_submit(race=race, raw=example("race-ovale-valid.json"), by=oval.alice).pk


STEWARDS_WRITES = {
    "race status": (
        services,
        lambda oval, sheet: race_status_set(race=oval.race, status=Race.Status.QUALIFYING, by=oval.steward),
    ),
    "penalty": (
        stewarding,
        lambda oval, sheet: penalty_impose(
            race_entry=car7(oval), by=oval.steward, kind="points", amount=1, reason="Blocking."
        ),
    ),
    "protest": (
        protests,
        lambda oval, sheet: protest_file(sheet=sheet, by=oval.bruno, reason="Car 7 blocked me."),
    ),
}


@pytest.mark.postgres
@pytest.mark.parametrize("write", list(STEWARDS_WRITES))
def test_a_write_holding_one_race_does_not_hold_the_sheets_of_another(pg_oval, example, write):
    """A steward's service in progress on round 5 (its race locked) while a sheet of round 6 of the
    same season is judged: the sheet is judged at once. (They used to lock the season's row too,
    and every sheet of the season waited for the steward's commit.)"""
    oval = pg_oval
    module, call = STEWARDS_WRITES[write]
    sheet = valid_sheet(oval, example) if write != "race status" else None
    other = _another_race_with_a_sheet(oval, example)
    held, release = threading.Event(), threading.Event()
    judged: list[str] = []

    def judge() -> None:
        try:
            judged.append(race_sheet_validate(sheet_id=other).status)
        finally:
            connection.close()

    with _holding_the_race(module, held, release):
        steward = threading.Thread(target=lambda: at_once(lambda: call(oval, sheet)))
        steward.start()
        try:
            assert held.wait(timeout=20), "the steward's service never took its race's lock"
            judge_thread = threading.Thread(target=judge)
            judge_thread.start()
            judge_thread.join(timeout=10)
            assert not judge_thread.is_alive(), "the sheet of round 6 waited for the steward's round 5"
        finally:
            release.set()
            steward.join(timeout=30)
    assert judged == ["valid"]
    assert not steward.is_alive()
