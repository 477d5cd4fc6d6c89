"""The beat schedule: every periodic task the site counts on is there, and names a real task."""

from __future__ import annotations

from django.conf import settings

from config.celery_app import app


def test_every_scheduled_entry_names_a_registered_task() -> None:
    app.loader.import_default_modules()  # CELERY_IMPORTS, as a worker imports them
    schedule = settings.CELERY_BEAT_SCHEDULE
    assert {entry["task"] for entry in schedule.values()} >= {
        "league.notifications.race_tomorrow",  # the entrants' reminder, the day before a race
        "races.requeue_stale_sheets",  # sheets a lost message left waiting
    }
    for name, entry in schedule.items():
        assert entry["task"] in app.tasks, name
        assert entry["schedule"] > 0, name
