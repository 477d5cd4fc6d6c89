"""Many spends of one driver's experience at once, on PostgreSQL: the ledger never overdraws.

The spends run in real parallel transactions (one connection a thread). The ledger's service locks
the spender's row before it reads the balance (league/services.py), so the spends pass one at a
time: those the balance covers are written, the others refused with a ValidationError, which the
API answers as a 4xx and the admin's form as its error; never a database error, never a balance below zero. Through the
API a spend is a race sheet's die change (X2), judged as it is stored (Celery inline in the tests):
of sheets judged at once, those the ledger no longer covers are `invalid` (SITE-experience).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from league.models import ExperienceEntry
from league.selectors import driver_experience
from league.services import experience_record
from races.models import Race
from races.services import race_create, race_entry_create
from sheets.models import RaceSheet
from tests.factories import EXAMPLE_WEAR, Oval, build_oval, make_user
from tests.sheets.test_sheet_experience import SPENDING_LOG
from tests.threads import run_together

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

THREADS = 12
ENGLISH = {"accept-language": "en"}
DIE = ExperienceEntry.Reason.DIE


def at_once(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run the calls in threads released together; each one's result or exception."""
    return run_together(calls, stuck="a spend is still waiting: a lock never released", start=20, join=90)


@pytest.fixture
def oval() -> Oval:
    return build_oval()


def more_races(oval: Oval, n: int) -> list[Race]:
    """`n` races of the oval's season after its own, cars 7 and 3 entered as in it."""
    races = []
    for i in range(n):
        race = race_create(season=oval.season, round=6 + i, circuit=oval.race.circuit, laps=1,
                           scheduled_at=timezone.now() - timedelta(hours=n - i), status=Race.Status.RUN)  # fmt: skip
        for entry, slot in ((oval.car7, 1), (oval.car3, 2)):
            race_entry_create(race=race, season_entry=entry, grid_slot=slot, wear=dict(EXAMPLE_WEAR))
        races.append(race)
    return races


def give(oval: Oval, amount: str) -> None:
    experience_record(
        season=oval.season, driver=oval.car7.driver, reason=ExperienceEntry.Reason.ADJUSTMENT, amount=amount
    )


def never_below_zero(oval: Oval) -> None:
    """The balance after each row, in the order they were written (under the lock: by id)."""
    balance = Decimal(0)
    for amount in (
        ExperienceEntry.objects.filter(driver=oval.car7.driver)
        .order_by("pk")
        .values_list("amount", flat=True)
    ):
        balance += amount
        assert balance >= 0, "the ledger went below zero"


def refused_codes(outcomes: list[Any]) -> list[str]:
    """The codes of the refusals; anything else than a written row or a ValidationError fails."""
    others = [o for o in outcomes if not isinstance(o, ExperienceEntry | ValidationError)]
    assert others == [], f"a spend failed otherwise than by a refusal: {others!r}"
    return [error.code for o in outcomes if isinstance(o, ValidationError) for error in o.error_list]


def test_spends_in_many_races_at_once_take_what_the_balance_holds_and_no_more(oval):
    give(oval, "5")
    races = more_races(oval, THREADS)
    spend = [
        lambda race=race: experience_record(
            season=oval.season, race=race, driver=oval.car7.driver, reason=DIE, amount="-1"
        )
        for race in races
    ]

    outcomes = at_once(spend)

    assert refused_codes(outcomes) == ["insufficient"] * (THREADS - 5)
    assert sum(isinstance(o, ExperienceEntry) for o in outcomes) == 5
    assert driver_experience(driver=oval.car7.driver) == Decimal("0.0")
    never_below_zero(oval)


def test_spends_of_mixed_amounts_at_once_never_pass_the_balance(oval):
    give(oval, "4")
    amounts = ["-0.7", "-1.5", "-1", "-0.3", "-2", "-0.5"] * 2
    spend = [
        lambda amount=amount: experience_record(
            season=oval.season,
            driver=oval.car7.driver,
            reason=ExperienceEntry.Reason.ADJUSTMENT,
            amount=amount,
        )
        for amount in amounts
    ]

    outcomes = at_once(spend)

    assert set(refused_codes(outcomes)) <= {"insufficient"}
    spent = -sum((o.amount for o in outcomes if isinstance(o, ExperienceEntry)), Decimal(0))
    assert 0 < spent <= Decimal("4")
    left = driver_experience(driver=oval.car7.driver)
    assert left == Decimal("4") - spent >= 0
    # Each refused spend was more than what was left when it was refused, so more than is left now.
    refused = [Decimal(a) for a, o in zip(amounts, outcomes, strict=True) if isinstance(o, ValidationError)]
    assert all(-amount > left for amount in refused)
    never_below_zero(oval)


