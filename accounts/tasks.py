"""Celery tasks of the accounts app: e-mail leaves through one, once the transaction that caused it
has committed."""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.core.mail import EmailMessage
from django.db import transaction

from accounts.mail import message_from_payload, message_payload


@shared_task(
    name="accounts.send_email",
    autoretry_for=(OSError,),  # the SMTP server blinked: try again later
    retry_backoff=10,
    max_retries=5,
)
def send_email(payload: dict[str, Any]) -> int:
    return message_from_payload(payload).send()


def email_queue(message: EmailMessage) -> None:
    """Send `message` from a worker after commit; nothing leaves if the transaction rolls back."""
    payload = message_payload(message)
    transaction.on_commit(lambda: send_email.delay(payload))
