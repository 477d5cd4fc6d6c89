"""Race entries in bulk: every car of a season's entry list in every race not yet run, and the grid
set by the season's rule when no valid qualifying sheet sets it."""

from __future__ import annotations

import random
import secrets
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from league.models import GridRule, Season, SeasonEntry
from races.models import GridDraw, Race, RaceEntry
from races.results import race_grid_record
from races.services import OPEN_STATUSES, race_entries_fill, race_entry_create
from races.standings import driver_standings

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser


def remaining_races(*, season: Season):  # noqa: ANN201 - a QuerySet[Race]
    return Race.objects.filter(season=season, status__in=OPEN_STATUSES).order_by("round", "table")


@transaction.atomic
def season_entry_list_accept(*, season: Season) -> int:
    """The stewards' one action: the whole entry list in every race still to run, and in every race
    added later (race_create() and the admin fill those). Idempotent; returns the race entries made."""
    if season.entry_list_accepted_at is None:
        season.entry_list_accepted_at = timezone.now()
        season.save(update_fields=["entry_list_accepted_at"])
    return sum(len(race_entries_fill(race=race)) for race in remaining_races(season=season))


@transaction.atomic
def season_entry_race_entries(*, season_entry: SeasonEntry) -> list[RaceEntry]:
    """A newly accepted car joins every race of its season still to run."""
    made = []
    rounds: dict[int, list[Race]] = {}
    for race in remaining_races(season=season_entry.season):
        rounds.setdefault(race.round, []).append(race)
    for tables in rounds.values():
        if RaceEntry.objects.filter(race__in=tables, season_entry=season_entry).exists():
            continue
        # A round on several tables: the car joins the emptiest one.
        race = min(tables, key=lambda r: (r.entries.count(), r.table))
        made.append(race_entry_create(race=race, season_entry=season_entry))
    return made


def _entry_order(race: Race) -> list[str]:
    return [
        e.season_entry.car_id for e in race.entries.select_related("season_entry").order_by("season_entry_id")
    ]


def _reverse_standings(race: Race) -> list[str]:
    """The last of the drivers' standings starts first; cars yet to score start ahead of them all."""
    cars = _entry_order(race)
    ranked = [row.driver.pk for row in driver_standings(season=race.season)]
    driver_of = {
        e.season_entry.car_id: e.season_entry.driver_id for e in race.entries.select_related("season_entry")
    }
    place = {driver: i for i, driver in enumerate(ranked)}
    unscored = [car for car in cars if driver_of[car] not in place]
    scored = sorted((car for car in cars if driver_of[car] in place), key=lambda car: -place[driver_of[car]])
    return unscored + scored


@transaction.atomic
def race_grid_by_rule(
    *, race: Race, by: AbstractBaseUser | None = None, seed: str | None = None
) -> list[str]:
    """Set `race`'s grid by its season's rule (the grid a valid qualifying sheet sets replaces it).

    A drawn grid keeps its seed and order (GridDraw): shuffling the entry order with
    random.Random(seed) gives it again. Returns the car numbers, pole first.
    """
    rule = race.season.grid_rule
    if rule == GridRule.REVERSE_STANDINGS:
        order = _reverse_standings(race)
    elif rule == GridRule.DRAW:
        order = _entry_order(race)
        seed = seed or secrets.token_hex(8)
        random.Random(seed).shuffle(order)
        GridDraw.objects.update_or_create(race=race, defaults={"seed": seed, "order": order, "drawn_by": by})
    else:
        order = _entry_order(race)
    race_grid_record(race=race, slots={car: slot for slot, car in enumerate(order, start=1)}, by=by)
    return order


def race_grid_due(race: Race) -> bool:
    """No grid yet (no qualifying recorded one) and the race not yet run."""
    return race.status in OPEN_STATUSES and not race.entries.filter(grid_slot__isnull=False).exists()
