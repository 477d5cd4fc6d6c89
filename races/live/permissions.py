"""Who may do what with a race-night table: anyone reads (watching is public); the race's
entrants and the stewards write, as they submit its sheets."""

from __future__ import annotations

from typing import TYPE_CHECKING

from races.sheets.selectors import sheet_submitter_allowed

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

    from races.models import Race


def table_writer_allowed(*, race: Race, user: AbstractBaseUser | None) -> bool:
    """The race's entrants (their driver's user) and the stewards record the race."""
    return sheet_submitter_allowed(race=race, user=user)
