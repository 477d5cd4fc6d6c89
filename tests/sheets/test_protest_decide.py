"""Deciding a protest: the stewards uphold (with a penalty) or dismiss; who, when and why are kept."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from league.models import ExperienceEntry
from races.models import Penalty, Result
from sheets.judging import race_sheet_choose
from sheets.models import Protest
from sheets.protests import protest_decide, protest_file
from tests.sheets.conftest import standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def protest(oval, example, submit):
    sheet = submit(oval.race, example("race-ovale-valid.json"), oval.alice)
    car7 = oval.race.entries.get(season_entry=oval.car7)
    return protest_file(sheet=sheet, by=oval.bruno, reason="Car 7 blocked me in T2.", against=car7)


def result_of(car_number: int) -> Result:
    return Result.objects.get(race_entry__season_entry__car_number=car_number)


def test_an_upheld_protest_costs_points_and_keeps_who_when_why(oval, protest):
    before = standings(oval.season)

    protest_decide(
        protest=protest,
        by=oval.steward,
        decision="Blocking in T2, turn 7.",
        upheld=True,
        penalty_kind="points",
        penalty_amount=3,
    )

    protest.refresh_from_db()
    assert (protest.status, protest.decided_by, protest.decision) == (
        Protest.Status.UPHELD,
        oval.steward,
        "Blocking in T2, turn 7.",
    )
    assert protest.decided_at is not None
    record = protest.history.first()
    assert (record.history_user, record.status, record.history_change_reason) == (
        oval.steward,
        "upheld",
        "Blocking in T2, turn 7.",
    )
    penalty = Penalty.objects.get()
    assert (penalty.points, penalty.places, penalty.decided_by, penalty.reason) == (
        3,
        0,
        oval.steward,
        "Blocking in T2, turn 7.",
    )
    assert penalty.history.first().history_user == oval.steward
    winner = result_of(7)
    assert (winner.position, winner.points, winner.penalty_points, winner.net_points) == (1, 10, 3, 7)
    assert winner.penalty_reason == "Blocking in T2, turn 7."
    assert penalty.result == winner
    assert standings(oval.season)["alice"] == before["alice"] - 3
    assert standings(oval.season)["bruno"] == before["bruno"]


def test_a_places_penalty_reshuffles_the_positions_points_and_experience(oval, protest):
    protest_decide(
        protest=protest,
        by=oval.steward,
        decision="Drops one place.",
        upheld=True,
        penalty_kind="places",
        penalty_amount=1,
    )

    assert (result_of(3).position, result_of(3).points) == (1, 10)
    assert (result_of(7).position, result_of(7).points, result_of(7).penalty_places) == (2, 8, 1)
    wins = ExperienceEntry.objects.filter(race=oval.race, reason="win", driver__isnull=False)
    assert [e.driver.slug for e in wins] == ["bruno"]
    assert standings(oval.season)["alice"] == 8
    assert standings(oval.season)["bruno"] == 10


def test_penalties_survive_another_version_being_chosen(oval, example, submit, protest):
    protest_decide(
        protest=protest,
        by=oval.steward,
        decision="Blocking.",
        upheld=True,
        penalty_kind="points",
        penalty_amount=2,
    )
    second = submit(oval.race, example("race-ovale-valid.json"), oval.bruno)

    race_sheet_choose(sheet=second, by=oval.steward)

    assert (result_of(7).points, result_of(7).penalty_points) == (10, 2)
    assert Penalty.objects.get().result == result_of(7)


def test_a_dismissed_protest_changes_no_result(oval, protest):
    results = list(Result.objects.values_list("pk", "position", "points", "penalty_points"))

    protest_decide(protest=protest, by=oval.steward, decision="Racing incident.", upheld=False)

    protest.refresh_from_db()
    assert protest.status == Protest.Status.DISMISSED
    assert list(Result.objects.values_list("pk", "position", "points", "penalty_points")) == results
    assert not Penalty.objects.exists()


def test_a_dismissed_protest_carries_no_penalty(oval, protest):
    with pytest.raises(ValidationError, match="dismissed protest carries no penalty"):
        protest_decide(
            protest=protest,
            by=oval.steward,
            decision="No.",
            upheld=False,
            penalty_kind="points",
            penalty_amount=2,
        )


def test_a_protest_is_decided_once(oval, protest):
    protest_decide(protest=protest, by=oval.steward, decision="Racing incident.", upheld=False)

    with pytest.raises(ValidationError, match="already decided"):
        protest_decide(protest=protest, by=oval.steward, decision="Changed my mind.", upheld=True)


def test_a_car_cannot_lose_more_points_than_it_scored(oval, protest):
    with pytest.raises(ValidationError, match="Car 7 has 10 points in this race: it cannot lose 11."):
        protest_decide(
            protest=protest,
            by=oval.steward,
            decision="Too much.",
            upheld=True,
            penalty_kind="points",
            penalty_amount=11,
        )
    assert not Penalty.objects.exists()
    assert Protest.objects.get().status == Protest.Status.OPEN


def test_only_the_stewards_decide(oval, protest):
    with pytest.raises(PermissionDenied):
        protest_decide(protest=protest, by=oval.alice, decision="I win.", upheld=False)
