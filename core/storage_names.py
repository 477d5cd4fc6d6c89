"""What a stored row or file is named: random keys and upload paths.

Here, at the bottom of the site, because migrations name these functions: every room's tables may
use them, and a migration of a lower room must not import a higher one.
"""

from __future__ import annotations

import uuid
from pathlib import PurePath
from typing import Any

from django.utils import timezone


def new_key() -> str:
    """A fresh idempotency key (32 hex digits)."""
    return uuid.uuid4().hex


def _photo_path(folder: str, filename: str) -> str:
    # A random name: the player's file name (and whatever it says) stays on the player's disk.
    suffix = PurePath(filename).suffix.lower()
    return f"sheets/{timezone.now():%Y/%m}/{folder}/{uuid.uuid4().hex}{suffix}"


def photo_upload_to(instance: Any, filename: str) -> str:
    return _photo_path("photos", filename)


def thumbnail_upload_to(instance: Any, filename: str) -> str:
    return _photo_path("thumbs", filename)
