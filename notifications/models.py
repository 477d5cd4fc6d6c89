"""What was sent to whom: one row per event, channel and recipient, so nothing is sent twice.

Imported by `league.models`, so this is a model of the `league` app; written by
`notifications.tasks`.
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Notice(models.Model):
    class Channel(models.TextChoices):
        EMAIL = "email", _("e-mail")
        WEBHOOK = "webhook", _("chat webhook")
        PUSH = "push", _("push notice")  # remote races (remote.notices)

    key = models.CharField(_("event"), max_length=120, help_text=_("The event, e.g. entry-accepted:12."))
    channel = models.CharField(_("channel"), max_length=8, choices=Channel.choices)
    # "user:<id>" for an e-mail, the league's channel for a webhook call.
    recipient = models.CharField(_("recipient"), max_length=120)
    created_at = models.DateTimeField(_("created at"), default=timezone.now)
    sent_at = models.DateTimeField(_("sent at"), null=True, blank=True)

    class Meta:
        app_label = "league"  # the tables keep their app: no data moves
        ordering = ["-created_at", "-pk"]
        verbose_name = _("notification sent")
        verbose_name_plural = _("notifications sent")
        constraints = [
            models.UniqueConstraint(
                fields=["key", "channel", "recipient"], name="one_notice_per_event_and_recipient"
            )
        ]

    def __str__(self) -> str:
        return f"{self.key} → {self.recipient} ({self.channel})"
