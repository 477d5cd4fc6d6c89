"""Development: DEBUG on, SQLite and inline Celery unless the environment says otherwise."""

from __future__ import annotations

from config.env import envbool
from config.settings.base import *  # noqa: F403

DEBUG = envbool("DEBUG", "True")
