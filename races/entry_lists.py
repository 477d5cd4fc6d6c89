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
from races.services import race_entry_create, race_grid_record
from races.standings import driver_standings

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

# A race takes new cars until it is run; its entries are then what was raced.
OPEN_STATUSES = (Race.Status.SCHEDULED, Race.Status.QUALIFYING)


def remaining_races(*, season: Season):  # noqa: ANN201 - a QuerySet[Race]
    return Race.objects.filter(season=season, status__in=OPEN_STATUSES).order_by("round", "table")


@transaction.atomic
def race_entries_fill(*, race: Race) -> list[RaceEntry]:
    """Enter every car of the season's entry list not yet in `race`; returns the entries made."""
    if race.status not in OPEN_STATUSES:
        return []
    # A car already at another table of this round stays there.
    present = set(
        RaceEntry.objects.filter(race__season_id=race.season_id, race__round=race.round).values_list(
            "season_entry_id", flat=True
        )
    )
    made = []
    for entry in SeasonEntry.objects.filter(season_id=race.season_id).order_by("pk"):
        if entry.pk not in present:
            made.append(race_entry_create(race=race, season_entry=entry))
    return made


@transaction.atomic
def season_entry_list_accept(*, season: Season) -> int:
    """The stewards' one action: the whole entry list in every race still to run, and in every race
    added later (post_save below). Idempotent; returns the race entries made."""
    if season.entry_list_accepted_at is None:
        season.entry_list_accepted_at = timezone.now()
        season.save(update_fields=["entry_list_accepted_at"])
    return sum(len(race_entries_fill(race=race)) for race in remaining_races(season=season))


def race_created(
    sender: type[Race], instance: Race, created: bool, raw: bool = False, **kwargs: object
) -> None:
    if created and not raw and instance.season.entry_list_accepted_at is not None:
        race_entries_fill(race=instance)


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
