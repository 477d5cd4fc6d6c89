"""Reading and writing a driver's remote-race preferences, with the two channels his profile keeps
(e-mail and the league's chat) beside the push channel kept here."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import time
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.profiles import profile_for, profile_update
from remote.clock import known_zone
from remote.models import RemotePrefs, clocks_look_again

PREFS_FIELDS = (
    "time_zone",
    "play_days",
    "play_from",
    "play_until",
    "quiet_from",
    "quiet_until",
    "notify_push",
)
PROFILE_CHANNELS = ("notify_email", "notify_webhook")


def quiet_hours_errors(quiet_from: time | None, quiet_until: time | None) -> dict[str, ValidationError]:
    """Quiet hours need both ends or neither: the error on the end left out."""
    if (quiet_from is None) == (quiet_until is None):
        return {}
    missing = "quiet_until" if quiet_until is None else "quiet_from"
    return {missing: ValidationError(_("Give both ends of your quiet hours, or neither."), code="quiet_half")}


def prefs_for(user: Any) -> RemotePrefs:
    """His preferences, unsaved defaults when he never set any (no row is written by a read)."""
    return RemotePrefs.objects.filter(user=user).first() or RemotePrefs(user=user)


@transaction.atomic
def remote_prefs_update(*, user: Any, data: Mapping[str, Any]) -> RemotePrefs:
    """Save the preferences in `data` (any of `PREFS_FIELDS` and `PROFILE_CHANNELS`).

    Refused (ValidationError, by field and code): `unknown_zone`, `no_day`, `quiet_half` (quiet
    hours need both ends)."""
    prefs = prefs_for(user)
    for name in PREFS_FIELDS:
        if name in data:
            setattr(prefs, name, data[name])
    try:
        prefs.play_days = sorted({int(d) for d in prefs.play_days or ()})
    except (TypeError, ValueError):
        prefs.play_days = []
    errors: dict[str, ValidationError] = {}
    if not known_zone(prefs.time_zone):
        errors["time_zone"] = ValidationError(
            _("%(zone)s is not a time zone we know."), code="unknown_zone", params={"zone": prefs.time_zone}
        )
    if not prefs.play_days or not set(prefs.play_days) <= set(range(7)):
        errors["play_days"] = ValidationError(_("Choose at least one day."), code="no_day")
    errors.update(quiet_hours_errors(prefs.quiet_from, prefs.quiet_until))
    if errors:
        raise ValidationError(errors)
    prefs.full_clean()
    prefs.save()
    channels = {name: data[name] for name in PROFILE_CHANNELS if name in data}
    if channels:
        profile_update(profile=profile_for(user), data=channels)
    clocks_look_again(user)
    return prefs
