"""One stance per entrant and sheet; the complainant's words are theirs; evidence with a protest."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from sheets.models import Protest, ProtestPhoto, RaceEvent, RaceSheet, SheetConfirmation
from sheets.protests import protest_file, protest_withdraw, sheet_confirm
from tests.sheets.conftest import close_window, jpeg_bytes, snapshot, upload

pytestmark = pytest.mark.django_db


@pytest.fixture
def sheet(oval, example, submit):
    return submit(oval.race, example("race-ovale-valid.json"), oval.alice)


def fresh(sheet: RaceSheet) -> RaceSheet:
    return RaceSheet.objects.select_related("race__season").get(pk=sheet.pk)


def test_protesting_after_confirming_replaces_the_confirmation(oval, sheet):
    sheet_confirm(sheet=sheet, by=oval.bruno)

    protest_file(sheet=sheet, by=oval.bruno, reason="On second look, car 7 braked late.")

    assert not SheetConfirmation.objects.filter(sheet=sheet, user=oval.bruno).exists()
    assert Protest.objects.get().status == Protest.Status.OPEN


def test_confirming_after_protesting_withdraws_the_protest(oval, sheet):
    protest = protest_file(sheet=sheet, by=oval.bruno, reason="Car 7 braked late.")

    sheet_confirm(sheet=sheet, by=oval.bruno)

    protest.refresh_from_db()
    assert protest.status == Protest.Status.WITHDRAWN
    assert protest.reason == "Car 7 braked late."  # kept, as filed
    assert SheetConfirmation.objects.filter(sheet=sheet, user=oval.bruno).count() == 1
    kinds = list(RaceEvent.objects.filter(race=oval.race).values_list("kind", flat=True))
    assert kinds == ["filed", "withdrawn"]


def test_a_second_protest_by_the_same_entrant_is_refused_and_changes_nothing(oval, sheet):
    protest_file(sheet=sheet, by=oval.bruno, reason="First.")
    before = snapshot(oval.race)

    with pytest.raises(ValidationError, match="already protested this sheet"):
        protest_file(sheet=sheet, by=oval.bruno, reason="Second.")

    assert Protest.objects.count() == 1
    assert snapshot(oval.race) == before


def test_the_database_holds_one_standing_protest_per_entrant_and_sheet(oval, sheet):
    Protest.objects.create(sheet=sheet, filed_by=oval.bruno, reason="one")

    with pytest.raises(IntegrityError), transaction.atomic():
        Protest.objects.create(sheet=sheet, filed_by=oval.bruno, reason="two")


def test_a_withdrawn_protest_makes_room_for_a_new_one(oval, sheet):
    first = protest_file(sheet=sheet, by=oval.bruno, reason="Wrong car.")
    protest_withdraw(protest=first, by=oval.bruno)

    second = protest_file(
        sheet=sheet, by=oval.bruno, reason="Car 7.", against=oval.race.entries.get(season_entry=oval.car7)
    )

    assert [p.status for p in Protest.objects.order_by("pk")] == ["withdrawn", "open"]
    assert second.against.season_entry == oval.car7


def test_only_the_complainant_withdraws(oval, sheet):
    protest = protest_file(sheet=sheet, by=oval.bruno, reason="Mine.")

    with pytest.raises(PermissionDenied):
        protest_withdraw(protest=protest, by=oval.alice)
    assert Protest.objects.get().status == Protest.Status.OPEN


def test_the_stance_is_fixed_once_the_window_closes(oval, sheet):
    sheet_confirm(sheet=sheet, by=oval.bruno)
    close_window(oval.race)
    before = snapshot(oval.race)

    with pytest.raises(ValidationError, match="Protests closed 48 hours"):
        protest_file(sheet=fresh(sheet), by=oval.bruno, reason="Too late to change my mind.")

    assert SheetConfirmation.objects.filter(user=oval.bruno).exists()
    assert not Protest.objects.exists()
    assert snapshot(oval.race) == before


def test_a_decided_protest_is_a_final_word(oval, sheet):
    from sheets.protests import protest_decide

    protest = protest_file(sheet=sheet, by=oval.bruno, reason="Blocked.")
    protest_decide(protest=protest, by=oval.steward, decision="Racing incident.", upheld=False)

    with pytest.raises(ValidationError, match="was decided"):
        sheet_confirm(sheet=fresh(sheet), by=oval.bruno)
    assert not SheetConfirmation.objects.exists()


def test_the_complainants_words_date_and_author_cannot_be_edited(oval, sheet):
    protest = protest_file(sheet=sheet, by=oval.bruno, reason="Car 7 braked 2, wrote 1.", turn=3)
    filed_at = protest.filed_at

    for field, value in (("reason", "Nothing happened."), ("filed_at", filed_at.replace(year=2020)),
                         ("filed_by", oval.steward), ("turn", 9)):  # fmt: skip
        edited = Protest.objects.get(pk=protest.pk)
        setattr(edited, field, value)
        with pytest.raises(ValidationError, match="cannot be changed once filed"):
            edited.save()

    stored = Protest.objects.get(pk=protest.pk)
    assert (stored.reason, stored.filed_at, stored.filed_by, stored.turn) == (
        "Car 7 braked 2, wrote 1.",
        filed_at,
        oval.bruno,
        3,
    )


def test_a_protest_carries_photos_and_a_turn_that_links_the_replay(oval, sheet):
    protest = protest_file(
        sheet=sheet,
        by=oval.bruno,
        reason="Look at turn 2.",
        turn=2,
        photos=[upload("board.jpg", jpeg_bytes((60, 40), exif=True))],
    )

    photo = ProtestPhoto.objects.get(protest=protest)
    assert (photo.width, photo.height) == (60, 40)
    assert protest.replay_url() == f"/races/{oval.race.pk}/replay/#turn-2"


def test_a_turn_the_race_never_had_is_refused(oval, sheet):
    turns = len(sheet.log["turns"])

    with pytest.raises(ValidationError, match=f"turns 1 to {turns}: there is no turn {turns + 1}"):
        protest_file(sheet=sheet, by=oval.bruno, reason="Later.", turn=turns + 1)
    assert not Protest.objects.exists()


def test_a_bad_photo_refuses_the_protest(oval, sheet):
    with pytest.raises(ValidationError):
        protest_file(
            sheet=sheet, by=oval.bruno, reason="See photo.", photos=[upload("x.jpg", b"not an image")]
        )
    assert not Protest.objects.exists() and not ProtestPhoto.objects.exists()
