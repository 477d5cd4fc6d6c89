"""The penalties that stand, read for the pages: a race's, a season's, a driver's, the grid's.

What a penalty does to a classification is the stewards' (sheets/penalties.py); the penalty itself
is part of the results, so every page that shows results can read it from here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from django.db.models import QuerySet

from races.models import Penalty, Race, RaceEntry

if TYPE_CHECKING:
    from league.models import Driver, Season


def race_penalties(*, race: Race) -> list[Penalty]:
    """A race's penalties in the order decided, with their car, driver and steward."""
    return list(
        Penalty.objects.filter(race_entry__race=race)
        .select_related("race_entry__season_entry__driver", "race_entry__season_entry__team", "decided_by")
        .order_by("decided_at", "pk")
    )


def next_race_of(penalty: Penalty) -> Race | None:
    """The first race after the penalised one that the car is entered in (its "next race")."""
    entry = (
        RaceEntry.objects.filter(
            season_entry_id=penalty.race_entry.season_entry_id,
            race__round__gt=penalty.race_entry.race.round,
        )
        .select_related("race")
        .order_by("race__round")
        .first()
    )
    return entry.race if entry else None


def grid_penalties_for(*, race: Race) -> list[Penalty]:
    """The grid penalties of earlier races that this race's grid serves, in the order decided."""
    candidates = (
        Penalty.objects.filter(
            kind=Penalty.Kind.GRID,
            race_entry__race__season_id=race.season_id,
            race_entry__race__round__lt=race.round,
            race_entry__season_entry__race_entries__race=race,
        )
        .select_related("race_entry__race", "race_entry__season_entry__driver")
        .order_by("decided_at", "pk")
    )
    return [penalty for penalty in candidates if (nxt := next_race_of(penalty)) and nxt.pk == race.pk]


def season_penalties(*, season: Season) -> QuerySet[Penalty]:
    """Every penalty of a season's counted races, for the standings' footnotes (one query)."""
    return (
        Penalty.objects.filter(
            race_entry__race__season=season, race_entry__race__status__in=Race.RESULT_STATUSES
        )
        .select_related("race_entry__race__circuit", "race_entry__season_entry__driver")
        .order_by("race_entry__race__round", "decided_at", "pk")
    )


def driver_penalties(*, driver: Driver) -> QuerySet[Penalty]:
    """Every penalty a driver was given, latest season first (one query)."""
    return (
        Penalty.objects.filter(race_entry__season_entry__driver=driver)
        .select_related("race_entry__race__season", "race_entry__race__circuit", "decided_by")
        .order_by("-race_entry__race__season__year", "race_entry__race__round", "decided_at", "pk")
    )


def penalised_driver_ids(penalties: Iterable[Penalty]) -> dict[int, list[int]]:
    """{driver id: [footnote numbers]} for the standings, footnotes numbered from 1 in `penalties` order."""
    marks: dict[int, list[int]] = {}
    for number, penalty in enumerate(penalties, start=1):
        marks.setdefault(penalty.race_entry.season_entry.driver_id, []).append(number)
    return marks
