"""Test settings: fast password hashing, media in a temporary folder."""

from __future__ import annotations

import tempfile

from config.settings.base import *  # noqa: F403

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
MEDIA_ROOT = tempfile.mkdtemp(prefix="fdleague-media-")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Tests never run collectstatic; WhiteNoise need not look for the folder.
WHITENOISE_AUTOREFRESH = True
