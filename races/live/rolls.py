"""Dice the site rolled for a race-night table without the special dice: kept, so the table's
record says which rolls were the site's (a gear's die from its real faces, or a d20)."""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules.gearbox import FACES


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
        value = secrets.randbelow(20) + 1
    else:
        try:
            value = secrets.choice(FACES[int(die)])
        except (KeyError, ValueError) as exc:
            raise NoSuchDie(die) from exc
    return SiteRoll.objects.create(table=table, step=table.steps, die=die, roll=value, by=by)


def site_roll_mismatches(*, table: models.Model, step: int, move: Any) -> list[dict[str, Any]]:
    """Where a move says another value than the site rolled for it (before step `step`): the
    gear's die (the last roll of that die) and the d20s rolled after it, which must all be among
    the move's test rolls, in order. A table without site rolls is never refused here."""
    if not isinstance(move, dict):
        return []
    rolls = list(SiteRoll.objects.filter(table=table, step=step).exclude(die="weather").order_by("pk"))
    if not rolls:
        return []
    car = str(move.get("car", ""))
    out: list[dict[str, Any]] = []
    gear = str(move.get("gear", ""))
    gear_rolls = [n for n, r in enumerate(rolls) if r.die == gear]
    after = 0
    if gear_rolls:
        last = rolls[gear_rolls[-1]]
        after = gear_rolls[-1] + 1
        xp = move.get("xp") if isinstance(move.get("xp"), dict) else {}
        typed = xp.get("natural", move.get("roll")) if xp.get("driver") else move.get("roll")
        if typed != last.roll:
            out.append(_mismatch(car, gettext("the die of gear %(gear)s") % {"gear": gear}, last.roll, typed))
    typed_d20 = [t.get("roll") for t in move.get("tests") or [] if isinstance(t, dict)]
    pos = 0
    for rolled in (r for r in rolls[after:] if r.die == "d20"):
        while pos < len(typed_d20) and typed_d20[pos] != rolled.roll:
            pos += 1
        if pos == len(typed_d20):
            out.append(_mismatch(car, gettext("a d20"), rolled.roll, None))
            break
        pos += 1
    return out


def _mismatch(car: str, die: str, rolled: int, typed: Any) -> dict[str, Any]:
    if typed is None:
        message = gettext("The site rolled %(rolled)s on %(die)s, and the move does not have it.") % {
            "rolled": rolled,
            "die": die,
        }
    else:
        message = gettext("The site rolled %(rolled)s on %(die)s, but the move says %(typed)s.") % {
            "rolled": rolled,
            "die": die,
            "typed": typed,
        }
    return {
        "turn": None,
        "car": car or None,
        "rule": "SITE-dice",
        "code": "site.dice_mismatch",
        "params": {"die": die, "rolled": rolled, "typed": typed},
        "message": str(message),
    }
