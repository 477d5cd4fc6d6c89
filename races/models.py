"""Races, race entries, results and the penalties that change them."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from core.page_cache import ShownQuerySet
from core.storage_names import new_key
from core.validators import PlainNames
from league.models import SeasonEntry
from rules.state import PARTS as WEAR_PARTS
from rules.verdict import Standing


class Race(models.Model):
    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("scheduled")
        QUALIFYING = "qualifying", _("qualifying")
        RUN = "run", _("run")
        SUBMITTED = "submitted", _("submitted")
        VALIDATED = "validated", _("validated")
        OFFICIAL = "official", _("official")

    # Results count (standings, driver and team pages) once the stewards have validated them.
    RESULT_STATUSES = (Status.VALIDATED, Status.OFFICIAL)

    season = models.ForeignKey(
        "league.Season", verbose_name=_("season"), on_delete=models.CASCADE, related_name="races"
    )
    round = models.PositiveSmallIntegerField(_("round"), validators=[MinValueValidator(1)])
    # A board seats 10 cars: a bigger field runs a round on several tables, each its own race.
    table = models.PositiveSmallIntegerField(
        _("table"), default=1, validators=[MinValueValidator(1)], help_text=_("1 unless the round is split.")
    )
    circuit = models.ForeignKey(
        "races.Circuit", verbose_name=_("circuit"), on_delete=models.PROTECT, related_name="races"
    )
    scheduled_at = models.DateTimeField(_("scheduled at"))
    laps = models.PositiveSmallIntegerField(
        _("laps"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_("Leave empty for the season's number of laps."),
    )
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.SCHEDULED)

    class Mode(models.TextChoices):
        SEASON = "", _("as the season says")
        TABLE = "table", _("at a table")
        REMOTE = "remote", _("remote (each driver on his own device)")

    mode = models.CharField(
        _("how it is played"),
        max_length=8,
        choices=Mode.choices,
        default=Mode.SEASON,
        db_default="",
        blank=True,
        help_text=_("A remote race is opened by the site at its scheduled time (docs/remote-races.md)."),
    )

    history = HistoricalRecords()

    objects = ShownQuerySet.as_manager()  # its changes show on the cached pages at once

    class Meta:
        ordering = ["season", "round", "table"]
        verbose_name = _("race")
        verbose_name_plural = _("races")
        # The stewards' last word on the results: no model permission says it (change_race is the calendar).
        permissions = [("publish_race", _("Can publish and reopen a race's results"))]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "table", "round"],  # the last field is the one named in errors
                name="unique_round_table_per_season",
                violation_error_message=_("This season already has a race for this round."),
            ),
        ]
        # next_race() and the calendar look races up by date.
        indexes = [models.Index(fields=["season", "scheduled_at"], name="race_season_date_idx")]

    def __str__(self) -> str:
        name = gettext("%(season)s R%(round)s: %(circuit)s") % {
            "season": self.season,
            "round": self.round,
            "circuit": self.circuit,
        }
        return (
            name
            if self.table == 1
            else gettext("%(race)s, table %(table)d") % {"race": name, "table": self.table}
        )

    def get_absolute_url(self) -> str:
        return reverse("sheets:race", kwargs={"pk": self.pk})

    @property
    def is_remote(self) -> bool:
        """Played remotely: the race says so, or it leaves it to a season whose races are remote."""
        if self.mode:
            return self.mode == self.Mode.REMOTE
        return bool(self.season.remote_races)

    @property
    def race_laps(self) -> int:
        return self.laps or self.season.laps_per_race

    @property
    def has_results(self) -> bool:
        return self.status in self.RESULT_STATUSES


class RaceEntry(models.Model):
    """A season entry's car in one race: grid slot, tyres and how its wear points are spread."""

    class Tyres(models.TextChoices):
        HARD = "hard", _("hard")
        SOFT = "soft", _("soft")
        RAIN = "rain", _("rain")

    race = models.ForeignKey(Race, verbose_name=_("race"), on_delete=models.CASCADE, related_name="entries")
    season_entry = models.ForeignKey(
        SeasonEntry, verbose_name=_("season entry"), on_delete=models.PROTECT, related_name="race_entries"
    )
    grid_slot = models.PositiveSmallIntegerField(
        _("grid slot"), null=True, blank=True, validators=[MinValueValidator(1)]
    )
    tyres = models.CharField(_("tyres"), max_length=4, choices=Tyres.choices, default=Tyres.HARD)
    wear = models.JSONField(
        _("wear configuration"),
        default=dict,
        blank=True,
        help_text=_("Wear points per part: tyres, brakes, gearbox, body, engine, handling."),
    )

    # Non-partant: the driver did not come, so the car is not in the race log; set by race night's
    # set-up (races/presence.py), read when results are written (a DNS result).
    dns = models.BooleanField(
        _("did not start"), default=False, help_text=_("Non-partant: not at the table on race night.")
    )

    objects = ShownQuerySet.as_manager()  # its changes show on the cached pages at once

    class Meta:
        ordering = ["race", "grid_slot", "season_entry__car_number"]
        verbose_name = _("race entry")
        verbose_name_plural = _("race entries")
        constraints = [
            models.UniqueConstraint(
                fields=["race", "season_entry"],
                name="unique_entry_per_race",
                violation_error_message=_("This car is already entered in this race."),
            ),
            models.UniqueConstraint(
                fields=["race", "grid_slot"],
                name="unique_grid_slot_per_race",
                violation_error_message=_("This grid slot is already taken in this race."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.race} — {self.season_entry}"

    def clean(self) -> None:
        if self.race_id and self.season_entry_id and self.race.season_id != self.season_entry.season_id:
            raise ValidationError({"season_entry": _("This entry belongs to another season.")})
        if self.race_id and self.grid_slot:
            # The engine puts grid slot n on the circuit's n-th starting square.
            document = self.race.circuit.document
            squares = document.get("grid") if isinstance(document, dict) else None
            if isinstance(squares, list) and self.grid_slot > len(squares):
                raise ValidationError(
                    {
                        "grid_slot": ValidationError(
                            _("%(circuit)s has %(n)d starting squares: there is no grid slot %(slot)d."),
                            code="grid_slot",
                            params={"circuit": self.race.circuit, "n": len(squares), "slot": self.grid_slot},
                        )
                    }
                )
        if self.wear:
            unknown = set(self.wear) - set(WEAR_PARTS)
            if unknown:
                raise ValidationError(
                    {"wear": _("Unknown parts: %(parts)s.") % {"parts": ", ".join(sorted(unknown))}}
                )
            if any(not isinstance(v, int) or v < 1 for v in self.wear.values()):
                raise ValidationError({"wear": _("Each part has at least 1 wear point.")})


class Result(models.Model):
    """A car's result in a race, as computed by the engine (or typed in for history)."""

    class Status(models.TextChoices):
        # As the engine's classification says them (a valid sheet has no car still running).
        FINISHED = Standing.FINISHED.value, pgettext_lazy("result status", "finished")
        ELIMINATED = Standing.ELIMINATED.value, _("eliminated")
        DISQUALIFIED = "dsq", _("disqualified")  # by the stewards (sheets/penalties.py)
        DNS = (
            "dns",
            _("did not start"),
        )  # entered, not at the table (RaceEntry.dns): after every car that raced

    race = models.ForeignKey(Race, verbose_name=_("race"), on_delete=models.CASCADE, related_name="results")
    race_entry = models.OneToOneField(
        RaceEntry, verbose_name=_("race entry"), on_delete=models.CASCADE, related_name="result"
    )
    position = models.PositiveSmallIntegerField(_("position"), validators=[MinValueValidator(1)])
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.FINISHED)
    cause = models.CharField(_("cause of elimination"), max_length=40, blank=True)
    turn = models.PositiveSmallIntegerField(_("turn"), null=True, blank=True)
    points = models.PositiveSmallIntegerField(_("points"), default=0)
    penalty_points = models.PositiveSmallIntegerField(_("penalty points"), default=0)
    penalty_places = models.PositiveSmallIntegerField(_("penalty places"), default=0)
    penalty_reason = models.CharField(_("penalty reason"), max_length=200, blank=True)

    history = HistoricalRecords()

    objects = ShownQuerySet.as_manager()  # its changes show on the cached pages at once

    class Meta:
        ordering = ["race", "position"]
        verbose_name = _("result")
        verbose_name_plural = _("results")
        constraints = [
            models.UniqueConstraint(
                fields=["race", "position"],
                name="unique_position_per_race",
                violation_error_message=_("Two results cannot share a position in one race."),
            ),
            models.CheckConstraint(
                condition=models.Q(penalty_points__lte=models.F("points")),
                name="penalty_within_points",
                violation_error_message=_("A points penalty cannot exceed the points scored."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.race}: P{self.position} {self.race_entry.season_entry}"

    def clean(self) -> None:
        # `race` is stored beside `race_entry` so standings join one table less; keep them in step.
        if self.race_id and self.race_entry_id and self.race_entry.race_id != self.race_id:
            raise ValidationError({"race_entry": _("This car is entered in another race.")})

    @property
    def net_points(self) -> int:
        return self.points - self.penalty_points


class Penalty(PlainNames, models.Model):
    """A stewards' sanction on a car in a race, with or without a protest: data, never typed results.

    The race's results are recomputed from the chosen sheet's verdict with every penalty applied
    (sheets/penalties.py); a grid penalty moves the car back on the grid of its next race.
    """

    class Kind(models.TextChoices):
        POINTS = "points", _("points")
        PLACES = "places", _("places")
        GRID = "grid", _("grid places at the next race")
        DISQUALIFICATION = "dsq", _("disqualification")
        REPRIMAND = "reprimand", _("reprimand")

    plain_name_fields = ()
    free_text_fields = ("reason",)

    race_entry = models.ForeignKey(
        "races.RaceEntry", verbose_name=_("car"), on_delete=models.CASCADE, related_name="penalties"
    )
    # Results are rewritten when a penalty or another sheet version is applied; the entry stays.
    result = models.ForeignKey(
        "races.Result",
        verbose_name=_("result"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="penalties",
    )
    protest = models.ForeignKey(
        "races.Protest",
        verbose_name=_("protest"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="penalties",
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.POINTS)
    points = models.PositiveSmallIntegerField(_("points lost"), default=0)
    places = models.PositiveSmallIntegerField(_("places lost"), default=0)
    grid_places = models.PositiveSmallIntegerField(_("grid places lost at the next race"), default=0)
    rule = models.CharField(_("rule"), max_length=40, blank=True, help_text=_("The rule broken, e.g. F3."))
    reason = models.CharField(_("reason"), max_length=200)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("decided by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    decided_at = models.DateTimeField(_("decided at"), default=timezone.now)
    # The caller's idempotency key: a retried task imposing the same penalty finds it already there.
    key = models.CharField(_("key"), max_length=64, unique=True, default=new_key, editable=False)

    history = HistoricalRecords()

    objects = ShownQuerySet.as_manager()  # its changes show on the cached pages at once

    class Meta:
        ordering = ["decided_at", "pk"]
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(kind="points", points__gt=0, places=0, grid_places=0)
                    | models.Q(kind="places", places__gt=0, points=0, grid_places=0)
                    | models.Q(kind="grid", grid_places__gt=0, points=0, places=0)
                    | models.Q(kind__in=["dsq", "reprimand"], points=0, places=0, grid_places=0)
                ),
                name="penalty_amount_fits_kind",
                violation_error_message=_(
                    "A points, places or grid penalty takes a number above 0 of that kind only; "
                    "a disqualification or a reprimand takes none."
                ),
            )
        ]

    def __str__(self) -> str:
        return f"{self.race_entry}: {self.describe()}"

    def describe(self) -> str:
        """What the penalty costs, in words ("−3 points", "disqualified")."""
        kind = self.Kind
        if self.kind == kind.POINTS:
            return ngettext("−%(n)d point", "−%(n)d points", self.points) % {"n": self.points}
        if self.kind == kind.PLACES:
            return ngettext("−%(n)d place", "−%(n)d places", self.places) % {"n": self.places}
        if self.kind == kind.GRID:
            return ngettext(
                "%(n)d grid place back at the next race", "%(n)d grid places back at the next race",
                self.grid_places,
            ) % {"n": self.grid_places}  # fmt: skip
        if self.kind == kind.DISQUALIFICATION:
            return gettext("disqualified")
        return gettext("reprimand")


# The grid draw lives in a module of its own; importing it here registers it.
from races.grid_models import GridDraw  # noqa: E402

__all__ = ["GridDraw", "Penalty", "Race", "RaceEntry", "Result"]
