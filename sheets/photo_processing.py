"""Photos of a sheet, after the request: decoded, re-encoded and thumbnailed on a worker."""

from __future__ import annotations

import logging
from pathlib import PurePath

from django.conf import settings
from django.core.exceptions import ValidationError

from sheets.models import SheetPhoto
from sheets.photos import photo_check

logger = logging.getLogger(__name__)


def sheet_photos_process(*, sheet_id: int) -> int:
    """Decode, re-encode and thumbnail the sheet's photos still as received (on a worker).

    Idempotent: a photo with its thumbnail is done. A photo that does not decode (truncated,
    damaged) is dropped, file and row, and the reason logged. Returns how many were processed.
    """
    done = 0
    for photo in SheetPhoto.objects.filter(sheet_id=sheet_id, thumbnail=""):
        original = photo.image.name
        try:
            with photo.image.open("rb") as data:
                checked = photo_check(
                    data,
                    name=PurePath(original).name,
                    size=photo.image.size,
                    max_bytes=settings.RACE_SHEET_PHOTO_MAX_BYTES,
                    max_pixels=settings.RACE_SHEET_PHOTO_MAX_PIXELS,
                )
        except ValidationError as exc:
            logger.warning("race sheet %s: photo %s dropped: %s", sheet_id, photo.pk, " ".join(exc.messages))
            photo.image.delete(save=False)
            photo.delete()
            continue
        photo.image.save(checked.image.name, checked.image, save=False)
        photo.thumbnail.save(checked.thumbnail.name, checked.thumbnail, save=False)
        photo.width, photo.height = checked.width, checked.height
        photo.save()
        photo.image.storage.delete(original)  # the bytes as received, EXIF and all, go
        done += 1
    return done
