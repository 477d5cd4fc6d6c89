"""The Celery app. Tasks are listed in CELERY_IMPORTS; settings come from CELERY_* in Django settings."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("fdleague")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
