"""Circuits: the boards, each stored as its circuit document (validated by the rules engine)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from core.page_cache import ShownQuerySet
from core.validators import PlainNames


class Circuit(PlainNames, models.Model):
    """A board, stored as its `formule-de/circuit@1` document (validated by the rules engine)."""

    slug = models.SlugField(_("id"), unique=True, help_text=_("The circuit id used in race logs."))
    name = models.CharField(_("name"), max_length=80)
    country = models.CharField(_("country"), max_length=2, blank=True)
    document = models.JSONField(_("circuit document"), help_text=_("formule-de/circuit@1 JSON"))
    # The board's picture: a traced @2 board's squares are placed on it (x, y in its pixels).
    image = models.ImageField(_("board image"), upload_to="circuits/", blank=True)

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
        from rules.track import CircuitError, load_circuit

        if not isinstance(self.document, dict):
            raise ValidationError({"document": _("The circuit document must be a JSON object.")})
        try:
            load_circuit(self.document)
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
