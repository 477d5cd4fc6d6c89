"""Photos of the paper sheet: JPEG, PNG or WebP within limits, re-encoded; a bad one refuses the sheet."""

from __future__ import annotations

import io
import time
from unittest import mock

import pytest
from django.test import Client
from PIL import Image

from sheets.models import RaceSheet, SheetPhoto, SubmissionAttempt
from sheets.photo_processing import sheet_photos_process
from sheets.services import SubmissionRefused, race_sheet_submit
from tests.sheets.conftest import jpeg_bytes, png_header, snapshot, upload

pytestmark = pytest.mark.django_db


def test_a_photo_is_stored_re_encoded_without_exif_with_a_thumbnail(oval, example, submit):
    original = jpeg_bytes((800, 600), exif=True)
    assert Image.open(io.BytesIO(original)).getexif()  # the phone's EXIF, GPS included

    sheet = submit(
        oval.race, example("race-ovale-valid.json"), oval.alice, photos=[upload("IMG_0042.jpg", original)]
    )

    photo = SheetPhoto.objects.get(sheet=sheet)
    assert (photo.width, photo.height) == (800, 600)
    with photo.image.open("rb") as stored:
        image = Image.open(io.BytesIO(stored.read()))
    assert image.format == "JPEG"
    assert not image.getexif()
    assert "IMG_0042" not in photo.image.name  # the player's file name stays with the player
    with photo.thumbnail.open("rb") as thumb:
        assert max(Image.open(io.BytesIO(thumb.read())).size) == 320


def test_png_and_webp_are_accepted(oval, example, submit):
    images = []
    for fmt in ("PNG", "WEBP"):
        out = io.BytesIO()
        Image.new("RGBA", (50, 40), (200, 10, 10, 128)).save(out, fmt)
        images.append(upload(f"sheet.{fmt.lower()}", out.getvalue(), f"image/{fmt.lower()}"))

    sheet = submit(oval.race, example("race-ovale-valid.json"), oval.alice, photos=images)

    assert sheet.photos.count() == 2


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("huge.png", png_header(20_000, 20_000), "far too large"),
        ("big.png", png_header(8_000, 6_000), "8000 × 6000 pixels is more than 40 megapixels"),
        ("notes.txt", b"car 7 was first", "not a JPEG, PNG or WebP image"),
        ("anim.gif", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;", "not a JPEG, PNG or WebP image"),
    ],
)
def test_a_bad_photo_refuses_the_whole_submission(oval, example, name, data, message):
    before = snapshot(oval.race)
    started = time.perf_counter()

    with pytest.raises(SubmissionRefused) as caught:
        race_sheet_submit(
            race=oval.race,
            raw=example("race-ovale-valid.json"),
            by=oval.alice,
            photos=[upload("ok.jpg", jpeg_bytes((40, 30))), upload(name, data)],
        )

    assert time.perf_counter() - started < 2  # refused from the header, never decoded
    assert message in " ".join(caught.value.messages)
    assert name in " ".join(caught.value.messages)
    attempt = SubmissionAttempt.objects.get()
    assert attempt.outcome == "refused" and message in attempt.message
    assert not RaceSheet.objects.exists() and not SheetPhoto.objects.exists()
    assert snapshot(oval.race) == before


@pytest.mark.parametrize(
    ("setting", "limit", "photos", "refusal"),
    [
        pytest.param(
            "RACE_SHEET_PHOTO_MAX_BYTES",
            1000,
            lambda: [upload("big.jpg", jpeg_bytes((300, 300)))],
            "is more than the 1000",
            id="a-photo-over-the-size-limit",
        ),
        pytest.param(
            "RACE_SHEET_MAX_PHOTOS",
            1,
            lambda: [upload("a.jpg", jpeg_bytes((20, 20))), upload("b.jpg", jpeg_bytes((20, 20)))],
            "at most 1 photos; 2 were sent",
            id="too-many-photos",
        ),
    ],
)
def test_photos_over_the_limits_are_refused(oval, example, settings, setting, limit, photos, refusal):
    setattr(settings, setting, limit)

    with pytest.raises(SubmissionRefused, match=refusal):
        race_sheet_submit(
            race=oval.race, raw=example("race-ovale-valid.json"), by=oval.alice, photos=photos()
        )


def test_the_request_only_reads_headers_the_worker_decodes(oval, example, django_capture_on_commit_callbacks):
    """Stored after the cheap checks; not a pixel decoded in the request (the task queued on commit does it)."""
    photo_bytes = jpeg_bytes((800, 600), exif=True)
    with mock.patch("sheets.photos.Image.Image.load") as load:
        with django_capture_on_commit_callbacks(execute=False) as queued:
            sheet = race_sheet_submit(
                race=oval.race,
                raw=example("race-ovale-valid.json"),
                by=oval.alice,
                photos=[upload("IMG_1.jpg", photo_bytes)],
            )
        assert not load.called
    photo = SheetPhoto.objects.get(sheet=sheet)
    assert (photo.width, photo.height) == (800, 600) and not photo.thumbnail
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(sheet.get_absolute_url()).content.decode()
    assert "being prepared" in page and "<img" not in page.split('id="photos-title"')[1]

    for callback in queued:
        callback()  # the validation and the photos' task, as the worker would run them
    photo.refresh_from_db()
    assert photo.thumbnail
    with photo.image.open("rb") as stored:
        assert not Image.open(io.BytesIO(stored.read())).getexif()
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(sheet.get_absolute_url()).content.decode()
    assert photo.thumbnail.url in page


def test_a_truncated_photo_is_dropped_on_the_worker_and_the_sheet_kept(oval, example, submit):
    sheet = submit(
        oval.race,
        example("race-ovale-valid.json"),
        oval.alice,
        photos=[upload("ok.jpg", jpeg_bytes((40, 30))), upload("cut.jpg", jpeg_bytes((400, 300))[:2500])],
    )
    assert sheet.status == RaceSheet.Status.VALID
    assert [(p.width, p.height) for p in sheet.photos.all()] == [(40, 30)]
    assert sheet_photos_process(sheet_id=sheet.pk) == 0  # done once: running again changes nothing
