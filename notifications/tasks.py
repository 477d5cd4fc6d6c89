"""The delivery tasks: one message, once; an event's messages, each once (the reminder task is in
`reminders`). Both run on CELERY_NOTIFICATIONS_QUEUE."""

from __future__ import annotations

import logging
from typing import Any
from urllib.error import URLError

from celery import shared_task
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import InterfaceError, OperationalError, transaction
from django.utils import timezone, translation

from notifications import channels
from notifications.messages import render
from notifications.models import Notice
from notifications.recipients import display_name, preferences

logger = logging.getLogger(__name__)


@shared_task(
    name="league.notifications.deliver",
    autoretry_for=(URLError, OSError, TimeoutError),
    retry_backoff=10,
    max_retries=5,
)
def deliver(
    *,
    key: str,
    kind: str,
    params: dict[str, Any],
    channel: str,
    user_id: int | None = None,
    mentions: list[str] | None = None,
    language: str | None = None,
) -> str:
    """Send one notification unless the Notice row says it went already."""
    recipient = f"user:{user_id}" if user_id else "league"
    with transaction.atomic():
        # Locked as it is read (a row this transaction inserts is its own): one query, not two.
        notice, _created = Notice.objects.select_for_update().get_or_create(
            key=key, channel=channel, recipient=recipient
        )
        if notice.sent_at is not None:
            return "already sent"
        if channel == Notice.Channel.EMAIL:
            user = get_user_model().objects.select_related("profile").get(pk=user_id)
            profile = getattr(user, "profile", None)
            with translation.override(profile.language if profile else settings.LANGUAGE_CODE):
                subject, body = render(kind, params)
            channels.email_send(to=user.email, subject=subject, body=body)
        else:
            # The league's channel: the one recipient's language, else the league's.
            with translation.override(language or settings.LANGUAGE_CODE):
                subject, body = render(kind, params)
            who = f" ({', '.join(mentions)})" if mentions else ""
            channels.webhook_post(url=settings.LEAGUE_WEBHOOK_URL, text=f"**{subject}**{who}\n{body}")
        notice.sent_at = timezone.now()
        notice.save(update_fields=["sent_at"])
    return "sent"


@shared_task(
    name="league.notifications.announce_events",
    acks_late=True,
    autoretry_for=(OperationalError, InterfaceError),  # the database blinked: nothing was sent
    retry_backoff=10,
    max_retries=5,
)
def announce_events(*, events: list[dict[str, Any]]) -> None:
    """Send these events' messages from this task, each once (`Notice`); a message the mail server
    or the webhook refuses goes to a delivery task of its own, with its retries. `events`: each
    `{"key", "kind", "params", "user_ids"}` (`events.Event.to_json`)."""
    for event in events:
        announce_send(**event, inline=True)


def announce_send(
    *, key: str, kind: str, params: dict[str, Any], user_ids: list[int], inline: bool = False
) -> None:
    """Send an event to these users on their channels: a delivery task per message, or (`inline`,
    from a task already) each sent here, one that fails queued with the delivery's retries."""

    def dispatch(**kwargs: Any) -> None:
        if not inline:
            deliver.delay(**kwargs)
            return
        try:
            deliver(**kwargs)  # in this process; the Notice row still makes it once
        except Exception:
            logger.warning("notification %s: sending failed, queued for a retry", key, exc_info=True)
            deliver.delay(**kwargs)

    recipients = list(get_user_model().objects.filter(pk__in=user_ids).select_related("profile"))
    chat = []
    for user in recipients:
        by_mail, by_chat, language = preferences(user)
        if by_mail and user.email:
            dispatch(key=key, kind=kind, params=params, channel="email", user_id=user.pk)
        if by_chat:
            chat.append((user, language))
    if chat and settings.LEAGUE_WEBHOOK_URL:
        language = chat[0][1] if len(chat) == 1 else None
        mentions = [display_name(user) for user, _lang in chat]
        dispatch(key=key, kind=kind, params=params, channel="webhook", mentions=mentions, language=language)
