"""Reads of races and results, each joined up front so a page runs a fixed number of queries."""

from __future__ import annotations

from datetime import datetime

from django.db.models import F, QuerySet
from django.utils import timezone

from circuits.models import Circuit
from league.models import Driver, Season, Team
from races.models import Race, RaceEntry, Result

_RESULT_JOINS = (
    "race__season",
    "race__circuit",
    "race_entry__season_entry__driver",
    "race_entry__season_entry__team",
)


def race_results(*, race: Race) -> QuerySet[Result]:
    """A race's classification, winner first, with each car's driver and team."""
    return (
        Result.objects.filter(race=race)
        .select_related("race_entry__season_entry__driver", "race_entry__season_entry__team")
        .order_by("position")
    )


def season_calendar(*, season: Season) -> QuerySet[Race]:
    """A season's races in round order, with their circuit."""
    return Race.objects.filter(season=season).select_related("season", "circuit").order_by("round")


def next_race(*, season: Season, now: datetime | None = None) -> Race | None:
    """The first race of the season scheduled from now on, if any is left."""
    now = now or timezone.now()
    return (
        Race.objects.filter(season=season, scheduled_at__gte=now)
        .select_related("season", "circuit")
        .order_by("scheduled_at", "round")
        .first()
    )


def driver_results(*, driver: Driver) -> QuerySet[Result]:
    """Every counted result of a driver, latest season first, then by round."""
    return (
        Result.objects.filter(race_entry__season_entry__driver=driver, race__status__in=Race.RESULT_STATUSES)
        .select_related(*_RESULT_JOINS)
        .order_by("-race__season__year", "race__season__name", "race__round")
    )


def team_results(*, team: Team) -> QuerySet[Result]:
    """Every counted result of a team's cars, latest season first, then by round and position."""
    return (
        Result.objects.filter(race_entry__season_entry__team=team, race__status__in=Race.RESULT_STATUSES)
        .select_related(*_RESULT_JOINS)
        .order_by("-race__season__year", "race__season__name", "race__round", "position")
    )


def circuit_races(*, circuit: Circuit) -> QuerySet[Race]:
    """The races held (or to be held) on a circuit, latest first, with their season."""
    return Race.objects.filter(circuit=circuit).select_related("season", "circuit").order_by("-scheduled_at")


def race_list() -> QuerySet[Race]:
    """Every race with its season and circuit, latest season first, then by round."""
    return Race.objects.select_related("season", "circuit").order_by("-season__year", "season_id", "round")


def race_entry_list() -> QuerySet[RaceEntry]:
    """Every car entered in a race, with its number, driver and team, in grid order."""
    return RaceEntry.objects.select_related("race", "season_entry__driver", "season_entry__team").order_by(
        "race_id", F("grid_slot").asc(nulls_last=True), "season_entry__car_number"
    )


def result_list() -> QuerySet[Result]:
    """Every counted result (validated or official races), latest season first, then round and place."""
    return (
        Result.objects.filter(race__status__in=Race.RESULT_STATUSES)
        .select_related("race", "race_entry__season_entry__driver", "race_entry__season_entry__team")
        .order_by("-race__season__year", "race__season_id", "race__round", "position")
    )
