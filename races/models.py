"""Circuits, races, race entries and results."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from league.models import SeasonEntry
from league.validators import PlainNames
from rules.state import PARTS as WEAR_PARTS
from rules.verdict import Standing


class Circuit(PlainNames, models.Model):
    """A board, stored as its `formule-de/circuit@1` document (validated by the rules engine)."""

    slug = models.SlugField(_("id"), unique=True, help_text=_("The circuit id used in race logs."))
    name = models.CharField(_("name"), max_length=80)
    country = models.CharField(_("country"), max_length=2, blank=True)
    document = models.JSONField(_("circuit document"), help_text=_("formule-de/circuit@1 JSON"))

    class Meta:
        ordering = ["name"]
        verbose_name = _("circuit")
        verbose_name_plural = _("circuits")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("races:circuit", kwargs={"slug": self.slug})

    def clean(self) -> None:
        # The engine is the one judge of a circuit; its errors name the field at fault.
        from rules.track import CircuitError, load_circuit

        if not isinstance(self.document, dict):
            raise ValidationError({"document": _("The circuit document must be a JSON object.")})
        try:
            load_circuit(self.document)
        except CircuitError as exc:
            from races.read_errors import reading_text  # in the reader's language, from the error's code

            raise ValidationError({"document": reading_text(exc)}) from exc
        if self.slug and self.document.get("id") != self.slug:
            raise ValidationError(
                {
                    "document": _("id: the document's id %(doc)r differs from the circuit's id %(slug)r.")
                    % {"doc": self.document.get("id"), "slug": self.slug}
                }
            )


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
        Circuit, verbose_name=_("circuit"), on_delete=models.PROTECT, related_name="races"
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

    history = HistoricalRecords()

    class Meta:
        ordering = ["season", "round", "table"]
        verbose_name = _("race")
        verbose_name_plural = _("races")
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
        return reverse("races:race", kwargs={"pk": self.pk})

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
        DISQUALIFIED = "dsq", _("disqualified")  # by the stewards (races/sheets/penalties.py)

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


# The grid draw and the race sheets live in their own modules; importing them here registers them.
from races.grid_models import GridDraw  # noqa: E402
from races.live.models import LiveStep, LiveTable  # noqa: E402
from races.live.rolls import SiteRoll  # noqa: E402
from races.sheets.models import (  # noqa: E402
    Penalty,
    Protest,
    ProtestPhoto,
    RaceEvent,
    RaceSheet,
    SheetConfirmation,
    SheetPhoto,
    SubmissionAttempt,
)

__all__ = [
    "Circuit",
    "GridDraw",
    "LiveStep",
    "LiveTable",
    "Penalty",
    "Protest",
    "ProtestPhoto",
    "Race",
    "RaceEvent",
    "RaceEntry",
    "RaceSheet",
    "Result",
    "SiteRoll",
    "SheetConfirmation",
    "SheetPhoto",
    "SubmissionAttempt",
]
