"""Celery tasks of the circuits: they take ids and call a service."""

from __future__ import annotations

from celery import shared_task

from circuits.drafts import draft_drive


@shared_task(name="circuits.drive_board_draft", acks_late=True, soft_time_limit=120, time_limit=150)
def drive_board_draft(draft_id: int) -> str:
    """Test-drive one board draft with the bot; returns the drive's status."""
    return draft_drive(draft_id=draft_id).drive
