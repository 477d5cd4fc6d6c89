"""The delivery tasks: one message, once; an event's messages, each once (the reminder task is in
`reminders`). Both run on CELERY_NOTIFICATIONS_QUEUE, taken by workers of their own (Procfile's
`notify`): a mail server or a webhook that hangs holds a notification worker, never a sheet.

A message is sent after the write that caused it commits (`transaction.on_commit`, events.py), in
no transaction and under no row lock; a server silent for its timeout (LEAGUE_WEBHOOK_TIMEOUT,
EMAIL_TIMEOUT) counts as down, and the message is tried again later with exponential back-off,
a bounded number of times."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterator
from typing import Any

from celery import Task, shared_task
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import InterfaceError, OperationalError
from django.utils import timezone, translation

from notifications import channels
from notifications.messages import render
from notifications.models import Notice
from notifications.recipients import display_name, preferences

logger = logging.getLogger(__name__)

# Tries after the first, 5 s apart at first, doubling (with jitter) up to 5 minutes: about 10
# minutes of a webhook down before the message is given up (and logged).
NOTICE_RETRIES = 4
NOTICE_BACKOFF = 5
NOTICE_BACKOFF_MAX = 300
# A message being sent is leased in the cache, so that two deliveries of it at once send it once
# without holding a database lock while the mail server or the webhook answers.
LEASE_SECONDS = 120


class NoticeTask(Task):
    """Retried later on a worker; run inline (no broker: tasks eager), tried once, so that whoever
    runs it inline (a request, a judging) never waits through the back-off."""

    def retry(self, *args: Any, exc: BaseException | None = None, **kwargs: Any) -> Any:
        if self.request.is_eager and exc is not None:
            raise exc
        return super().retry(*args, exc=exc, **kwargs)


@contextlib.contextmanager
def _lease(name: str) -> Iterator[bool]:
    """True when this process may send the message now; a cache that cannot be reached lets it."""
    try:
        mine = cache.add(name, 1, timeout=LEASE_SECONDS)
    except Exception:  # the cache's errors vary by backend; the Notice row still records the send
        logger.warning("notification lease %s: the cache cannot be reached", name, exc_info=True)
        mine = True
    try:
        yield mine
    finally:
        if mine:
            with contextlib.suppress(Exception):
                cache.delete(name)


@shared_task(
    base=NoticeTask,
    name="league.notifications.deliver",
    acks_late=True,
    autoretry_for=(OSError,),  # URLError, timeouts, refused connections, SMTP errors
    retry_backoff=NOTICE_BACKOFF,
    retry_backoff_max=NOTICE_BACKOFF_MAX,
    retry_jitter=True,
    max_retries=NOTICE_RETRIES,
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

    def send() -> None:
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

    return send_once(key=key, channel=channel, recipient=recipient, send=send)


def send_once(*, key: str, channel: str, recipient: str, send: Callable[[], None]) -> str:
    """Run `send` unless the Notice row of (key, channel, recipient) says it went already, under a
    lease so that two workers taking the same message send it once; the row marked sent after.
    Returns what happened ("sent", "already sent", "being sent by another task")."""
    notice, _created = Notice.objects.get_or_create(key=key, channel=channel, recipient=recipient)
    if notice.sent_at is not None:
        return "already sent"
    with _lease(f"notice-sending:{notice.pk}") as mine:
        if not mine:
            return "being sent by another task"
        # another worker may have sent it and let go of the lease since the row was read
        if Notice.objects.filter(pk=notice.pk, sent_at__isnull=False).exists():
            return "already sent"
        send()
        Notice.objects.filter(pk=notice.pk, sent_at__isnull=True).update(sent_at=timezone.now())
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
    recipients = list(get_user_model().objects.filter(pk__in=user_ids).select_related("profile"))
    announce_to(recipients, key=key, kind=kind, params=params, inline=inline)


def announce_to(
    recipients: list[Any], *, key: str, kind: str, params: dict[str, Any], inline: bool = False
) -> list[str]:
    """`announce_send` for users read already (with their profile): the channels it went on,
    "email" once per recipient who wants one, "webhook" once for all."""

    def dispatch(**kwargs: Any) -> None:
        if not inline:
            deliver.delay(**kwargs)
            return
        try:
            deliver(**kwargs)  # in this process; the Notice row still makes it once
        except Exception:
            logger.warning("notification %s: sending failed, queued for a retry", key, exc_info=True)
            deliver.delay(**kwargs)

    chat = []
    sent = []
    for user in recipients:
        by_mail, by_chat, language = preferences(user)
        if by_mail and user.email:
            dispatch(key=key, kind=kind, params=params, channel="email", user_id=user.pk)
            sent.append("email")
        if by_chat:
            chat.append((user, language))
    if chat and settings.LEAGUE_WEBHOOK_URL:
        language = chat[0][1] if len(chat) == 1 else None
        mentions = [display_name(user) for user, _lang in chat]
        dispatch(key=key, kind=kind, params=params, channel="webhook", mentions=mentions, language=language)
        sent.append("webhook")
    return sent
