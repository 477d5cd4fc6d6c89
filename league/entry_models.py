"""A season's entry list: players (or their team managers) ask, the stewards decide.

Imported by `league.models`, so these are models of the `league` app.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class EntryRequest(models.Model):
    """One driver asking for a car of a team in a season; accepted, it becomes a season entry."""

    class Status(models.TextChoices):
        PENDING = "pending", _("awaiting the stewards")
        WAITING = "waiting", _("on the waiting list")
        ACCEPTED = "accepted", _("accepted")
        REFUSED = "refused", _("refused")

    # A driver (or an account) holds one live request per season at a time.
    LIVE = (Status.PENDING, Status.WAITING, Status.ACCEPTED)

    season = models.ForeignKey(
        "league.Season", verbose_name=_("season"), on_delete=models.CASCADE, related_name="entry_requests"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="entry_requests",
        help_text=_("The account that will drive; its driver is made on acceptance if it has none."),
    )
    driver = models.ForeignKey(
        "league.Driver",
        verbose_name=_("driver"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="entry_requests",
    )
    team = models.ForeignKey(
        "league.Team", verbose_name=_("team"), on_delete=models.PROTECT, related_name="entry_requests"
    )
    car_number = models.PositiveSmallIntegerField(
        _("preferred car number"), validators=[MinValueValidator(1)]
    )
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    reason = models.TextField(_("reason given"), blank=True, help_text=_("Why the request is refused."))
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("requested by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    requested_at = models.DateTimeField(_("requested at"), default=timezone.now)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("decided by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    season_entry = models.OneToOneField(
        "league.SeasonEntry",
        verbose_name=_("season entry"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="request",
    )

    class Meta:
        ordering = ["season", "requested_at", "pk"]
        verbose_name = _("entry request")
        verbose_name_plural = _("entry requests")
        constraints = [
            models.UniqueConstraint(
                fields=["season", "user"],
                condition=models.Q(status__in=["pending", "waiting", "accepted"]),
                name="one_live_request_per_user_and_season",
                violation_error_message=_("You have already asked to enter this season."),
            ),
            models.UniqueConstraint(
                fields=["season", "driver"],
                condition=models.Q(status__in=["pending", "waiting", "accepted"]),
                name="one_live_request_per_driver_and_season",
                violation_error_message=_("This driver has already asked to enter this season."),
            ),
            models.CheckConstraint(
                condition=models.Q(user__isnull=False) | models.Q(driver__isnull=False),
                name="entry_request_names_someone",
                violation_error_message=_("An entry request names a player or a driver."),
            ),
        ]

    def __str__(self) -> str:
        who = self.driver or self.user
        return f"{self.season}: {who} ({self.team}, #{self.car_number})"
