"""Stewards and drivers acting at the same moment: one decision, a penalty counted once, publish or protest.

The services lock the race's row, then the sheet's, then the protest's (races/sheets/judging.py's
order). The PostgreSQL tests run the writers in real parallel transactions; SQLite serialises
every writer, so there each race is played one after the other: the second comer sees the first.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import connection

from races.models import Penalty, Protest, Race, RaceEvent, Result
from races.services import race_publish
from races.sheets.judging import race_sheet_validate
from races.sheets.protests import protest_decide, protest_file
from races.sheets.services import race_sheet_submit
from races.sheets.stewarding import penalty_impose
from races.sheets.tasks import impose_penalty
from tests.factories import build_oval, make_steward

User = get_user_model()


def valid_sheet(oval, example):
    """A judged, valid sheet of alice's, committed (no on_commit callback needed)."""
    sheet = race_sheet_submit(race=oval.race, raw=example("race-ovale-valid.json"), by=oval.alice)
    return race_sheet_validate(sheet_id=sheet.pk)


def car7(oval):
    return oval.race.entries.get(season_entry=oval.car7)


def at_once(*calls: Callable[[], Any]) -> list[tuple[str, Any]]:
    """Run the calls in threads released together; ("ok", value) or ("refused", exception) each."""
    start = threading.Barrier(len(calls))
    outcomes: list[tuple[str, Any]] = [("", None)] * len(calls)

    def run(i: int, call: Callable[[], Any]) -> None:
        try:
            start.wait(timeout=10)
            outcomes[i] = ("ok", call())
        except ValidationError as exc:
            outcomes[i] = ("refused", exc)
        except BaseException as exc:  # reported below, with the thread's own error
            outcomes[i] = ("error", exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "a writer is still waiting: a lock never released"
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

    outcomes = at_once(
        *(lambda: impose_penalty.apply(args=args, kwargs={"amount": 3}).get() for _ in range(2))
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
