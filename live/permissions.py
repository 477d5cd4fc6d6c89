"""Who may do what with a race-night table: anyone reads (watching is public); the race's
entrants and the stewards write, as they submit its sheets."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db.models import Exists, OuterRef, QuerySet, Value

from races.models import RaceEntry
from sheets.selectors import steward_may

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

    from races.models import Race


def table_writer_allowed(
    *, race: Race | int, user: AbstractBaseUser | None, entrant: bool | None = None
) -> bool:
    """The race's entrants (their driver's user) and the stewards record the race (`race`: the
    race or its id). `entrant`: already asked (`entrant_exists`, read with the table's row)."""
    if user is None or not user.is_authenticated:
        return False
    # `sheets.selectors.sheet_submitter_allowed`'s rule, asked as one cheap query (every move asks)
    if steward_may(user, "add_racesheet"):
        return True
    if entrant is not None:
        return entrant
    return entrants(race=getattr(race, "pk", race), user=user).exists()


def entrants(*, race: Race | int | OuterRef, user: AbstractBaseUser) -> QuerySet[RaceEntry]:
    """The race's entries driven by `user` (`race` may be an `OuterRef` to annotate a row)."""
    return RaceEntry.objects.filter(race_id=race, season_entry__driver__user=user)


def entrant_exists(user: AbstractBaseUser | None, race: str = "race_id") -> Exists | Value:
    """An annotation: whether `user` drives a car of the row's race (False for anonymous)."""
    if user is None or not user.is_authenticated:
        return Value(False)
    return Exists(entrants(race=OuterRef(race), user=user))
