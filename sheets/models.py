"""Race sheets: submitted logs and their verdicts, photos, attempts, confirmations, protests, penalties.

Models of the `races` app (their tables were made there): `app_label` says so.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from core.json_field import JSONDocumentField
from core.page_cache import ShownQuerySet
from core.storage_names import photo_upload_to, thumbnail_upload_to
from core.validators import PlainNames
from races.models import Penalty

# The hard ceiling of a stored log, whatever the settings say; the upload limit
# (settings.RACE_SHEET_MAX_BYTES, 2 MB) refuses bigger logs before they get here.
RAW_MAX_BYTES = 4 * 1024 * 1024


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
        REJECTED = "rejected", _("rejected by the stewards")
        # photos of a paper sheet without a log: the stewards record it on the race-night page
        TRANSCRIBE = "transcribe", _("photos to transcribe")

    # Judged for good: validating again leaves these alone (a rejected sheet stays rejected).
    DONE = (Status.VALID, Status.INVALID, Status.REJECTED)
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
    log = JSONDocumentField(_("log as read by the engine"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    verdict = JSONDocumentField(_("verdict"), null=True, blank=True)
    error = models.TextField(_("reason"), blank=True, help_text=_("Why the log is unreadable or failed."))
    # Why it could not be judged, as data (sheets/failures.py): the pages word it in the reader's language.
    error_code = models.CharField(_("reason's code"), max_length=20, blank=True)
    error_params = models.JSONField(_("reason's details"), default=dict, blank=True)
    rejection = models.TextField(
        _("reason for the rejection"), blank=True, help_text=_("Why the stewards rejected this version.")
    )
    chosen = models.BooleanField(
        _("chosen"), default=False, help_text=_("This version is the one the results come from.")
    )
    attempts = models.PositiveSmallIntegerField(_("validation attempts"), default=0)
    validated_at = models.DateTimeField(_("validated at"), null=True, blank=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    # The task that has the sheet while it is `validating` (sheets.judging._claim): another
    # delivery of the sheet leaves it to that task, whose own message comes back if its worker dies.
    claim = models.CharField(_("claimed by task"), max_length=64, blank=True, editable=False)

    # The log itself never changes; its status, verdict and the chosen flag do, and who did it matters.
    history = HistoricalRecords(excluded_fields=["raw", "log", "claim"])

    objects = ShownQuerySet.as_manager()  # its changes show on the cached pages at once

    class Meta:
        app_label = "races"  # the tables keep their app: no data moves
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
        return reverse("sheets:sheet", kwargs={"pk": self.pk})

    @property
    def raw_text(self) -> str:
        """The log as text, undecodable bytes shown as �."""
        return bytes(self.raw or b"").decode("utf-8", errors="replace")

    @property
    def is_done(self) -> bool:
        return self.status in self.DONE


class Photo(models.Model):
    """A photo re-encoded on arrival (EXIF and anything hidden dropped), with its thumbnail."""

    image = models.ImageField(
        _("image"), upload_to=photo_upload_to, width_field="width", height_field="height"
    )
    thumbnail = models.ImageField(_("thumbnail"), upload_to=thumbnail_upload_to)
    width = models.PositiveIntegerField(_("width"), default=0)
    height = models.PositiveIntegerField(_("height"), default=0)

    class Meta:
        abstract = True


class SheetPhoto(Photo):
    """A photo of the paper sheet."""

    sheet = models.ForeignKey(
        RaceSheet, verbose_name=_("race sheet"), on_delete=models.CASCADE, related_name="photos"
    )

    class Meta:
        app_label = "races"  # the tables keep their app: no data moves
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
        app_label = "races"  # the tables keep their app: no data moves
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
        app_label = "races"  # the tables keep their app: no data moves
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
    """An entrant disputes a validated sheet; the stewards uphold or dismiss it.

    The complainant's words, the date and the author never change once filed (`IMMUTABLE`).
    """

    plain_name_fields = ()
    free_text_fields = ("reason", "decision")  # capped: core.validators.TEXT_MAX_CHARS

    class Status(models.TextChoices):
        OPEN = "open", _("open")
        UPHELD = "upheld", _("upheld")
        DISMISSED = "dismissed", _("dismissed")
        WITHDRAWN = "withdrawn", pgettext_lazy("protest status", "withdrawn")

    IMMUTABLE = ("sheet_id", "against_id", "filed_by_id", "reason", "filed_at", "turn")
    DECIDED = (Status.UPHELD, Status.DISMISSED)

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
    turn = models.PositiveSmallIntegerField(
        _("turn"), null=True, blank=True, help_text=_("The turn of the race the protest is about.")
    )
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
        app_label = "races"  # the tables keep their app: no data moves
        ordering = ["-filed_at", "-pk"]
        verbose_name = _("protest")
        verbose_name_plural = _("protests")
        constraints = [
            # One stance per entrant and sheet: a withdrawn protest makes room for another word.
            models.UniqueConstraint(
                fields=["sheet", "filed_by"],
                condition=~models.Q(status="withdrawn"),
                name="one_protest_per_entrant_and_sheet",
                violation_error_message=_("You have already protested this sheet."),
            )
        ]

    def __str__(self) -> str:
        return f"{self.sheet} — {self.filed_by} ({self.get_status_display()})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            stored = type(self).objects.filter(pk=self.pk).values(*self.IMMUTABLE).first()
            if stored is not None and any(stored[f] != getattr(self, f) for f in self.IMMUTABLE):
                raise ValidationError(
                    _("A protest's words, date, author, car and turn cannot be changed once filed."),
                    code="immutable",
                )
        super().save(*args, **kwargs)

    def replay_url(self) -> str:
        """The race's replay at the protest's turn (the replay page's #turn-N anchor)."""
        url = reverse("sheets:race-replay", kwargs={"pk": self.sheet.race_id})
        return f"{url}#turn-{self.turn}" if self.turn else url


class ProtestPhoto(Photo):
    """Evidence with a protest: a photo, re-encoded on arrival like a sheet's."""

    protest = models.ForeignKey(
        Protest, verbose_name=_("protest"), on_delete=models.CASCADE, related_name="photos"
    )

    class Meta:
        app_label = "races"  # the tables keep their app: no data moves
        ordering = ["protest", "pk"]
        verbose_name = _("protest photo")
        verbose_name_plural = _("protest photos")

    def __str__(self) -> str:
        return f"{self.protest} — {self.width}×{self.height}"


class RaceEvent(models.Model):
    """One line of a race's stewarding history: who did what, when and why (sheets/audit.py writes it)."""

    class Kind(models.TextChoices):
        PROTEST_FILED = "filed", _("protest filed")
        PROTEST_WITHDRAWN = "withdrawn", _("protest withdrawn")
        DECISION = "decision", _("protest decided")
        PENALTY = "penalty", _("penalty")
        REJECTION = "rejection", _("sheet rejected")
        CHOICE = "choice", _("version chosen")
        PUBLICATION = "publication", _("results published")
        REOPENING = "reopening", _("results reopened")
        MOVE_UNDONE = "move_undone", _("remote move taken back")

    # What the public reads on the race page; complaints not yet judged stay with the stewards.
    PUBLIC = (
        Kind.DECISION,
        Kind.PENALTY,
        Kind.REJECTION,
        Kind.CHOICE,
        Kind.PUBLICATION,
        Kind.REOPENING,
        Kind.MOVE_UNDONE,
    )

    race = models.ForeignKey(
        "races.Race", verbose_name=_("race"), on_delete=models.CASCADE, related_name="events"
    )
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices)
    at = models.DateTimeField(_("at"), default=timezone.now)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # What happened, as data (car, version, amounts…): summary() words it in the reader's language.
    data = models.JSONField(_("details"), default=dict, blank=True)
    why = models.TextField(_("why"), blank=True)
    public = models.BooleanField(_("public"), default=True)
    sheet = models.ForeignKey(
        RaceSheet,
        verbose_name=_("race sheet"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    protest = models.ForeignKey(
        Protest, verbose_name=_("protest"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    penalty = models.ForeignKey(
        Penalty, verbose_name=_("penalty"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        app_label = "races"  # the tables keep their app: no data moves
        ordering = ["race", "at", "pk"]
        verbose_name = _("stewarding event")
        verbose_name_plural = _("stewarding history")

    def __str__(self) -> str:
        return f"{self.race} — {self.get_kind_display()}: {self.summary()}"

    def summary(self) -> str:
        """What happened, in words."""
        data, kind = self.data or {}, self.Kind
        car = data.get("car")
        if self.kind == kind.PENALTY:
            penalty = Penalty(
                kind=data.get("kind", Penalty.Kind.REPRIMAND),
                points=data.get("points", 0),
                places=data.get("places", 0),
                grid_places=data.get("grid_places", 0),
            )
            return gettext("Car %(car)s: %(penalty)s") % {"car": car, "penalty": penalty.describe()}
        if self.kind in (kind.PROTEST_FILED, kind.PROTEST_WITHDRAWN, kind.DECISION):
            target = (
                gettext("against car %(car)s") % {"car": car} if car else gettext("against the whole sheet")
            )
            words = {
                kind.PROTEST_FILED: gettext("Protest by %(who)s %(target)s, version %(version)s"),
                kind.PROTEST_WITHDRAWN: gettext("Protest by %(who)s %(target)s withdrawn"),
                kind.DECISION: gettext("Protest by %(who)s %(target)s: %(outcome)s"),
            }[self.kind]
            outcome = Protest.Status(data["outcome"]).label if data.get("outcome") in Protest.Status else ""
            return words % {
                "who": data.get("who", "—"),
                "target": target,
                "version": data.get("version", "—"),
                "outcome": outcome,
            }
        if self.kind == kind.REJECTION:
            return gettext("Version %(version)s rejected") % {"version": data.get("version", "—")}
        if self.kind == kind.CHOICE:
            return gettext("Version %(version)s chosen") % {"version": data.get("version", "—")}
        if self.kind == kind.PUBLICATION:
            if data.get("override"):
                return gettext("Results published by a stewards' override")
            return gettext("Results published")
        return gettext("Results reopened")
