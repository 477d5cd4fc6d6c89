"""Who a failed login counts against (django-axes): the account it was aimed at, together with the
client's address (AXES_LOCKOUT_PARAMETERS), so that a guesser locks out himself, never the player."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.http import HttpRequest


def lockout_username(request: HttpRequest, credentials: dict[str, Any] | None) -> str | None:
    """The account named by a login attempt, one key whatever form it was typed in: a user name or
    an e-mail address (allauth's login takes both), in any case."""
    credentials = credentials or {}
    typed = credentials.get("username") or credentials.get("email")
    if typed is None:  # axes asking before any credentials: the form's own field
        data = getattr(request, "data", None) or getattr(request, "POST", {})
        typed = (data.get("username") or data.get("login")) if hasattr(data, "get") else None
    if not isinstance(typed, str) or not typed.strip():
        return None
    typed = typed.strip()
    if "@" in typed:
        # Typed as an address, counted as the account it belongs to: no second set of guesses.
        found = get_user_model().objects.filter(email__iexact=typed).values_list("username", flat=True)
        typed = found.first() or typed
    return typed.casefold()
