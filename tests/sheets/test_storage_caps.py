"""Caps on what one entrant may store: text lengths, photo bytes per sheet, versions and protests per race."""

from __future__ import annotations

from unittest import mock

import pytest
from django.core.exceptions import ValidationError

from core.validators import TEXT_MAX_CHARS
from sheets.models import Protest, RaceSheet, SheetConfirmation, SubmissionAttempt
from sheets.protests import protest_file, protest_withdraw, sheet_confirm
from sheets.services import SubmissionRefused, SubmissionTooLarge, race_sheet_submit
from tests.sheets.conftest import jpeg_bytes, upload

pytestmark = pytest.mark.django_db


@pytest.fixture
def sheet(oval, example, submit):
    return submit(oval.race, example("race-ovale-valid.json"), oval.alice)


def test_a_protest_text_over_the_cap_is_refused(oval, sheet):
    with pytest.raises(ValidationError) as err:
        protest_file(sheet=sheet, by=oval.bruno, reason="x" * (2 * 1024 * 1024))
    assert f"At most {TEXT_MAX_CHARS} characters" in str(err.value)
    assert not Protest.objects.exists()
    protest_file(sheet=sheet, by=oval.bruno, reason="x" * TEXT_MAX_CHARS)


def test_the_protest_form_caps_the_reason_too(oval, sheet, client):
    client.force_login(oval.bruno)
    response = client.post(f"/sheets/{sheet.pk}/protest/", {"reason": "y" * (TEXT_MAX_CHARS + 1)})
    assert response.status_code == 302
    assert not Protest.objects.exists()


def test_protests_per_entrant_and_race_are_capped(oval, sheet, settings):
    """Filing and withdrawing in a loop cannot fill the stewards' desk: the race's protests are counted."""
    settings.RACE_PROTESTS_PER_USER = 2
    for reason in ("one", "two"):
        protest_withdraw(protest=protest_file(sheet=sheet, by=oval.bruno, reason=reason), by=oval.bruno)
    with pytest.raises(ValidationError, match="2 protests about this race"):
        protest_file(sheet=sheet, by=oval.bruno, reason="three")
    assert Protest.objects.count() == 2


def test_versions_per_entrant_and_race_are_capped(oval, example, settings):
    settings.RACE_SHEET_MAX_VERSIONS_PER_USER = 2
    for _ in range(2):
        race_sheet_submit(race=oval.race, raw=example("race-ovale-valid.json"), by=oval.alice)
    with pytest.raises(SubmissionRefused, match="sent 2 versions"):
        race_sheet_submit(race=oval.race, raw=example("race-ovale-valid.json"), by=oval.alice)
    assert RaceSheet.objects.count() == 2
    assert SubmissionAttempt.objects.filter(outcome=SubmissionAttempt.Outcome.REFUSED).count() == 1
    # the stewards are not capped: they may have to send the version that settles it
    race_sheet_submit(race=oval.race, raw=example("race-ovale-valid.json"), by=oval.steward)


def test_the_photos_of_one_sheet_are_capped_in_bytes_together(oval, example, settings):
    photo = jpeg_bytes((300, 200))
    settings.RACE_SHEET_PHOTOS_MAX_BYTES = 2 * len(photo) + 10
    with pytest.raises(SubmissionTooLarge, match="photos weigh"):
        race_sheet_submit(
            race=oval.race,
            raw=example("race-ovale-valid.json"),
            by=oval.alice,
            photos=[upload(f"p{i}.jpg", photo) for i in range(3)],
        )
    assert not RaceSheet.objects.exists()
    attempt = SubmissionAttempt.objects.get()
    assert attempt.outcome == SubmissionAttempt.Outcome.TOO_LARGE


def test_two_confirmations_at_once_give_a_message_not_an_integrity_error(oval, sheet):
    sheet_confirm(sheet=sheet, by=oval.bruno)
    # the second of two requests passed its uniqueness check before the first saved
    with (
        mock.patch.object(SheetConfirmation, "validate_unique"),
        mock.patch.object(SheetConfirmation, "validate_constraints"),
        pytest.raises(ValidationError, match="already"),
    ):
        sheet_confirm(sheet=sheet, by=oval.bruno)
    assert SheetConfirmation.objects.count() == 1
