"""A small league built with the ORM, for the public pages."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from league.models import Driver, ExperienceEntry, Season, SeasonEntry, Team
from races.models import Circuit, Race, RaceEntry, Result

OVALE = {
    "format": "formule-de/circuit@1",
    "id": "ovale",
    "name": "Ovale d'essai",
    "laps": 2,
    "weather": {"rain": [1, 4], "variable": [5, 8], "sun": [9, 20]},
    "segments": [
        {"id": "S1", "straight": 8},
        {
            "id": "T1",
            "name": "Épingle",
            "corner": {"stops": 1, "cells": [3, 4, 5], "turn": "left", "angle": 180},
        },
        {"id": "S2", "straight": 10},
        {"id": "T2", "corner": {"stops": 2, "cells": [3, 4, 5], "turn": "left", "angle": 180}},
        {"id": "S3", "straight": 6},
    ],
    "grid": ["S3-b6", "S3-a5", "S3-b4", "S3-a3", "S3-b2", "S3-a1"],
    "pit": {"entry": "S3-c2", "exit": "S1-c3", "stands": 6},
}


@dataclass
class League:
    season: Season
    old_season: Season
    circuit: Circuit
    red: Team
    blue: Team
    alice: Driver
    bruno: Driver
    chloe: Driver
    first_race: Race
    second_race: Race
    next_race: Race


def make_circuit(slug: str = "ovale", name: str = "Ovale d'essai") -> Circuit:
    return Circuit.objects.create(
        slug=slug, name=name, country="FR", document={**OVALE, "id": slug, "name": name}
    )


def run_race(
    race: Race, order: list[SeasonEntry], *, eliminated: dict[int, tuple[str, int]] | None = None
) -> None:
    """Enter the cars in grid order and classify them in that order, 10-8-6… points."""
    eliminated = eliminated or {}
    points = race.season.points_table
    for index, entry in enumerate(order, start=1):
        race_entry = RaceEntry.objects.create(race=race, season_entry=entry, grid_slot=index)
        cause, turn = eliminated.get(entry.car_number, ("", None))
        Result.objects.create(
            race=race,
            race_entry=race_entry,
            position=index,
            status=Result.Status.ELIMINATED if cause else Result.Status.FINISHED,
            cause=cause,
            turn=turn,
            points=points[index - 1] if index <= len(points) else 0,
        )


@pytest.fixture
def league(db) -> League:
    now = timezone.now()
    circuit = make_circuit()
    red = Team.objects.create(name="Scuderia Rossa", slug="rossa", colour="#cc0000")
    blue = Team.objects.create(name="Équipe Bleue", slug="bleue", colour="#0033aa")
    alice = Driver.objects.create(name="Alice Prost", slug="alice", country="FR")
    bruno = Driver.objects.create(name="Bruno Senna", slug="bruno", country="BR")
    chloe = Driver.objects.create(name="Chloé Lauda", slug="chloe", country="AT")

    old = Season.objects.create(name="Saison 2025", slug="2025", year=2025, status=Season.Status.FINISHED)
    season = Season.objects.create(
        name="Saison 2026", slug="2026", year=2026, status=Season.Status.RUNNING, best_results=2
    )
    old_entry = SeasonEntry.objects.create(season=old, driver=alice, team=blue, car_number=3)
    old_race = Race.objects.create(
        season=old,
        round=1,
        circuit=circuit,
        scheduled_at=now - timedelta(days=400),
        status=Race.Status.OFFICIAL,
    )
    run_race(old_race, [old_entry])

    a = SeasonEntry.objects.create(season=season, driver=alice, team=red, car_number=7)
    b = SeasonEntry.objects.create(season=season, driver=bruno, team=red, car_number=12)
    c = SeasonEntry.objects.create(season=season, driver=chloe, team=blue, car_number=21)
    first = Race.objects.create(
        season=season,
        round=1,
        circuit=circuit,
        scheduled_at=now - timedelta(days=20),
        status=Race.Status.OFFICIAL,
    )
    run_race(first, [a, b, c], eliminated={21: ("engine", 12)})
    second = Race.objects.create(
        season=season,
        round=2,
        circuit=circuit,
        scheduled_at=now - timedelta(days=6),
        status=Race.Status.VALIDATED,
    )
    run_race(second, [b, a, c])
    Result.objects.filter(race=second, position=2).update(penalty_points=2, penalty_reason="Blocking in T2")
    upcoming = Race.objects.create(
        season=season, round=3, circuit=circuit, scheduled_at=now + timedelta(days=8)
    )

    ExperienceEntry.objects.create(
        season=season, race=first, driver=alice, reason=ExperienceEntry.Reason.WIN, amount=Decimal("0.5")
    )
    ExperienceEntry.objects.create(
        season=season, race=first, team=red, reason=ExperienceEntry.Reason.ONE_TWO, amount=Decimal("0.3")
    )
    return League(
        season=season,
        old_season=old,
        circuit=circuit,
        red=red,
        blue=blue,
        alice=alice,
        bruno=bruno,
        chloe=chloe,
        first_race=first,
        second_race=second,
        next_race=upcoming,
    )


def english(client):
    """A client that asks for English, the way a browser set to English does."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client
