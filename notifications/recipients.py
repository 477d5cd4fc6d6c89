"""What the notifications read of a recipient: the channels and language chosen, the name shown."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser


def preferences(user: AbstractBaseUser) -> tuple[bool, bool, str]:
    """(by e-mail, on the league's chat, language): the profile's, else every channel in the league's."""
    profile = getattr(user, "profile", None)
    if profile is None:
        return True, True, settings.LANGUAGE_CODE
    return profile.notify_email, profile.notify_webhook, profile.language


def display_name(user: AbstractBaseUser) -> str:
    profile = getattr(user, "profile", None)
    return profile.name if profile else user.get_username()
