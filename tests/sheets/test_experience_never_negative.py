"""The experience ledger never goes below zero: concurrent spends, and stewards' decisions after a spend."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from league.models import ExperienceEntry
from league.selectors import driver_experience
from league.services import experience_record
from races.models import Result
from sheets.judging import _conclude, _judge
from sheets.models import Protest, RaceSheet
from sheets.protests import protest_decide, protest_file
from sheets.services import race_sheet_submit
from tests.factories import oval_next_round
from tests.sheets.test_sheet_experience import SPENDING_LOG, give

pytestmark = pytest.mark.django_db


def test_of_two_spends_judged_at_once_the_second_is_invalid(oval):
    """Both sheets spend 1.0 of alice's 0.7 (+ 0.3 for each pole): the ledger pays for one of them."""
    give(oval, "0.7")
    other = oval_next_round(oval)
    first = race_sheet_submit(race=oval.race, raw=SPENDING_LOG.read_bytes(), by=oval.alice)
    second = race_sheet_submit(race=other, raw=SPENDING_LOG.read_bytes(), by=oval.alice)
    # Both judged against the ledger as it was, before either wrote: as two workers would.
    judgements = [_judge(RaceSheet.objects.select_related("race__season", "race__circuit").get(pk=s.pk))
                  for s in (first, second)]  # fmt: skip
    assert all(j.valid for j in judgements)
    _conclude(sheet_id=first.pk, judgement=judgements[0])
    _conclude(sheet_id=second.pk, judgement=judgements[1])

    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, second.status) == (RaceSheet.Status.VALID, RaceSheet.Status.INVALID)
    assert [v["rule"] for v in second.verdict["violations"]] == ["SITE-experience"]
    assert not second.chosen and not Result.objects.filter(race=other).exists()
    assert driver_experience(driver=oval.car7.driver) == Decimal("0.5")


def test_a_penalty_that_would_overdraw_a_balance_is_refused_with_the_rule(oval, example, submit):
    sheet = submit(oval.race, example("race-ovale-valid.json"), oval.alice)
    held = driver_experience(driver=oval.car7.driver)
    assert held > 0
    # Alice spent everything she had since (another race's dice, recorded by hand here).
    experience_record(
        season=oval.season, driver=oval.car7.driver, reason=ExperienceEntry.Reason.ADJUSTMENT, amount=-held
    )
    car7 = oval.race.entries.get(season_entry=oval.car7)
    protest = protest_file(sheet=sheet, by=oval.bruno, reason="Car 7 blocked me.", against=car7)

    with pytest.raises(ValidationError) as err:
        protest_decide(
            protest=protest,
            by=oval.steward,
            decision="Drops one place.",
            upheld=True,
            penalty_kind="places",
            penalty_amount=1,
        )

    assert "never overdrawn" in str(err.value) and "Alice (-" in str(err.value)
    assert Protest.objects.get().status == Protest.Status.OPEN
    assert Result.objects.get(race_entry=car7).position == 1
    assert driver_experience(driver=oval.car7.driver) == Decimal("0.0")
