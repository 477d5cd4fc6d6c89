"""Penalties as data, with or without a protest: recomputed from the verdict, never typed over results."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from league.models import ExperienceEntry
from races.models import Penalty, Race, Result
from races.services import race_create, race_entry_create
from sheets.judging import race_sheet_choose
from sheets.models import RaceEvent, RaceSheet
from sheets.publishing import race_publish
from sheets.stewarding import penalty_impose
from sheets.tasks import impose_penalty
from tests.factories import EXAMPLE_WEAR
from tests.sheets.conftest import close_window, snapshot, standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def validated(oval, example, submit):
    return submit(oval.race, example("race-ovale-valid.json"), oval.alice)


def car(oval, number: int):
    return oval.race.entries.get(season_entry__car_number=number)


def result(number: int) -> Result:
    return Result.objects.get(race_entry__season_entry__car_number=number)


def test_a_steward_penalises_points_without_a_protest_and_the_standings_follow(oval, validated):
    before = standings(oval.season)

    penalty = penalty_impose(
        race_entry=car(oval, 7), by=oval.steward, kind="points", amount=3, rule="F3", reason="Unsafe rejoin."
    )

    assert (penalty.protest, penalty.decided_by, penalty.rule, penalty.reason) == (
        None, oval.steward, "F3", "Unsafe rejoin.",
    )  # fmt: skip
    assert penalty.decided_at is not None
    assert (result(7).points, result(7).penalty_points, result(7).net_points) == (10, 3, 7)
    assert result(7).penalty_reason == "Unsafe rejoin."
    after = standings(oval.season)
    assert after["alice"] == before["alice"] - 3 and after["bruno"] == before["bruno"]
    event = RaceEvent.objects.get(kind="penalty")
    assert (event.by, event.why, event.penalty, event.public) == (
        oval.steward,
        "F3: Unsafe rejoin.",
        penalty,
        True,
    )


def test_a_places_penalty_moves_the_car_down_and_the_points_and_podium_follow(oval, validated):
    penalty_impose(race_entry=car(oval, 7), by=oval.steward, kind="places", amount=1, reason="Cut T1.")

    assert (result(3).position, result(3).points) == (1, 10)
    assert (result(7).position, result(7).points, result(7).penalty_places) == (2, 8, 1)
    wins = ExperienceEntry.objects.filter(race=oval.race, reason="win", driver__isnull=False)
    assert [e.driver.slug for e in wins] == ["bruno"]


def test_a_disqualified_car_goes_last_with_no_points_nor_podium(oval, validated):
    penalty_impose(race_entry=car(oval, 7), by=oval.steward, kind="dsq", reason="Illegal car build.")

    assert (result(7).position, result(7).status, result(7).points) == (2, Result.Status.DISQUALIFIED, 0)
    assert (result(3).position, result(3).points) == (1, 10)
    assert standings(oval.season)["alice"] == 0
    assert not ExperienceEntry.objects.filter(
        race=oval.race, driver__slug="alice", reason__in=["win", "second"]
    )


def test_a_reprimand_is_recorded_and_changes_no_result(oval, validated):
    results = list(Result.objects.values_list("race_entry", "position", "points", "penalty_points"))

    penalty = penalty_impose(race_entry=car(oval, 3), by=oval.steward, kind="reprimand", reason="Late sheet.")

    assert penalty.describe() == "reprimand"
    assert list(Result.objects.values_list("race_entry", "position", "points", "penalty_points")) == results


def test_a_grid_penalty_moves_the_car_back_on_the_next_races_grid(oval, validated, example, submit):
    penalty_impose(race_entry=car(oval, 3), by=oval.steward, kind="grid", amount=1, reason="Blocking.")
    nxt = race_create(
        season=oval.season,
        round=6,
        circuit=oval.race.circuit,
        scheduled_at=timezone.now() - timedelta(hours=1),
        status=Race.Status.QUALIFYING,
    )
    for entry in (oval.car7, oval.car3):
        race_entry_create(race=nxt, season_entry=entry, wear=dict(EXAMPLE_WEAR))

    # Car 3 qualifies on pole; the grid penalty of round 5 puts it behind car 7.
    qualifying = submit(nxt, example("qualifying-ovale.json"), oval.alice, kind="qualifying")

    assert qualifying.status == RaceSheet.Status.VALID, qualifying.verdict
    assert [slot["car"] for slot in qualifying.verdict["grid"]] == ["3", "7"]
    assert dict(nxt.entries.values_list("season_entry__car_number", "grid_slot")) == {7: 1, 3: 2}
    poles = ExperienceEntry.objects.filter(race=nxt, reason="pole")
    assert [e.driver.slug for e in poles] == ["alice"]
    assert result(3).points == 8  # the race it was given in keeps its results


@pytest.mark.parametrize(
    ("kind", "amount", "message"),
    [
        ("points", 0, "takes a number of at least 1"),
        ("reprimand", 2, "takes no number"),
        ("points", 11, "Car 7 has 10 points in this race: it cannot lose 11."),
        ("bogus", 1, "Unknown kind of penalty"),
    ],
)
def test_a_penalty_that_does_not_fit_is_refused_and_changes_nothing(oval, validated, kind, amount, message):
    before = snapshot(oval.race)

    with pytest.raises(ValidationError, match=message):
        penalty_impose(race_entry=car(oval, 7), by=oval.steward, kind=kind, amount=amount, reason="x")

    assert not Penalty.objects.exists() and not RaceEvent.objects.filter(kind="penalty").exists()
    assert snapshot(oval.race) == before


def test_a_penalty_needs_a_reason(oval, validated):
    with pytest.raises(ValidationError, match="Give the reason"):
        penalty_impose(race_entry=car(oval, 7), by=oval.steward, kind="points", amount=1, reason=" ")


def test_only_the_stewards_penalise(oval, validated):
    before = snapshot(oval.race)
    with pytest.raises(PermissionDenied):
        penalty_impose(race_entry=car(oval, 3), by=oval.alice, kind="points", amount=8, reason="Mine.")
    assert snapshot(oval.race) == before


def test_a_race_without_results_cannot_lose_points(oval):
    with pytest.raises(ValidationError, match="no results from a sheet"):
        penalty_impose(race_entry=car(oval, 7), by=oval.steward, kind="points", amount=1, reason="x")


def test_a_retried_task_imposing_a_penalty_counts_it_once(oval, validated):
    args = (car(oval, 7).pk, oval.steward.pk, "points", "Blocking.", "decision-42")

    first = impose_penalty.apply(args=args, kwargs={"amount": 2}).get()
    again = impose_penalty.apply(args=args, kwargs={"amount": 2}).get()  # the retry, same key

    assert first == again == Penalty.objects.get().pk
    assert result(7).net_points == 8
    assert RaceEvent.objects.filter(kind="penalty").count() == 1


def test_penalties_survive_another_version_and_recompute_from_its_verdict(oval, validated, example, submit):
    penalty_impose(race_entry=car(oval, 7), by=oval.steward, kind="points", amount=2, reason="Blocking.")
    second = submit(oval.race, example("race-ovale-valid.json"), oval.bruno)

    race_sheet_choose(sheet=second, by=oval.steward)

    assert (result(7).points, result(7).penalty_points) == (10, 2)
    assert list(RaceEvent.objects.values_list("kind", flat=True)) == ["penalty", "choice"]


def test_published_results_are_frozen_until_reopened(oval, validated):
    from sheets.publishing import race_reopen

    close_window(oval.race)
    race_publish(race=oval.race, by=oval.steward)
    before = snapshot(oval.race)

    with pytest.raises(ValidationError, match="published: reopen them first"):
        penalty_impose(race_entry=car(oval, 7), by=oval.steward, kind="points", amount=1, reason="Late.")
    assert snapshot(oval.race) == before

    race_reopen(race=oval.race, by=oval.steward, reason="Video evidence arrived after publication.")
    penalty_impose(race_entry=car(oval, 7), by=oval.steward, kind="points", amount=1, reason="Late.")

    assert result(7).net_points == 9
    kinds = list(RaceEvent.objects.values_list("kind", "why"))
    assert kinds == [
        ("publication", ""),
        ("reopening", "Video evidence arrived after publication."),
        ("penalty", "Late."),
    ]
