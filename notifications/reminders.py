"""The periodic reminder (CELERY_BEAT_SCHEDULE): every race starting within 24 hours, its entrants told once."""

from __future__ import annotations

from celery import shared_task

from notifications.events import races_tomorrow


@shared_task(name="league.notifications.race_tomorrow")
def race_tomorrow() -> int:
    """Run as often as beat likes: each entrant of each race is told once (Notice)."""
    return races_tomorrow()
