"""Rounds on several tables: a board seats 10 cars at most, so a bigger field runs a round as several
races (tables) of the same round. Each table is judged and scored on its own, and the standings
add up every table (they count races, not rounds)."""

from __future__ import annotations

import math
import random
import secrets

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from races.models import Race, RaceEntry
from races.services import OPEN_STATUSES
from races.standings import driver_standings

TABLE_SEATS = 10  # cars on one board


def round_tables(race: Race) -> list[Race]:
    return list(Race.objects.filter(season_id=race.season_id, round=race.round).order_by("table"))


def _by_standings(race: Race, entries: list[RaceEntry]) -> list[RaceEntry]:
    place = {row.driver.pk: i for i, row in enumerate(driver_standings(season=race.season))}
    return sorted(
        entries, key=lambda e: (place.get(e.season_entry.driver_id, len(place)), e.season_entry.car_number)
    )


@transaction.atomic
def round_split(
    *, race: Race, tables: int | None = None, by: str = "standings", seed: str | None = None
) -> tuple[list[Race], str]:
    """Spread the round's cars over `tables` races (enough for 10 a table when not given).

    By standings the leaders share table 1; drawn, the cars are shuffled with `seed` (returned, so
    the draw can be told and checked). The stewards may move a car afterwards in the admin.
    """
    races = round_tables(race)
    if any(r.status not in OPEN_STATUSES for r in races):
        raise ValidationError(_("This round is run: its tables stay as they were raced."))
    entries = list(
        RaceEntry.objects.filter(race__in=races)
        .select_related("season_entry")
        .order_by("season_entry__car_number")
    )
    tables = tables or max(1, math.ceil(len(entries) / TABLE_SEATS))
    if math.ceil(len(entries) / tables) > TABLE_SEATS:
        raise ValidationError(
            _("%(n)d cars on %(t)d tables is more than %(seats)d a table.")
            % {"n": len(entries), "t": tables, "seats": TABLE_SEATS}
        )
    if by == "draw":
        seed = seed or secrets.token_hex(8)
        random.Random(seed).shuffle(entries)
    else:
        entries = _by_standings(race, entries)
        seed = ""
    first = races[0]
    while len(races) < tables:
        # The new table starts empty (Race.objects.create, not race_create): every car is placed below.
        races.append(
            Race.objects.create(
                season=first.season,
                round=first.round,
                table=len(races) + 1,
                circuit=first.circuit,
                scheduled_at=first.scheduled_at,
                laps=first.laps,
                status=first.status,
            )
        )
    size = math.ceil(len(entries) / tables) if entries else 0
    for index, entry in enumerate(entries):
        target = races[index // size] if size else races[0]
        if entry.race_id != target.pk:
            entry.race = target
            entry.grid_slot = None  # the grid is set per table
            entry.save(update_fields=["race", "grid_slot"])
    return races[:tables], seed
