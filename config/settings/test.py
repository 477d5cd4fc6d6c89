"""Test settings: fast password hashing, media in a temporary folder."""

from __future__ import annotations

import os
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

# A Celery worker started by a test (tests/sheets/test_worker_*.py) opens the test database
# itself: on SQLite it must be a file, not pytest-django's in-memory database. One file per
# test run, so two runs side by side do not share it.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": os.path.join(tempfile.gettempdir(), f"fdleague-test-{os.getpid()}.sqlite3")
    }

# allauth counts attempts in the cache, which outlives a test: one test's sign-up would throttle the next.
ACCOUNT_RATE_LIMITS = False