def test_die_spends_in_one_race_at_once_are_written_once(oval):
    """X2: once a race. The spends wait for each other on the driver's row: one is written."""
    give(oval, "5")
    spend = [
        lambda: experience_record(
            season=oval.season, race=oval.race, driver=oval.car7.driver, reason=DIE, amount="-1"
        )
    ] * 8

    outcomes = at_once(spend)

    assert refused_codes(outcomes) == ["spent_twice"] * 7
    assert ExperienceEntry.objects.filter(race=oval.race, reason=DIE).count() == 1
    assert driver_experience(driver=oval.car7.driver) == Decimal("4.0")


def test_sheets_spending_the_same_points_at_once_through_the_api_never_overdraw(oval):
    """Each sheet: alice's die change costs 1.0, her pole pays 0.3 of it first, her win gives 0.5
    after; a sheet needs 0.7 in the ledger and leaves it 0.2 lower. From 1.1: three sheets pay."""
    give(oval, "1.1")
    races = more_races(oval, 8)
    body = json.dumps({"log": json.loads(SPENDING_LOG.read_bytes())})

    def send(race: Race) -> Any:
        client = APIClient()
        client.force_authenticate(oval.alice)
        return client.post(f"/api/races/{race.pk}/sheets/", data=body, content_type="application/json",
                           headers={"accept-language": "en"})  # fmt: skip

    responses = at_once([lambda race=race: send(race) for race in races])

    others = [o for o in responses if isinstance(o, BaseException)]
    assert others == [], others
    assert [r.status_code for r in responses] == [201] * len(races), [r.content[:300] for r in responses]
    sheets = RaceSheet.objects.filter(race__in=races)
    statuses = sorted(sheets.values_list("status", flat=True))
    assert statuses == ["invalid"] * 5 + ["valid"] * 3
    for sheet in sheets.filter(status=RaceSheet.Status.INVALID):
        assert [v["rule"] for v in sheet.verdict["violations"]] == ["SITE-experience"]
    assert driver_experience(driver=oval.car7.driver) == Decimal("0.5")
    never_below_zero(oval)


def test_stewards_rows_typed_at_once_in_the_admin_never_overdraw(oval):
    """The admin's ledger form asks the service under the owner's lock: of 8 spends of 1 typed at
    once against 5 points, 5 are saved and 3 come back as the form with the balance's message."""
    give(oval, "5")
    boss = make_user("boss", is_staff=True, is_superuser=True)
    form = {"season": oval.season.pk, "driver": oval.car7.driver.pk, "reason": "adjustment",
            "amount": "-1", "note": "typed by hand", "race": "", "team": "", "_save": "Save"}  # fmt: skip

    def add() -> Any:
        client = Client()
        client.force_login(boss)
        return client.post("/admin/league/experienceentry/add/", form, headers=ENGLISH)

    responses = at_once([add] * 8)

    others = [o for o in responses if isinstance(o, BaseException)]
    assert others == [], others
    assert sorted(r.status_code for r in responses) == [200] * 3 + [302] * 5
    for refused in (r for r in responses if r.status_code == 200):
        assert "Alice has 0.0 experience points; this spend needs 1" in refused.content.decode()
    assert driver_experience(driver=oval.car7.driver) == Decimal("0.0")
    never_below_zero(oval)


def test_a_gain_lowered_in_the_admin_below_what_was_spent_is_refused(oval):
    give(oval, "2")
    gain = ExperienceEntry.objects.get(driver=oval.car7.driver)
    experience_record(season=oval.season, driver=oval.car7.driver, reason=ExperienceEntry.Reason.ADJUSTMENT,
                      amount="-1.5")  # fmt: skip
    client = Client()
    client.force_login(make_user("boss", is_staff=True, is_superuser=True))
    form = {"season": oval.season.pk, "driver": oval.car7.driver.pk, "reason": "adjustment",
            "amount": "1", "note": "", "race": "", "team": "", "_save": "Save"}  # fmt: skip

    response = client.post(f"/admin/league/experienceentry/{gain.pk}/change/", form, headers=ENGLISH)

    assert response.status_code == 200 and b"experience points; this spend needs" in response.content
    assert driver_experience(driver=oval.car7.driver) == Decimal("0.5")
    form["amount"] = "1.5"  # what was spent stays covered
    assert client.post(f"/admin/league/experienceentry/{gain.pk}/change/", form).status_code == 302
    assert driver_experience(driver=oval.car7.driver) == Decimal("0.0")
