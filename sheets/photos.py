"""Photos of paper race sheets: the checks are core.photos' (boards' pictures use them too)."""

from __future__ import annotations

from core.photos import FORMATS, CheckedPhoto, Image, PhotoHeader, photo_check, photo_header_check

__all__ = ["FORMATS", "CheckedPhoto", "Image", "PhotoHeader", "photo_check", "photo_header_check"]
