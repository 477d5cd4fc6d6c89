"""Celery tasks of the accounts app."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from accounts.mail import message_from_payload


@shared_task(
    name="accounts.send_email",
    autoretry_for=(OSError,),  # the SMTP server blinked: try again later
    retry_backoff=10,
    max_retries=5,
)
def send_email(payload: dict[str, Any]) -> int:
    return message_from_payload(payload).send()
