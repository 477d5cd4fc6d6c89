"""Circuits: the boards, each stored as its circuit document (validated by the rules engine)."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from core.page_cache import ShownQuerySet
from core.validators import PlainNames


class Circuit(PlainNames, models.Model):
    """A board, stored as its `formule-de/circuit@1` or `@2` document (validated by the rules engine)."""

    slug = models.SlugField(_("id"), unique=True, help_text=_("The circuit id used in race logs."))
    name = models.CharField(_("name"), max_length=80)
    country = models.CharField(_("country"), max_length=2, blank=True)
    document = models.JSONField(_("circuit document"), help_text=_("formule-de/circuit@1 or @2 JSON"))
    # The board's picture: a traced @2 board's squares are placed on it (x, y in its pixels).
    image = models.ImageField(_("board image"), upload_to="circuits/", blank=True)
    # A board a run race was played on never changes: the editor publishes its edit as a new
    # circuit, version + 1, which names the one it replaces (docs/circuit-format.md, "On the site").
    version = models.PositiveSmallIntegerField(_("version"), default=1)
    previous = models.ForeignKey(
        "self",
        verbose_name=_("previous version"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="next_versions",
    )

    objects = ShownQuerySet.as_manager()  # its changes show on the cached pages at once

    class Meta:
        app_label = "races"  # the tables keep their app: no data moves
        ordering = ["name"]
        verbose_name = _("circuit")
        verbose_name_plural = _("circuits")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("races:circuit", kwargs={"slug": self.slug})

    def clean(self) -> None:
        # The engine is the one judge of a circuit; its errors name the field at fault.
        from rules.circuits import CircuitError, load

        if not isinstance(self.document, dict):
            raise ValidationError({"document": _("The circuit document must be a JSON object.")})
        try:
            load(self.document)
        except CircuitError as exc:
            from core.read_errors import reading_text  # in the reader's language, from the error's code

            raise ValidationError({"document": reading_text(exc)}) from exc
        if self.slug and self.document.get("id") != self.slug:
            raise ValidationError(
                {
                    "document": _("id: the document's id %(doc)r differs from the circuit's id %(slug)r.")
                    % {"doc": self.document.get("id"), "slug": self.slug}
                }
            )


class BoardDraft(models.Model):
    """A board being traced in the editor, kept server side: its picture, what the person drew
    (`trace`), the `@2` document worked out from it, the engine's problems and the last test drive."""

    class Drive(models.TextChoices):
        NONE = "", _("not driven")
        RUNNING = "running", _("running")
        PASSED = "passed", _("passed")
        FAILED = "failed", _("failed")

    class Source(models.TextChoices):
        TRACED = "", _("traced in the editor")
        GPO = "gpo", _("a GP Online track file")
        JSON = "json", _("a circuit JSON document")

    circuit = models.ForeignKey(
        Circuit,
        verbose_name=_("circuit"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="drafts",
        help_text=_("The board this draft edits; empty for a new board."),
    )
    slug = models.SlugField(_("id"), help_text=_("The circuit id used in race logs."))
    name = models.CharField(_("name"), max_length=80)
    # Empty only on a board imported from a file without its picture: drawn on a blank page.
    image = models.ImageField(_("board image"), upload_to="circuits/drafts/", blank=True)
    width = models.PositiveIntegerField(_("width"), default=0)
    height = models.PositiveIntegerField(_("height"), default=0)
    trace = models.JSONField(_("trace"), default=dict, blank=True)
    # A board imported from a file is not traced: its document as imported, which the editor's
    # arrows and laps change (`trace` then holds only those changes).
    source = models.CharField(
        _("imported from"), max_length=8, choices=Source.choices, default=Source.TRACED, blank=True
    )
    imported = models.JSONField(_("imported document"), default=dict, blank=True)
    document = models.JSONField(_("circuit document"), default=dict, blank=True)
    problems = models.JSONField(_("problems"), default=list, blank=True)
    drive = models.CharField(
        _("test drive"), max_length=8, choices=Drive.choices, default=Drive.NONE, blank=True
    )
    drive_report = models.JSONField(_("test drive report"), default=dict, blank=True)
    # The document the last test drive raced on: publishing needs a pass of this very board.
    drive_digest = models.CharField(_("test-driven document"), max_length=64, blank=True)
    published = models.ForeignKey(
        Circuit,
        verbose_name=_("published as"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        app_label = "races"  # beside Circuit, whose migrations are in races/
        ordering = ["-updated_at"]
        verbose_name = _("board draft")
        verbose_name_plural = _("board drafts")

    def __str__(self) -> str:
        return self.name or self.slug

    def get_absolute_url(self) -> str:
        return reverse("circuits:editor", kwargs={"pk": self.pk})

    @property
    def is_imported(self) -> bool:
        return self.source != self.Source.TRACED
