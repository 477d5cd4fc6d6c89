"""Dice the site rolled for a race-night table without the special dice: kept, so the table's
record says which rolls were the site's (a gear's die from its real faces, or a d20)."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from rules.gearbox import D20, FACES


class SiteRoll(models.Model):
    """One roll made by the site: which table, before which step, which die, what came up."""

    table = models.ForeignKey(
        "races.LiveTable", verbose_name=_("table"), on_delete=models.CASCADE, related_name="site_rolls"
    )
    step = models.PositiveIntegerField(_("before step"), help_text=_("The table's steps when it was rolled."))
    die = models.CharField(
        _("die"),
        max_length=8,
        help_text=_('"d20", "weather" (the d20 of the set-up), or the gear whose die was rolled.'),
    )
    roll = models.PositiveSmallIntegerField(_("roll"))
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("by"), null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(_("rolled at"), default=timezone.now)

    class Meta:
        app_label = "races"  # the tables keep their app: no data moves
        ordering = ["table", "pk"]
        verbose_name = _("dice rolled by the site")
        verbose_name_plural = _("dice rolled by the site")

    def __str__(self) -> str:
        return f"{self.table_id}#{self.step} {self.die}={self.roll}"


class NoSuchDie(ValueError):
    """Not a die of the game: "d20" or a gear 1–6."""


def site_roll(*, table: models.Model, die: str, by: object) -> SiteRoll:
    """Roll `die` with the operating system's random source and record it against the table."""
    if die == "d20":
        value = secrets.choice(D20)
    else:
        try:
            value = secrets.choice(FACES[int(die)])
        except (KeyError, ValueError) as exc:
            raise NoSuchDie(die) from exc
    return SiteRoll.objects.create(table=table, step=table.steps, die=die, roll=value, by=by)
