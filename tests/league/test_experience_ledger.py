"""The experience ledger: every balance is the sum of its rows, spends are negative rows."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from league.models import ExperienceEntry
from league.selectors import driver_experience, experience_tally, team_experience
from league.services import experience_record
from tests.factories import make_driver, make_race, make_season, make_team

pytestmark = pytest.mark.django_db
Reason = ExperienceEntry.Reason


def test_a_tally_is_the_sum_of_the_rows():
    season, alice, bruno, rouge = make_season(), make_driver(), make_driver(), make_team()
    experience_record(season=season, driver=alice, reason=Reason.POLE, amount="0.3")
    experience_record(season=season, driver=alice, reason=Reason.WIN, amount="0.5")
    experience_record(season=season, driver=alice, reason=Reason.SECOND, amount="0.3")
    experience_record(season=season, driver=bruno, reason=Reason.THIRD, amount="0.1")
    experience_record(season=season, team=rouge, reason=Reason.WIN, amount="0.5")
    experience_record(season=season, team=rouge, reason=Reason.ONE_TWO, amount="0.3")

    assert experience_tally(season=season) == {
        "drivers": {alice.pk: Decimal("1.1"), bruno.pk: Decimal("0.1")},
        "teams": {rouge.pk: Decimal("0.8")},
    }
    assert driver_experience(driver=alice) == Decimal("1.1")
    assert team_experience(team=rouge) == Decimal("0.8")


def test_a_spend_is_a_negative_row_that_lowers_the_balance():
    season, alice = make_season(), make_driver()
    race = make_race(season, 1)
    for _ in range(3):
        experience_record(season=season, driver=alice, reason=Reason.WIN, amount="0.5")

    spend = experience_record(season=season, race=race, driver=alice, reason=Reason.DIE, amount="-1.0")

    assert spend.amount == Decimal("-1.0")
    assert driver_experience(driver=alice) == Decimal("0.5")
    assert experience_tally()["drivers"] == {alice.pk: Decimal("0.5")}


def test_a_team_spends_on_wear():
    season, rouge = make_season(), make_team()
    experience_record(season=season, team=rouge, reason=Reason.ADJUSTMENT, amount="1.2")

    experience_record(season=season, team=rouge, reason=Reason.WEAR, amount="-1.0")

    assert team_experience(team=rouge) == Decimal("0.2")


def test_it_refuses_a_spend_beyond_the_balance():
    season, alice = make_season(), make_driver("Alice Martin")
    experience_record(season=season, driver=alice, reason=Reason.WIN, amount="0.8")

    with pytest.raises(ValidationError) as caught:
        experience_record(season=season, driver=alice, reason=Reason.DIE, amount="-1.0")

    assert caught.value.messages == ["Alice Martin has 0.8 experience points; this spend needs 1.0."]
    assert driver_experience(driver=alice) == Decimal("0.8")


def test_it_refuses_a_second_die_spend_in_one_race():
    season, alice = make_season(), make_driver("Alice Martin")
    race = make_race(season, 1)
    experience_record(season=season, driver=alice, reason=Reason.ADJUSTMENT, amount="3.0")
    experience_record(season=season, race=race, driver=alice, reason=Reason.DIE, amount="-1.0")

    with pytest.raises(ValidationError) as caught:
        experience_record(season=season, race=race, driver=alice, reason=Reason.DIE, amount="-1.0")

    assert "once per race" in caught.value.messages[0]


def test_it_refuses_a_spend_written_as_a_gain():
    with pytest.raises(ValidationError) as caught:
        experience_record(season=make_season(), driver=make_driver(), reason=Reason.DIE, amount="1.0")

    assert caught.value.messages == ["A spend is recorded as a negative amount."]


def test_a_die_is_a_drivers_spend_and_wear_a_teams():
    season = make_season()
    with pytest.raises(ValidationError) as on_team:
        experience_record(season=season, team=make_team(), reason=Reason.DIE, amount="-1.0")
    with pytest.raises(ValidationError) as on_driver:
        experience_record(season=season, driver=make_driver(), reason=Reason.WEAR, amount="-1.0")

    assert "Only a driver" in on_team.value.messages[0]
    assert "Only a team" in on_driver.value.messages[0]


def test_a_row_belongs_to_a_driver_or_a_team_not_both():
    with pytest.raises(ValidationError) as caught:
        experience_record(
            season=make_season(), driver=make_driver(), team=make_team(), reason=Reason.WIN, amount="0.5"
        )

    assert caught.value.messages == ["An experience entry belongs to a driver or to a team, not both."]


def test_it_refuses_a_zero_amount():
    with pytest.raises(ValidationError) as caught:
        experience_record(season=make_season(), driver=make_driver(), reason=Reason.ADJUSTMENT, amount="0")

    assert caught.value.messages == ["An experience entry moves at least 0.1 point."]


def test_the_race_must_belong_to_the_season():
    race = make_race(make_season(), 1)

    with pytest.raises(ValidationError) as caught:
        experience_record(
            season=make_season(), race=race, driver=make_driver(), reason=Reason.WIN, amount="0.5"
        )

    assert caught.value.messages == ["This race belongs to another season."]


def test_a_season_tally_leaves_other_seasons_out_but_the_balance_keeps_them():
    first, second, alice = make_season(year=2025), make_season(year=2026), make_driver()
    experience_record(season=first, driver=alice, reason=Reason.WIN, amount="0.5")
    experience_record(season=second, driver=alice, reason=Reason.POLE, amount="0.3")

    assert experience_tally(season=second)["drivers"] == {alice.pk: Decimal("0.3")}
    assert driver_experience(driver=alice) == Decimal("0.8")


def test_no_rows_means_a_zero_balance():
    assert driver_experience(driver=make_driver()) == Decimal("0")
    assert experience_tally() == {"drivers": {}, "teams": {}}


def test_it_records_who_wrote_the_row(django_user_model):
    steward = django_user_model.objects.create_user("steward")

    entry = experience_record(
        season=make_season(),
        team=make_team(),
        reason=Reason.ADJUSTMENT,
        amount="0.2",
        by=steward,
        note="typo",
    )

    assert (entry.created_by, entry.note) == (steward, "typo")
