"""Drivers, teams (écuries), seasons, season entries and the experience ledger."""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator, RegexValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

from core.page_cache import ShownQuerySet
from core.validators import PlainNames
from rules.ledger import XpReason
from rules.options.registry import catalogue
from rules.ruleset import DEFAULT_POINTS, RuleSet


def rule_options() -> list[str]:
    """The ids of the options the engine plays, in its order (read at each call)."""
    return [spec.id for spec in catalogue()]


DEFAULT_OPTIONS = sorted(RuleSet().options)  # experience (A7) is on by default (rules.md O)

colour_validator = RegexValidator(r"^#[0-9a-fA-F]{6}$", _("Enter a colour as #RRGGBB."))


def default_points() -> list[int]:
    return list(DEFAULT_POINTS)


def default_options() -> list[str]:
    return list(DEFAULT_OPTIONS)


class Driver(PlainNames, models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user account"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="driver",
    )
    name = models.CharField(_("display name"), max_length=80)
    slug = models.SlugField(_("slug"), unique=True)
    country = models.CharField(_("country"), max_length=2, blank=True, help_text=_("ISO 3166 code, e.g. FR"))
    avatar = models.ImageField(_("avatar"), upload_to="drivers/", blank=True)

    objects = ShownQuerySet.as_manager()  # its changes show on the cached pages at once

    class Meta:
        ordering = ["name"]
        verbose_name = _("driver")
        verbose_name_plural = _("drivers")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("sheets:driver", kwargs={"slug": self.slug})


