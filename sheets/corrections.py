"""A corrected version of a race sheet: the new log keeps the photos of the version it corrects.

The paper sheet does not change when a typing mistake in its log is fixed, so the player is not
asked to send its photos again. Each photo is copied (image and thumbnail), never shared: a
version's photos stay whole whatever happens to another version's.
"""

from __future__ import annotations

from pathlib import PurePath

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction

from races.models import Race
from sheets.models import RaceSheet, SheetPhoto


def correction_source(*, race: Race, value: str | None) -> RaceSheet | None:
    """`?from=<id>` / the form's `previous`: a version of this race's sheets to correct, or None."""
    if not value or not str(value).isdigit():
        return None
    return RaceSheet.objects.filter(race=race, pk=int(value)).defer("raw", "log", "verdict").first()


@transaction.atomic
def sheet_photos_reuse(*, source: RaceSheet, target: RaceSheet) -> int:
    """Copy `source`'s photos to `target` after the photos `target` already has, up to the
    photo limit per sheet. Returns how many were copied. A photo still being prepared is copied
    as received; the photo task prepares it for the new version too."""
    room = settings.RACE_SHEET_MAX_PHOTOS - target.photos.count()
    copied = 0
    pending = False
    for photo in SheetPhoto.objects.filter(sheet=source).order_by("pk")[: max(room, 0)]:
        row = SheetPhoto(sheet=target, width=photo.width, height=photo.height)
        with photo.image.open("rb") as data:
            row.image.save(PurePath(photo.image.name).name, ContentFile(data.read()), save=False)
        if photo.thumbnail:
            with photo.thumbnail.open("rb") as data:
                row.thumbnail.save(PurePath(photo.thumbnail.name).name, ContentFile(data.read()), save=False)
        else:
            pending = True
        row.width, row.height = photo.width, photo.height
        row.save()
        copied += 1
    if pending:
        from sheets.tasks import process_sheet_photos

        transaction.on_commit(lambda: process_sheet_photos.delay(target.pk))
    return copied
