"""Filing a protest: another entrant, against a valid sheet, within the season's protest window."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from races.models import Race
from sheets.models import Protest, RaceSheet
from sheets.protests import protest_file

pytestmark = pytest.mark.django_db


@pytest.fixture
def sheet(oval, example, submit):
    return submit(oval.race, example("race-ovale-valid.json"), oval.alice)


def test_another_entrant_files_a_protest_against_a_car(oval, sheet):
    car7 = oval.race.entries.get(season_entry=oval.car7)

    protest = protest_file(
        sheet=sheet, by=oval.bruno, reason="Car 7 braked 2, wrote 1 at turn 6.", against=car7
    )

    assert (protest.status, protest.filed_by, protest.against) == (Protest.Status.OPEN, oval.bruno, car7)
    assert protest.history.first().history_user == oval.bruno


def test_a_protest_within_the_window_is_accepted(oval, sheet):
    RaceSheet.objects.filter(pk=sheet.pk).update(validated_at=sheet.validated_at - timedelta(hours=47))
    sheet.refresh_from_db()

    assert protest_file(sheet=sheet, by=oval.bruno, reason="late but in time").pk


def test_a_protest_after_the_window_is_refused(oval, sheet):
    RaceSheet.objects.filter(pk=sheet.pk).update(validated_at=sheet.validated_at - timedelta(hours=49))
    sheet.refresh_from_db()

    with pytest.raises(ValidationError, match="Protests closed 48 hours after the sheet was validated"):
        protest_file(sheet=sheet, by=oval.bruno, reason="too late")
    assert not Protest.objects.exists()


def test_the_window_is_the_seasons(oval, sheet):
    oval.season.protest_window_hours = 1
    oval.season.save()
    RaceSheet.objects.filter(pk=sheet.pk).update(validated_at=sheet.validated_at - timedelta(hours=2))
    sheet = RaceSheet.objects.select_related("race__season").get(pk=sheet.pk)

    with pytest.raises(ValidationError, match="Protests closed 1 hours"):
        protest_file(sheet=sheet, by=oval.bruno, reason="too late")


def test_only_other_entrants_protest(oval, sheet):
    with pytest.raises(PermissionDenied):
        protest_file(sheet=sheet, by=oval.alice, reason="my own")
    with pytest.raises(PermissionDenied):
        protest_file(sheet=sheet, by=oval.chiara, reason="not my race")


def test_a_protest_needs_a_reason(oval, sheet):
    with pytest.raises(ValidationError) as caught:
        protest_file(sheet=sheet, by=oval.bruno, reason="  ")

    assert "reason" in caught.value.message_dict


def test_official_results_take_no_protest(oval, sheet):
    Race.objects.filter(pk=oval.race.pk).update(status=Race.Status.OFFICIAL)
    sheet = RaceSheet.objects.select_related("race__season").get(pk=sheet.pk)

    with pytest.raises(ValidationError, match="official"):
        protest_file(sheet=sheet, by=oval.bruno, reason="after the fact")
