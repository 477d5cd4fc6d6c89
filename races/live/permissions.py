"""Who may do what with a race-night table: anyone reads (watching is public); the race's
entrants and the stewards write, as they submit its sheets."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rest_framework.permissions import SAFE_METHODS, BasePermission

from races.sheets.selectors import sheet_submitter_allowed

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser
    from rest_framework.request import Request

    from races.models import Race


def table_writer_allowed(*, race: Race, user: AbstractBaseUser | None) -> bool:
    """The race's entrants (their driver's user) and the stewards record the race."""
    return sheet_submitter_allowed(race=race, user=user)


class ReadOrSignedIn(BasePermission):
    """Reads for anyone; a write needs a signed-in user (the service then checks the race)."""

    def has_permission(self, request: Request, view: Any) -> bool:
        return request.method in SAFE_METHODS or bool(request.user and request.user.is_authenticated)