class Team(PlainNames, models.Model):
    name = models.CharField(_("name"), max_length=80, unique=True)
    slug = models.SlugField(_("slug"), unique=True)
    colour = models.CharField(_("colour"), max_length=7, default="#808080", validators=[colour_validator])
    logo = models.ImageField(_("logo"), upload_to="teams/", blank=True)
    managers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("team managers"),
        blank=True,
        related_name="managed_teams",
        help_text=_("They may enter the team's drivers in a season."),
    )

    objects = ShownQuerySet.as_manager()  # its changes show on the cached pages at once

    class Meta:
        ordering = ["name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("races:team", kwargs={"slug": self.slug})


class GridRule(models.TextChoices):
    ENTRY_ORDER = "entry_order", _("order of entry")
    REVERSE_STANDINGS = "reverse", _("reverse standings")
    DRAW = "draw", _("drawn by the site")


class Season(PlainNames, models.Model):
    GridRule = GridRule

    class Status(models.TextChoices):
        PLANNED = "planned", _("planned")
        RUNNING = "running", _("running")
        FINISHED = "finished", pgettext_lazy("season status", "finished")

    name = models.CharField(_("name"), max_length=80)
    slug = models.SlugField(_("slug"), unique=True)
    year = models.PositiveSmallIntegerField(_("year"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PLANNED)
    points_table = models.JSONField(
        _("points table"),
        default=default_points,
        help_text=_("Points for 1st, 2nd, … finisher, e.g. [10, 8, 6, 5, 4, 3, 2, 1]."),
    )
    # A car entered in a race but not at the table on race night (non-partant): its points.
    dns_points = models.PositiveSmallIntegerField(
        _("points for a non-starter"),
        default=0,
        db_default=0,  # rows written without it (older code, raw inserts) read 0
        help_text=_("Points of a car entered in a race whose driver did not come (DNS)."),
    )
    best_results = models.PositiveSmallIntegerField(
        _("count only the best N results"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_("Leave empty to count every race."),
    )
    laps_per_race = models.PositiveSmallIntegerField(
        _("laps per race"), default=3, validators=[MinValueValidator(1)]
    )
    options = models.JSONField(
        _("rule options in force"),
        default=default_options,
        blank=True,
        help_text=_('Advanced options A1–A19 switched on, e.g. ["A7", "A13"].'),
    )
    max_cars_per_team = models.PositiveSmallIntegerField(
        _("cars per team at most"), default=2, validators=[MinValueValidator(1)]
    )
    protest_window_hours = models.PositiveIntegerField(_("protest window (hours)"), default=48)
    # The entry list (races/registration.py): players ask to enter between these dates.
    entries_open_at = models.DateTimeField(
        _("entry list opens"), null=True, blank=True, help_text=_("Leave empty to keep the entry list shut.")
    )
    entries_close_at = models.DateTimeField(
        _("entry list closes"),
        null=True,
        blank=True,
        help_text=_("Leave empty to take entries until the end."),
    )
    entry_capacity = models.PositiveSmallIntegerField(
        _("cars at most"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_("Entries accepted beyond this go to the waiting list. Empty: no limit."),
    )
    entry_list_accepted_at = models.DateTimeField(
        _("entry list accepted"),
        null=True,
        blank=True,
        help_text=_("Set by the stewards' action: from then on every race added gets the season's cars."),
    )
    grid_rule = models.CharField(
        _("grid without qualifying"),
        max_length=16,
        choices=GridRule.choices,
        default=GridRule.ENTRY_ORDER,
        help_text=_("How the grid is set when no valid qualifying sheet sets it."),
    )

    # Remote races (docs/remote-races.md): each driver plays his own car from his own device.
    remote_races = models.BooleanField(
        _("races are remote"),
        default=False,
        db_default=False,
        help_text=_("Each driver plays his own car on the site, days apart. A race may say otherwise."),
    )
    move_hours = models.PositiveSmallIntegerField(
        _("hours per move (remote races)"),
        default=24,
        db_default=24,
        validators=[MinValueValidator(1)],
        help_text=_("Counted only in each driver's chosen hours; then the autopilot plays his car."),
    )
    vacation_days = models.PositiveSmallIntegerField(
        _("vacation days per driver (remote races)"),
        default=14,
        db_default=14,
        help_text=_("Days a driver may stop his clock in this season."),
    )

    history = HistoricalRecords()

    objects = ShownQuerySet.as_manager()  # its changes show on the cached pages at once

    class Meta:
        ordering = ["-year", "name"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("races:season", kwargs={"slug": self.slug})

    def ruleset(self, laps: int | None = None) -> RuleSet:
        """The season's rules for the engine (options, points table). Raises `ValueError` (an
        `UnknownOptionError` among them) or `TypeError` when the season's data cannot be read."""
        return RuleSet.from_options(self.options, points=self.points_table, laps=laps)

    def clean(self) -> None:
        errors: dict[str, str] = {}
        table = self.points_table
        if (
            not isinstance(table, list)
            or not table
            or not all(isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in table)
        ):
            errors["points_table"] = _("The points table must be a non-empty list of whole numbers ≥ 0.")
        elif any(a < b for a, b in zip(table, table[1:], strict=False)):
            errors["points_table"] = _("The points table must not increase down the order.")
        options = self.options
        if not isinstance(options, list) or any(o not in rule_options() for o in options):
            errors["options"] = _("Options are a list of A1 … A19.")
        elif len(set(options)) != len(options):
            errors["options"] = _("An option is listed twice.")
        if self.entries_open_at and self.entries_close_at and self.entries_close_at <= self.entries_open_at:
            errors["entries_close_at"] = _("The entry list closes after it opens.")
        if errors:
            raise ValidationError(errors)


class SeasonEntry(models.Model):
    """A driver in a team's car for a season: the car number is the car id in race logs."""

    season = models.ForeignKey(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="entries"
    )
    driver = models.ForeignKey(
        Driver, verbose_name=_("driver"), on_delete=models.PROTECT, related_name="entries"
    )
    team = models.ForeignKey(Team, verbose_name=_("team"), on_delete=models.PROTECT, related_name="entries")
    car_number = models.PositiveSmallIntegerField(_("car number"), validators=[MinValueValidator(1)])

    objects = ShownQuerySet.as_manager()  # its changes show on the cached pages at once

    class Meta:
        ordering = ["season", "car_number"]
        verbose_name = _("season entry")
        verbose_name_plural = _("season entries")
        constraints = [
            models.UniqueConstraint(
                fields=["season", "car_number"],
                name="unique_car_number_per_season",
                violation_error_code="car_number_taken",
                violation_error_message=_("This car number is already taken in this season."),
            ),
            models.UniqueConstraint(
                fields=["season", "driver"],
                name="unique_driver_per_season",
                violation_error_code="driver_entered",
                violation_error_message=_("This driver is already entered in this season."),
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.car_number} {self.driver} ({self.team})"

    @property
    def car_id(self) -> str:
        """The car id used in race logs."""
        return str(self.car_number)

    def clean(self) -> None:
        # The season admin's formset counts a team's cars over every row saved at once instead.
        if self.season_id is None or self.team_id is None or getattr(self, "team_limit_checked", False):
            return
        fielded = SeasonEntry.objects.filter(season_id=self.season_id, team_id=self.team_id).exclude(
            pk=self.pk
        )
        limit = self.season.max_cars_per_team
        if fielded.count() >= limit:
            raise ValidationError(
                {
                    "team": ValidationError(
                        _("%(team)s already fields %(n)d cars this season (at most %(n)d)."),
                        code="team_full",
                        params={"team": self.team, "n": limit},
                    )
                }
            )


class ExperienceEntry(models.Model):
    """One gain or spend of experience points: a tally is always a sum of these rows."""

    class Reason(models.TextChoices):
        # The engine's reasons (a verdict's changes are stored as they come), and the stewards' own.
        POLE = XpReason.POLE.value, _("pole position")
        GRID_SECOND = XpReason.GRID_SECOND.value, _("2nd on the grid")
        WIN = XpReason.WIN.value, _("win")
        SECOND = XpReason.SECOND.value, _("2nd place")
        THIRD = XpReason.THIRD.value, _("3rd place")
        ONE_TWO = XpReason.ONE_TWO.value, _("one-two finish")
        FRONT_ROW = XpReason.FRONT_ROW.value, _("front-row lockout")
        DIE = XpReason.DIE.value, _("die modified or re-rolled")
        WEAR = XpReason.WEAR.value, _("extra wear point")
        FAST_STOP = XpReason.FAST_STOP.value, _("fast pit stop")
        ADJUSTMENT = "adjustment", _("adjustment by the stewards")

    season = models.ForeignKey(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="experience"
    )
    race = models.ForeignKey(
        "races.Race",
        verbose_name=_("race"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="experience",
    )
    driver = models.ForeignKey(
        Driver,
        verbose_name=_("driver"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="experience",
    )
    team = models.ForeignKey(
        Team,
        verbose_name=_("team"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="experience",
    )
    reason = models.CharField(_("reason"), max_length=12, choices=Reason.choices)
    amount = models.DecimalField(
        _("amount"), max_digits=5, decimal_places=1, help_text=_("Positive for a gain, negative for a spend.")
    )
    # The sheet whose verdict wrote this row: choosing another version replaces exactly these rows.
    # RESTRICT: a sheet is not deleted from under its rows, unless its race goes with both.
    sheet = models.ForeignKey(
        "races.RaceSheet",
        verbose_name=_("race sheet"),
        null=True,
        blank=True,
        on_delete=models.RESTRICT,
        related_name="experience",
    )
    note = models.CharField(_("note"), max_length=200, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("recorded by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(_("recorded at"), auto_now_add=True)

    objects = ShownQuerySet.as_manager()  # its changes show on the cached pages at once

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("experience entry")
        verbose_name_plural = _("experience ledger")
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(driver__isnull=False, team__isnull=True)
                    | models.Q(driver__isnull=True, team__isnull=False)
                ),
                name="experience_for_driver_xor_team",
                violation_error_message=_("An experience entry belongs to a driver or to a team, not both."),
            ),
            models.CheckConstraint(
                condition=~models.Q(amount=Decimal("0")),
                name="experience_amount_not_zero",
                violation_error_message=_("An experience entry moves at least 0.1 point."),
            ),
        ]

    def __str__(self) -> str:
        who = self.driver or self.team
        return f"{who}: {self.amount:+} ({self.get_reason_display()})"


# The entry list's requests live in their own module; importing them here registers them.
from league.entry_models import EntryRequest  # noqa: E402

__all__ = ["Driver", "EntryRequest", "ExperienceEntry", "GridRule", "Season", "SeasonEntry", "Team"]
