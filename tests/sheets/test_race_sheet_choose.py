"""Versions of a race's sheet: the stewards choose the one that stands, then publish the results."""

from __future__ import annotations

import json

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError

from races.models import Race, Result
from sheets.judging import race_sheet_choose
from sheets.models import RaceSheet
from sheets.publishing import race_publish
from sheets.services import SubmissionRefused, race_sheet_submit
from tests.sheets.conftest import close_window, standings

pytestmark = pytest.mark.django_db


def swapped_result(example) -> bytes:
    """The valid log with a claimed result that disagrees with the replay: an F3 violation."""
    log = json.loads(example("race-ovale-valid.json"))
    log["result"] = ["3", "7"]
    return json.dumps(log).encode()


@pytest.fixture
def two_valid(oval, example, submit):
    first = submit(oval.race, example("race-ovale-valid.json"), oval.alice)
    second = submit(oval.race, example("race-ovale-valid.json"), oval.bruno)
    return first, second


def test_choosing_a_version_makes_it_the_only_one_standing(oval, two_valid):
    first, second = two_valid

    race_sheet_choose(sheet=second, by=oval.steward)

    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.chosen, second.chosen) == (False, True)
    assert standings(oval.season)["alice"] == 10  # rewritten from the same verdict: counted once
    assert Result.objects.filter(race=oval.race).count() == 2
    assert second.history.first().history_user == oval.steward


def test_two_versions_cannot_both_stand(oval, two_valid):
    first, second = two_valid

    with pytest.raises(IntegrityError):
        RaceSheet.objects.filter(pk=second.pk).update(chosen=True)


def test_only_a_valid_version_can_be_chosen(oval, example, submit):
    submit(oval.race, example("race-ovale-valid.json"), oval.alice)
    invalid = submit(oval.race, swapped_result(example), oval.alice)
    assert invalid.status == RaceSheet.Status.INVALID

    with pytest.raises(ValidationError, match="only a valid sheet can be chosen"):
        race_sheet_choose(sheet=invalid, by=oval.steward)


def test_only_the_stewards_choose(oval, two_valid):
    with pytest.raises(PermissionDenied):
        race_sheet_choose(sheet=two_valid[1], by=oval.alice)


def test_publishing_makes_the_results_official_and_closes_the_race_to_sheets(oval, example, two_valid):
    close_window(oval.race)
    race_publish(race=oval.race, by=oval.steward)

    oval.race.refresh_from_db()
    assert oval.race.status == Race.Status.OFFICIAL
    assert oval.race.history.first().history_user == oval.steward
    with pytest.raises(SubmissionRefused):
        race_sheet_submit(race=oval.race, raw=example("race-ovale-valid.json"), by=oval.alice)
    with pytest.raises(ValidationError, match="can no longer change its results"):
        race_sheet_choose(sheet=two_valid[1], by=oval.steward)
