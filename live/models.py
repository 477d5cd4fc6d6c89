"""A race being played at the table: its race-log@1 header and the steps accepted so far.

Imported by `races.models`, so these are models of the `races` app. The engine's `Table` is
rebuilt from these rows (and kept in a small cache, `live.engine`); the rows are the truth.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class LiveTable(models.Model):
    """One race being recorded at the board. `steps` counts the `LiveStep` rows: it is the
    precondition two devices send back (`expected`) so that one move is stored once."""

    class Status(models.TextChoices):
        PLAYING = "playing", _("playing")
        OVER = "over", _("over")  # every car has finished or is out: ready to become a sheet
        FINISHED = "finished", pgettext_lazy("race-night table status", "finished")  # now a race sheet
        # set aside: a steward opened another table for the race (`replaced_by`)
        CLOSED = "closed", pgettext_lazy("race-night table status", "closed")

    # a race has at most one table in these (the constraint below): the one being recorded
    OPEN = (Status.PLAYING, Status.OVER)

    race = models.ForeignKey(
        "races.Race", verbose_name=_("race"), on_delete=models.CASCADE, related_name="live_tables"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        null=True,
        blank=True,  # a remote race's table is opened by the site
        on_delete=models.SET_NULL,
        related_name="+",
    )
    header = models.JSONField(_("race-log header"), help_text=_("formule-de/race-log@1 without turns"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PLAYING)

    class Mode(models.TextChoices):
        TABLE = "table", _("at a table")  # one device (or a few) records every car's move
        REMOTE = "remote", _("remote")  # each driver plays his own car; the site rolls every die

    mode = models.CharField(
        _("how it is played"), max_length=8, choices=Mode.choices, default=Mode.TABLE, db_default="table"
    )
    steps = models.PositiveIntegerField(_("steps played"), default=0)
    # bumped by every write (a step played or undone): the key of the rebuilt engine table's cache
    revision = models.PositiveIntegerField(_("revision"), default=0)
    sheet = models.ForeignKey(
        "races.RaceSheet",
        verbose_name=_("race sheet"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    replaced_by = models.ForeignKey(
        "self",
        verbose_name=_("replaced by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=_("The table a steward opened instead of this one."),
    )
    created_at = models.DateTimeField(_("created at"), default=timezone.now)
    updated_at = models.DateTimeField(_("updated at"), default=timezone.now)
    # fair dice (docs/fair-dice.md): the secret the site's rolls come from, hex; its SHA-256 is in
    # the header (`dice.commitment`). Never shown before the table is done (`dice_revealed`).
    dice_seed = models.CharField(_("dice seed"), max_length=64, blank=True, default="", editable=False)

    class Meta:
        app_label = "races"  # the tables keep their app: no data moves
        ordering = ["-created_at", "-pk"]
        verbose_name = _("race-night table")
        verbose_name_plural = _("race-night tables")
        constraints = [
            # one table recorded per race: two people opening one at once cannot both succeed
            models.UniqueConstraint(
                fields=["race"],
                condition=models.Q(status__in=["playing", "over"]),
                name="live_one_open_table_per_race",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.race} · {self.pk}"

    def get_absolute_url(self) -> str:
        # The page is the race-night page's; until it exists, the API's state.
        try:
            return reverse("live:race-night-table", kwargs={"pk": self.pk})
        except NoReverseMatch:
            return reverse("api:table", kwargs={"pk": self.pk})

    @property
    def remote(self) -> bool:
        return self.mode == self.Mode.REMOTE

    @property
    def header_cars(self) -> list[str]:
        """The cars of its header, in the header's order."""
        cars = self.header.get("cars", ()) if isinstance(self.header, dict) else ()
        return [c.get("car") for c in cars if isinstance(c, dict)]

    @property
    def dice_commitment(self) -> str | None:
        """The SHA-256 of the seed the header publishes (None: a table from before fair dice)."""
        dice = self.header.get("dice") if isinstance(self.header, dict) else None
        return dice.get("commitment") if isinstance(dice, dict) else None

    @property
    def dice_revealed(self) -> str | None:
        """The seed, once no move can be played or taken back any more (finished or closed)."""
        if self.dice_seed and self.status in (self.Status.FINISHED, self.Status.CLOSED):
            return self.dice_seed
        return None


class LiveStep(models.Model):
    """One accepted step of a table: a race-log@1 move object, or a turn's restart (A5)."""

    class Kind(models.TextChoices):
        MOVE = "move", _("move")
        RESTART = "restart", _("restart")

    table = models.ForeignKey(
        LiveTable, verbose_name=_("table"), on_delete=models.CASCADE, related_name="rows"
    )
    index = models.PositiveIntegerField(_("index"))
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices, default=Kind.MOVE)
    body = models.JSONField(_("move"))
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("by"), null=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Auto(models.TextChoices):
        """Why the site played this step for the driver (remote races; the log's `autopilot`)."""

        NO = "", _("played by the driver")
        DEADLINE = "deadline", _("autopilot: the time ran out")
        AWAY = "away", _("autopilot: three moves missed in a row")
        ADVANCE = "advance", _("the gear set in advance")
        SITE = "site", _("played by the site (nothing to choose)")

    auto = models.CharField(
        _("autopilot"), max_length=8, choices=Auto.choices, blank=True, default="", db_default=""
    )
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        app_label = "races"  # the tables keep their app: no data moves
        ordering = ["table", "index"]
        verbose_name = _("race-night step")
        verbose_name_plural = _("race-night steps")
        constraints = [
            # the last line of defence of "one move stored once", under the row lock
            models.UniqueConstraint(fields=["table", "index"], name="live_step_once"),
        ]

    def __str__(self) -> str:
        return f"{self.table_id}#{self.index} {self.kind}"


# The site's rolls live in their own module; importing them here registers the model, so that a
# flush (a transactional test) before the URLs are loaded truncates its table with the tables'.
from live.rolls import SiteRoll  # noqa: E402

__all__ = ["LiveStep", "LiveTable", "SiteRoll"]
