"""E-mail as plain JSON and back, so that any broker carries it to the task that sends it (accounts/tasks.py)."""

from __future__ import annotations

from typing import Any

from django.core.mail import EmailMessage, EmailMultiAlternatives


def message_payload(message: EmailMessage) -> dict[str, Any]:
    """What the task needs to send `message` again: plain JSON, so any broker carries it."""
    return {
        "subject": str(message.subject),
        "body": str(message.body),
        "from_email": message.from_email,
        "to": list(message.to),
        "alternatives": [
            [str(content), mimetype] for content, mimetype in getattr(message, "alternatives", [])
        ],
        "headers": dict(message.extra_headers),
    }


def message_from_payload(payload: dict[str, Any]) -> EmailMultiAlternatives:
    message = EmailMultiAlternatives(
        subject=payload["subject"],
        body=payload["body"],
        from_email=payload.get("from_email"),
        to=payload["to"],
        headers=payload.get("headers") or None,
    )
    for content, mimetype in payload.get("alternatives", []):
        message.attach_alternative(content, mimetype)
    return message
