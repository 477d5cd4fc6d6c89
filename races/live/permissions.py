"""Who may do what with a race-night table: anyone reads (watching is public); the race's
entrants and the stewards write, as they submit its sheets."""

from __future__ import annotations

from typing import TYPE_CHECKING

from races.models import RaceEntry
from races.sheets.selectors import steward_may

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

    from races.models import Race


def table_writer_allowed(*, race: Race | int, user: AbstractBaseUser | None) -> bool:
    """The race's entrants (their driver's user) and the stewards record the race (`race`: the
    race or its id)."""
    if user is None or not user.is_authenticated:
        return False
    # `sheets.selectors.sheet_submitter_allowed`'s rule, asked as one cheap query (every move asks)
    return (
        steward_may(user, "add_racesheet")
        or RaceEntry.objects.filter(
            race_id=getattr(race, "pk", race), season_entry__driver__user=user
        ).exists()
    )
