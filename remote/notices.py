"""What a remote race tells its drivers: "your move", the reminders (at half the time and one
hour before the autopilot), and "the autopilot played your car".

Each notice has a key (`remote:<table>:<step>:<kind>`) and goes once per channel (the `Notice`
row of `notifications`): the e-mail and the chat webhook through `notifications.tasks.deliver`,
Web Push through `deliver_push` here; each in the recipient's language, with a link straight
into the move. A notice due in the driver's quiet hours is not sent then: the sweep
(`remote.tasks.sweep`) sends it once they end.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from celery import shared_task
from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import translation
from django.utils.translation import gettext_lazy

from notifications.links import link
from notifications.messages import RENDER, race_name
from notifications.tasks import (
    NOTICE_BACKOFF,
    NOTICE_BACKOFF_MAX,
    NOTICE_RETRIES,
    NoticeTask,
    announce_to,
    send_once,
)

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

logger = logging.getLogger(__name__)

YOUR_MOVE = "remote_your_move"
REMINDER = "remote_reminder"
AUTOPILOT = "remote_autopilot"


def _due(p: dict[str, Any]) -> str:
    """When the autopilot plays, in the recipient's time zone and language (the task renders in
    his language; the params carry the instant in ISO 8601 and his zone)."""
    from datetime import datetime

    from django.utils import formats

    from remote.clock import known_zone, zone

    try:
        due = datetime.fromisoformat(str(p.get("due_at") or ""))
    except ValueError:
        return str(p.get("due", ""))
    name = str(p.get("zone") or settings.TIME_ZONE)
    local = due.astimezone(zone(name if known_zone(name) else settings.TIME_ZONE))
    return f"{formats.date_format(local, 'DATETIME_FORMAT')} ({local.tzname()})"


def _words(p: dict[str, Any]) -> dict[str, Any]:
    """The params with the race named and the time said in the recipient's language."""
    race = race_name(p) if "season" in p else p.get("race", "")
    return {**p, "race": race, "due": _due(p)}


# each notice's subject and body (rendered in the recipient's language by the task that sends it)
WORDS = {
    YOUR_MOVE: (
        gettext_lazy("Your move: car %(car)s, %(race)s"),
        gettext_lazy(
            "Car %(car)s is to play (turn %(turn)s). Play before %(due)s or the autopilot will: %(url)s"
        ),
    ),
    REMINDER: (
        gettext_lazy("Reminder, your move: car %(car)s, %(race)s"),
        gettext_lazy("Car %(car)s still waits for you. The autopilot plays it at %(due)s: %(url)s"),
    ),
    AUTOPILOT: (
        gettext_lazy("The autopilot played car %(car)s, %(race)s"),
        gettext_lazy("Your time ran out: the autopilot played car %(car)s (turn %(turn)s). %(url)s"),
    ),
}


def _renderer(kind: str) -> Callable[[dict[str, Any]], tuple[str, str]]:
    subject, body = WORDS[kind]

    def render(p: dict[str, Any]) -> tuple[str, str]:
        p = {**_words(p), "url": link(p, p["path"])}
        return str(subject) % p, str(body) % p

    return render


RENDER.update({kind: _renderer(kind) for kind in WORDS})


def tell(*, user: AbstractBaseUser, key: str, kind: str, params: dict[str, Any]) -> list[str]:
    """Send one notice to `user` on each channel he chose, each once. Returns the channels it was
    queued on (the tasks run inline without a broker)."""
    queued = announce_to([user], key=key, kind=kind, params=params)  # e-mail and the league's chat
    prefs = getattr(user, "remote_prefs", None)
    by_push = prefs.notify_push if prefs is not None else True
    if by_push and user.push_subscriptions.exists():
        deliver_push.delay(key=key, kind=kind, params=params, user_id=user.pk)
        queued.append("push")
    return queued


@shared_task(
    base=NoticeTask,
    name="remote.notices.deliver_push",
    acks_late=True,
    autoretry_for=(OSError,),
    retry_backoff=NOTICE_BACKOFF,
    retry_backoff_max=NOTICE_BACKOFF_MAX,
    retry_jitter=True,
    max_retries=NOTICE_RETRIES,
)
def deliver_push(*, key: str, kind: str, params: dict[str, Any], user_id: int) -> str:
    """The notice as a Web Push message to each of the user's devices, unless already sent."""
    from remote.push import push_to_user

    def send() -> None:
        user = get_user_model().objects.select_related("profile").get(pk=user_id)
        profile = getattr(user, "profile", None)
        with translation.override(profile.language if profile else settings.LANGUAGE_CODE):
            title, body = RENDER[kind](params)
        url = link(params, params["path"])
        push_to_user(user, {"title": title, "body": body, "url": url, "tag": key.rsplit(":", 1)[0]})

    return send_once(key=key, channel="push", recipient=f"user:{user_id}", send=send)
