"""Race sheets: submitted logs and their verdicts, photos, attempts, confirmations, protests, penalties.

Imported by `races.models`, so these are models of the `races` app.
"""

from __future__ import annotations

import uuid
from pathlib import PurePath

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from league.validators import PlainNames

# The hard ceiling of a stored log, whatever the settings say; the upload limit
# (settings.RACE_SHEET_MAX_BYTES, 2 MB) refuses bigger logs before they get here.
RAW_MAX_BYTES = 4 * 1024 * 1024


def _photo_path(folder: str, filename: str) -> str:
    # A random name: the player's file name (and whatever it says) stays on the player's disk.
    suffix = PurePath(filename).suffix.lower()
    return f"sheets/{timezone.now():%Y/%m}/{folder}/{uuid.uuid4().hex}{suffix}"


def photo_upload_to(instance: SheetPhoto, filename: str) -> str:
    return _photo_path("photos", filename)


def thumbnail_upload_to(instance: SheetPhoto, filename: str) -> str:
    return _photo_path("thumbs", filename)


class RaceSheet(models.Model):
    """One version of a race's (or its qualifying's) log, kept exactly as received, with its verdict."""

    class Kind(models.TextChoices):
        RACE = "race", _("race")
        QUALIFYING = "qualifying", _("qualifying")

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        VALIDATING = "validating", _("validating")
        VALID = "valid", _("valid")
        INVALID = "invalid", _("invalid")
        ERROR = "error", _("error")

    DONE = (Status.VALID, Status.INVALID)
    WAITING = (Status.PENDING, Status.VALIDATING)

    race = models.ForeignKey(
        "races.Race", verbose_name=_("race"), on_delete=models.CASCADE, related_name="sheets"
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.RACE)
    version = models.PositiveIntegerField(_("version"))
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("submitted by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="race_sheets",
    )
    submitted_at = models.DateTimeField(_("submitted at"), default=timezone.now)
    raw = models.BinaryField(
        _("log as received"),
        max_length=RAW_MAX_BYTES,
        help_text=_("The submitted bytes, unchanged, even when they are not a readable log."),
    )
    log = models.JSONField(_("log as read by the engine"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    verdict = models.JSONField(_("verdict"), null=True, blank=True)
    error = models.TextField(_("reason"), blank=True, help_text=_("Why the log is unreadable or failed."))
    chosen = models.BooleanField(
        _("chosen"), default=False, help_text=_("This version is the one the results come from.")
    )
    attempts = models.PositiveSmallIntegerField(_("validation attempts"), default=0)
    validated_at = models.DateTimeField(_("validated at"), null=True, blank=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    # The log itself never changes; its status, verdict and the chosen flag do, and who did it matters.
    history = HistoricalRecords(excluded_fields=["raw", "log"])

    class Meta:
        ordering = ["race", "kind", "-version"]
        verbose_name = _("race sheet")
        verbose_name_plural = _("race sheets")
        constraints = [
            models.UniqueConstraint(
                fields=["race", "kind", "version"],
                name="unique_sheet_version",
                violation_error_message=_("This race already has a sheet with this version number."),
            ),
            models.UniqueConstraint(
                fields=["race", "kind"],
                condition=models.Q(chosen=True),
                name="one_chosen_sheet_per_race_and_kind",
                violation_error_message=_("Another version of this sheet is already chosen."),
            ),
        ]
        indexes = [models.Index(fields=["status"], name="race_sheet_status_idx")]

    def __str__(self) -> str:
        return f"{self.race} — {self.get_kind_display()} v{self.version}"

    def get_absolute_url(self) -> str:
        return reverse("races:sheet", kwargs={"pk": self.pk})

    @property
    def raw_text(self) -> str:
        """The log as text, undecodable bytes shown as �."""
        return bytes(self.raw or b"").decode("utf-8", errors="replace")

    @property
    def is_done(self) -> bool:
        return self.status in self.DONE


class SheetPhoto(models.Model):
    """A photo of the paper sheet, re-encoded on arrival (EXIF and anything hidden dropped)."""

    sheet = models.ForeignKey(
        RaceSheet, verbose_name=_("race sheet"), on_delete=models.CASCADE, related_name="photos"
    )
    image = models.ImageField(
        _("image"), upload_to=photo_upload_to, width_field="width", height_field="height"
    )
    thumbnail = models.ImageField(_("thumbnail"), upload_to=thumbnail_upload_to)
    width = models.PositiveIntegerField(_("width"), default=0)
    height = models.PositiveIntegerField(_("height"), default=0)

    class Meta:
        ordering = ["sheet", "pk"]
        verbose_name = _("sheet photo")
        verbose_name_plural = _("sheet photos")

    def __str__(self) -> str:
        return f"{self.sheet} — {self.width}×{self.height}"


class SubmissionAttempt(models.Model):
    """Every try at submitting a sheet, accepted or refused: refused input leaves this trace."""

    class Outcome(models.TextChoices):
        ACCEPTED = "accepted", _("accepted")
        REFUSED = "refused", _("refused")
        FORBIDDEN = "forbidden", _("forbidden")
        TOO_LARGE = "too_large", _("too large")

    race = models.ForeignKey(
        "races.Race", verbose_name=_("race"), on_delete=models.CASCADE, related_name="submission_attempts"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    kind = models.CharField(_("kind"), max_length=10, choices=RaceSheet.Kind.choices, default="race")
    at = models.DateTimeField(_("at"), default=timezone.now)
    size = models.PositiveBigIntegerField(_("size (bytes)"), default=0)
    outcome = models.CharField(_("outcome"), max_length=10, choices=Outcome.choices)
    message = models.TextField(_("message"), blank=True)
    sheet = models.ForeignKey(
        RaceSheet,
        verbose_name=_("race sheet"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name = _("submission attempt")
        verbose_name_plural = _("submission attempts")

    def __str__(self) -> str:
        return f"{self.race} — {self.user} — {self.get_outcome_display()}"


class SheetConfirmation(models.Model):
    """Another entrant agrees the sheet tells the race as it was played."""

    sheet = models.ForeignKey(
        RaceSheet, verbose_name=_("race sheet"), on_delete=models.CASCADE, related_name="confirmations"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE, related_name="+"
    )
    confirmed_at = models.DateTimeField(_("confirmed at"), default=timezone.now)

    class Meta:
        ordering = ["sheet", "confirmed_at"]
        verbose_name = _("sheet confirmation")
        verbose_name_plural = _("sheet confirmations")
        constraints = [
            models.UniqueConstraint(
                fields=["sheet", "user"],
                name="one_confirmation_per_user",
                violation_error_message=_("You have already confirmed this sheet."),
            )
        ]

    def __str__(self) -> str:
        return f"{self.sheet} — {self.user}"


class Protest(PlainNames, models.Model):
    """An entrant disputes a validated sheet; the stewards uphold or dismiss it."""

    plain_name_fields = ()
    free_text_fields = ("reason", "decision")  # capped: league.validators.TEXT_MAX_CHARS

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        UPHELD = "upheld", _("upheld")
        DISMISSED = "dismissed", _("dismissed")

    sheet = models.ForeignKey(
        RaceSheet, verbose_name=_("race sheet"), on_delete=models.CASCADE, related_name="protests"
    )
    against = models.ForeignKey(
        "races.RaceEntry",
        verbose_name=_("car protested"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="protests",
    )
    filed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("filed by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    reason = models.TextField(_("reason"))
    filed_at = models.DateTimeField(_("filed at"), default=timezone.now)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("decided by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    decision = models.TextField(_("decision"), blank=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["-filed_at", "-pk"]
        verbose_name = _("protest")
        verbose_name_plural = _("protests")

    def __str__(self) -> str:
        return f"{self.sheet} — {self.filed_by} ({self.get_status_display()})"


class Penalty(PlainNames, models.Model):
    """Points and/or places a car loses in a race, by a stewards' decision."""

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
        Protest,
        verbose_name=_("protest"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="penalties",
    )
    points = models.PositiveSmallIntegerField(_("points lost"), default=0)
    places = models.PositiveSmallIntegerField(_("places lost"), default=0)
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

    history = HistoricalRecords()

    class Meta:
        ordering = ["decided_at", "pk"]
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(points__gt=0) | models.Q(places__gt=0),
                name="penalty_costs_something",
                violation_error_message=_("A penalty takes away points, places or both."),
            )
        ]

    def __str__(self) -> str:
        return f"{self.race_entry}: −{self.points} pts, −{self.places} places"
