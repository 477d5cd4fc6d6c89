"""How a notification leaves: an e-mail through Django's mail settings, or a call to the league's
Discord or Slack webhook (plain HTTP: both take a JSON message)."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage


def email_send(*, to: str, subject: str, body: str) -> None:
    prefix = getattr(settings, "ACCOUNT_EMAIL_SUBJECT_PREFIX", "")
    EmailMessage(subject=f"{prefix}{subject}", body=body, to=[to]).send()


def slack_escape(text: str) -> str:
    """Slack reads `<!everyone>`, `<@U123>` and links between angle brackets: its documented escapes
    make a display name typed that way plain text."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def webhook_payload(url: str, text: str) -> dict[str, Any]:
    # Slack's incoming webhooks read "text", Discord's "content". A message only ever names players:
    # no `@everyone`, role or user ping, whatever a display name says.
    if "hooks.slack.com" in url or settings.LEAGUE_WEBHOOK_KIND == "slack":
        return {"text": slack_escape(text)}
    return {"content": text, "allowed_mentions": {"parse": []}}


def webhook_post(*, url: str, text: str) -> int:
    request = urllib.request.Request(
        url,
        data=json.dumps(webhook_payload(url, text)).encode(),
        headers={"Content-Type": "application/json", "User-Agent": "fdleague-notifications"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=settings.LEAGUE_WEBHOOK_TIMEOUT) as response:  # noqa: S310 - the admin's URL
        return response.status
