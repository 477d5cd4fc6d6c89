"""Uploaded pictures (photos of paper race sheets and protests, scans of boards): checked with
Pillow, re-encoded, thumbnailed. Here, at the bottom of the site, so that every room takes them
the same way.

An upload is trusted for nothing: its size is checked before Pillow opens it, its
pixel count before a single pixel is decoded (a PNG header may claim 20,000 ×
20,000). Those cheap checks run in the web request (`photo_header_check`, which reads
the header only); decoding in full (a truncated JPEG fails here) and writing the photo
again from its pixels, which leaves EXIF and anything else hidden behind, run on a
worker for sheets (`photo_check`, from the task `races.process_sheet_photos`), in the request for
a board's picture (one file, an admin's).
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from pathlib import PurePath
from typing import IO

from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _
from PIL import Image, ImageOps, UnidentifiedImageError

FORMATS = {"JPEG": ".jpg", "PNG": ".png", "WEBP": ".webp"}
THUMBNAIL_SIZE = 320
JPEG_QUALITY = 85


@dataclass(frozen=True)
class CheckedPhoto:
    image: ContentFile
    thumbnail: ContentFile
    width: int
    height: int


def _refuse(name: str, message: str) -> ValidationError:
    return ValidationError(
        _("Photo %(name)s: %(message)s"), code="photo", params={"name": name, "message": message}
    )


def _open(data: IO[bytes], name: str, max_pixels: int) -> Image.Image:
    data.seek(0)
    with warnings.catch_warnings():
        # Pillow warns above 89 Mpx and refuses above 178 Mpx; our own limit is lower and checked next.
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        try:
            image = Image.open(data)
        except Image.DecompressionBombError:
            raise _refuse(
                name,
                _("the image is far too large (more than %(mp)d megapixels).") % {"mp": max_pixels // 10**6},
            ) from None
        except (UnidentifiedImageError, OSError, ValueError, SyntaxError):
            raise _refuse(name, _("this is not a JPEG, PNG or WebP image.")) from None
    if image.format not in FORMATS:
        raise _refuse(
            name, _("%(format)s images are not accepted; send JPEG, PNG or WebP.") % {"format": image.format}
        )
    if image.width * image.height > max_pixels:
        raise _refuse(
            name,
            _("%(w)d × %(h)d pixels is more than %(mp)d megapixels.")
            % {"w": image.width, "h": image.height, "mp": max_pixels // 10**6},
        )
    return image


@dataclass(frozen=True)
class PhotoHeader:
    width: int
    height: int
    suffix: str


def photo_header_check(
    upload: IO[bytes], *, name: str, size: int, max_bytes: int, max_pixels: int
) -> PhotoHeader:
    """The checks that cost nothing: declared size, format and pixel count from the header alone
    (Pillow's `Image.open` reads no pixel). Raises ValidationError with a message for people."""
    if size > max_bytes:
        raise _refuse(
            name,
            _("%(size)s is more than the %(max)s allowed.")
            % {"size": filesizeformat(size), "max": filesizeformat(max_bytes)},
        )
    image = _open(upload, name, max_pixels)
    upload.seek(0)
    return PhotoHeader(width=image.width, height=image.height, suffix=FORMATS[image.format])


def photo_check(upload: IO[bytes], *, name: str, size: int, max_bytes: int, max_pixels: int) -> CheckedPhoto:
    """Check one photo in full and re-encode it (on a worker); raises ValidationError for people."""
    photo_header_check(upload, name=name, size=size, max_bytes=max_bytes, max_pixels=max_pixels)
    try:
        _open(upload, name, max_pixels).verify()
        image = _open(upload, name, max_pixels)  # verify() leaves the image unusable: open again
        image.load()
    except ValidationError:
        raise
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError, EOFError):
        raise _refuse(name, _("the image is truncated or damaged.")) from None

    image_format = image.format
    image = ImageOps.exif_transpose(image)  # keep the photo upright once EXIF is gone
    if image_format == "JPEG" and image.mode not in ("RGB", "L"):
        image = image.convert("RGB")
    elif image.mode not in ("RGB", "RGBA", "L", "LA", "P"):
        image = image.convert("RGBA")

    stem = PurePath(name).stem or "photo"
    suffix = FORMATS[image_format]
    thumb = image.copy()
    thumb.thumbnail((THUMBNAIL_SIZE, THUMBNAIL_SIZE))
    return CheckedPhoto(
        image=ContentFile(_encode(image, image_format), name=f"{stem}{suffix}"),
        thumbnail=ContentFile(_encode(thumb, image_format), name=f"{stem}-thumb{suffix}"),
        width=image.width,
        height=image.height,
    )


def _encode(image: Image.Image, image_format: str) -> bytes:
    out = io.BytesIO()
    options = {"quality": JPEG_QUALITY} if image_format in ("JPEG", "WEBP") else {"optimize": True}
    image.save(out, format=image_format, **options)
    return out.getvalue()
