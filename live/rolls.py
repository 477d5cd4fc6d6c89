"""Dice the site rolled for a race-night table without the special dice: kept, so the table's
record says which rolls were the site's (a gear's die from its real faces, or a d20). A table
with a seed rolls them from it (`rules.fair_dice`, docs/fair-dice.md), anyone can check them
once the seed is revealed; an older table without one rolls with `secrets`."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from rules import fair_dice
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
    # whose roll it is (remote races show each with its car): the car to play, or a touched car
    car = models.CharField(_("car"), max_length=16, blank=True, default="", db_default="")
    # fair dice: the earlier rolls of this die before this step (the HMAC's counter), and the
    # step whose move used this roll (set when the move is stored; an undo clears it)
    counter = models.PositiveIntegerField(_("counter"), default=0)
    used_by = models.ForeignKey(
        "races.LiveStep",
        verbose_name=_("used by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
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


def site_roll(*, table: models.Model, die: str, by: object, car: str = "") -> SiteRoll:
    """Roll `die` for the table's next step and record it: from the table's seed (the counter:
    the earlier rolls of that die before that step), else with the operating system's source."""
    if die != "d20" and not (die.isdigit() and int(die) in FACES):
        raise NoSuchDie(die)
    step = table.steps
    seed = getattr(table, "dice_seed", "")
    dice = table.header.get("dice") if seed else None
    if isinstance(dice, dict):
        counter = SiteRoll.objects.filter(table=table, step=step, die=die).count()
        k = fair_dice.key(bytes.fromhex(seed), dice.get("players", ()))
        value = fair_dice.roll(k, dice["table"], step, die, counter)
    else:
        counter = 0
        value = secrets.choice(D20 if die == "d20" else FACES[int(die)])
    return SiteRoll.objects.create(
        table=table, step=step, die=die, roll=value, counter=counter, by=by, car=car
    )
