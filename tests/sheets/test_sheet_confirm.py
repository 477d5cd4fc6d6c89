"""Confirming a sheet: another entrant of the race agrees with a valid sheet, once."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from sheets.models import SheetConfirmation
from sheets.protests import sheet_confirm

pytestmark = pytest.mark.django_db


@pytest.fixture
def sheet(oval, example, submit):
    return submit(oval.race, example("race-ovale-valid.json"), oval.alice)


def test_another_entrant_confirms_a_valid_sheet(oval, sheet):
    confirmation = sheet_confirm(sheet=sheet, by=oval.bruno)

    assert (confirmation.sheet, confirmation.user) == (sheet, oval.bruno)


def test_a_sheet_is_confirmed_once_per_entrant(oval, sheet):
    sheet_confirm(sheet=sheet, by=oval.bruno)

    with pytest.raises(ValidationError, match="already confirmed"):
        sheet_confirm(sheet=sheet, by=oval.bruno)
    assert SheetConfirmation.objects.count() == 1


def test_the_submitter_does_not_confirm_his_own_sheet(oval, sheet):
    with pytest.raises(PermissionDenied, match="You submitted this sheet"):
        sheet_confirm(sheet=sheet, by=oval.alice)


def test_a_driver_not_in_the_race_cannot_confirm(oval, sheet):
    with pytest.raises(PermissionDenied, match="Only the drivers entered"):
        sheet_confirm(sheet=sheet, by=oval.chiara)


def test_an_invalid_sheet_cannot_be_confirmed(oval, example, submit):
    invalid = submit(oval.race, example("race-ovale-gear-skip.json"), oval.alice)

    with pytest.raises(ValidationError, match="only a valid sheet"):
        sheet_confirm(sheet=invalid, by=oval.bruno)
