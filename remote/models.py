"""What a remote race keeps beside its race-night table: each driver's hours and channels, his
vacations, his browsers' push subscriptions, and each car's clock on a table."""

from __future__ import annotations

from datetime import time

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from live.models import LiveTable

ALL_DAYS = [0, 1, 2, 3, 4, 5, 6]  # Monday is 0, as `date.weekday()` counts


def all_days() -> list[int]:
    return list(ALL_DAYS)


class RemotePrefs(models.Model):
    """A driver's clock and notices: the hours his move clock runs in (days of the week and a
    daily window, in his time zone), his quiet hours (no notice then; the clock still runs), and
    the channels he wants "your move" on. No row: every day, all day, every channel."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        on_delete=models.CASCADE,
        related_name="remote_prefs",
    )
    time_zone = models.CharField(_("time zone"), max_length=64, default="Europe/Paris")
    play_days = models.JSONField(
        _("days my clock runs"), default=all_days, help_text=_("0 is Monday … 6 is Sunday.")
    )
    play_from = models.TimeField(_("my clock runs from"), default=time(0))
    play_until = models.TimeField(
        _("until"), default=time(0), help_text=_("The same time as 'from': the whole day.")
    )
    quiet_from = models.TimeField(_("quiet from"), null=True, blank=True)
    quiet_until = models.TimeField(_("quiet until"), null=True, blank=True)
    notify_push = models.BooleanField(_("tell me by a push notice on my devices"), default=True)

    class Meta:
        verbose_name = _("remote-race preferences")
        verbose_name_plural = _("remote-race preferences")

    def __str__(self) -> str:
        return str(self.user)


class Vacation(models.Model):
    """Days a driver's clock stops, in a season (at most the season's `vacation_days` in all)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE, related_name="vacations"
    )
    season = models.ForeignKey(
        "league.Season", verbose_name=_("season"), on_delete=models.CASCADE, related_name="vacations"
    )
    starts_on = models.DateField(_("first day"))
    ends_on = models.DateField(_("last day"))
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        ordering = ["user", "starts_on"]
        verbose_name = _("vacation")
        verbose_name_plural = _("vacations")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_on__gte=models.F("starts_on")), name="vacation_ends_after_it_starts"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.starts_on}–{self.ends_on}"

    @property
    def days(self) -> int:
        return (self.ends_on - self.starts_on).days + 1


class PushSubscription(models.Model):
    """One browser's Web Push subscription (the Push API's `endpoint` and keys)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        on_delete=models.CASCADE,
        related_name="push_subscriptions",
    )
    endpoint = models.URLField(_("endpoint"), max_length=1000, unique=True)
    p256dh = models.CharField(_("public key"), max_length=200)
    auth = models.CharField(_("auth secret"), max_length=100)
    user_agent = models.CharField(_("browser"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        ordering = ["user", "-created_at"]
        verbose_name = _("push subscription")
        verbose_name_plural = _("push subscriptions")

    def __str__(self) -> str:
        return f"{self.user} · {self.endpoint[:40]}"


class CarClockQuerySet(models.QuerySet):
    def waiting(self) -> CarClockQuerySet:
        """The clocks of the cars whose move is awaited now, on tables still playing."""
        return self.filter(
            step=models.F("table__steps"), due_at__isnull=False, table__status=LiveTable.Status.PLAYING
        )


# a clock whose car is not awaited (its fields as `update(**NOT_WAITING)` sets them)
NOT_WAITING = {"step": None, "waiting_since": None, "due_at": None, "look_at": None}


class CarClock(models.Model):
    """One car's clock on a remote table: since when its move is awaited, when the autopilot
    plays it, the moves it missed in a row, and the gear its driver set in advance."""

    table = models.ForeignKey(
        "races.LiveTable", verbose_name=_("table"), on_delete=models.CASCADE, related_name="clocks"
    )
    car = models.CharField(_("car"), max_length=16)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("driver"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="car_clocks",
    )
    # the table's steps when the car's move became due (None: not its move)
    step = models.PositiveIntegerField(_("waiting at step"), null=True, blank=True)
    waiting_since = models.DateTimeField(_("waiting since"), null=True, blank=True)
    due_at = models.DateTimeField(_("autopilot at"), null=True, blank=True)
    # the next instant the sweep has something to do for this clock (a notice held through quiet
    # hours, a reminder, the deadline): a sweep reads only the clocks due, not every one waiting
    look_at = models.DateTimeField(_("next look"), null=True, blank=True)
    missed = models.PositiveSmallIntegerField(_("moves missed in a row"), default=0)
    autopilot = models.BooleanField(
        _("on autopilot"),
        default=False,
        help_text=_("Three moves missed in a row: until the driver comes back."),
    )
    advance_gear = models.PositiveSmallIntegerField(
        _("next gear, set in advance"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(7)],
    )

    objects = CarClockQuerySet.as_manager()

    class Meta:
        ordering = ["table", "car"]
        verbose_name = _("car clock")
        verbose_name_plural = _("car clocks")
        constraints = [models.UniqueConstraint(fields=["table", "car"], name="one_clock_per_car")]
        indexes = [
            models.Index(fields=["due_at"], name="clock_due_idx"),
            models.Index(fields=["look_at"], name="clock_look_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.table_id} car {self.car}"


def clocks_look_again(user: object) -> int:
    """His hours, quiet hours or vacations changed: the next sweep looks at his waiting clocks
    (a notice held may go now, a reminder's time moved). The deadlines already set stay."""
    from django.utils import timezone

    return CarClock.objects.filter(user=user, due_at__isnull=False).update(look_at=timezone.now())
