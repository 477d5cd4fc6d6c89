"""How a grid was drawn when the season draws it: the seed and the order, so anyone can check it.

Imported by `races.models`, so this is a model of the `races` app.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class GridDraw(models.Model):
    race = models.OneToOneField(
        "races.Race", verbose_name=_("race"), on_delete=models.CASCADE, related_name="grid_draw"
    )
    seed = models.CharField(_("seed"), max_length=64)
    order = models.JSONField(_("car numbers, pole first"))
    drawn_at = models.DateTimeField(_("drawn at"), default=timezone.now)
    drawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("drawn by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        verbose_name = _("grid draw")
        verbose_name_plural = _("grid draws")

    def __str__(self) -> str:
        return f"{self.race}: {' '.join(map(str, self.order))}"
