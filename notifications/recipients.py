"""What the notifications read of a recipient: the channels and language chosen, the name shown."""

from __future__ import annotations

import unicodedata
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


def one_line(text: str) -> str:
    """`text` with its control characters (CR, LF, tabs, bidi overrides…) and line separators
    gone: a name typed with a line break must not start a line of its own in a chat message."""
    spaced = "".join(" " if unicodedata.category(ch) in {"Cc", "Zl", "Zp"} else ch for ch in text)
    # invisible format characters (bidi overrides, zero-width joiners) go without a trace
    kept = "".join(ch for ch in spaced if unicodedata.category(ch) != "Cf")
    return " ".join(kept.split())


def display_name(user: AbstractBaseUser) -> str:
    profile = getattr(user, "profile", None)
    return one_line(profile.name if profile else user.get_username())
