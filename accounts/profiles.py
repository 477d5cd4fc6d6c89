"""Reading and writing profiles; a linked driver follows its player's name, country and avatar."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from accounts.models import Profile

PROFILE_FIELDS = ("display_name", "avatar", "country", "language", "notify_email", "notify_webhook")


def profile_for(user: AbstractBaseUser) -> Profile:
    """The user's profile, made on first need (accounts made before profiles existed have none)."""
    profile, _created = Profile.objects.get_or_create(user=user)
    return profile


@transaction.atomic
def profile_update(*, profile: Profile, data: Mapping[str, Any] | None = None) -> Profile:
    """Save the profile (with `data` set first, or as a ModelForm left it) and its driver's face."""
    for field in PROFILE_FIELDS:
        if data and field in data:
            setattr(profile, field, data[field])
    profile.full_clean()
    profile.save()
    driver = getattr(profile.user, "driver", None)
    if driver is not None:
        # The public driver pages show what the player chose for himself.
        driver.name = profile.name
        driver.country = profile.country.code or ""
        if profile.avatar:
            driver.avatar = profile.avatar
        driver.save(update_fields=["name", "country", "avatar"])
    return profile
