"""A small league for the public pages, built with tests/factories.py; results are written as given."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from circuits.models import Circuit
from league.models import ExperienceEntry, Season
from races.models import Race, Result
from tests.factories import (
    Cast,
    make_driver,
    make_entry,
    make_race,
    make_season,
    make_team,
    oval_document,
    record_results,
    store_circuit,
)

# The oval with a name on its first corner, which the page shows (the engine's format has no
# corner names, so this circuit is stored as it is, never judged).
OVALE = oval_document()
OVALE["segments"][1]["name"] = "Épingle"


@dataclass
class League(Cast):
    season: Season
    old_season: Season
    first_race: Race
    second_race: Race
    next_race: Race


def make_circuit(slug: str = "ovale", name: str = "Ovale d'essai") -> Circuit:
    return store_circuit({**OVALE, "id": slug, "name": name}, country="FR")


# Enter the cars in grid order and classify them in that order, 10-8-6… points.
run_race = record_results


@pytest.fixture
def league(db) -> League:
    now = timezone.now()
    circuit = make_circuit()
    red = make_team("Scuderia Rossa", "rossa", colour="#cc0000")
    blue = make_team("Équipe Bleue", "bleue", colour="#0033aa")
    alice = make_driver("Alice Prost", "alice", country="FR")
    bruno = make_driver("Bruno Senna", "bruno", country="BR")
    chloe = make_driver("Chloé Lauda", "chloe", country="AT")

    old = make_season(name="Saison 2025", slug="2025", year=2025, status=Season.Status.FINISHED)
    season = make_season(name="Saison 2026", slug="2026", year=2026, best_results=2)
    old_race = make_race(old, 1, circuit, Race.Status.OFFICIAL, now - timedelta(days=400))
    run_race(old_race, [make_entry(old, 3, alice, blue)])

    a, b, c = (
        make_entry(season, 7, alice, red),
        make_entry(season, 12, bruno, red),
        make_entry(season, 21, chloe, blue),
    )
    first = make_race(season, 1, circuit, Race.Status.OFFICIAL, now - timedelta(days=20))
    run_race(first, [a, b, c], eliminated={21: ("engine", 12)})
    second = make_race(season, 2, circuit, Race.Status.VALIDATED, now - timedelta(days=6))
    run_race(second, [b, a, c])
    Result.objects.filter(race=second, position=2).update(penalty_points=2, penalty_reason="Blocking in T2")
    upcoming = make_race(season, 3, circuit, scheduled_at=now + timedelta(days=8))

    ExperienceEntry.objects.create(
        season=season, race=first, driver=alice, reason=ExperienceEntry.Reason.WIN, amount=Decimal("0.5")
    )
    ExperienceEntry.objects.create(
        season=season, race=first, team=red, reason=ExperienceEntry.Reason.ONE_TWO, amount=Decimal("0.3")
    )
    cast = Cast(circuit, red, blue, alice, bruno, chloe)
    return League(
        **vars(cast),
        season=season,
        old_season=old,
        first_race=first,
        second_race=second,
        next_race=upcoming,
    )


def in_english(client):
    """A client that asks for English, the way a browser set to English does."""
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def page_html(client, url: str) -> str:  # noqa: ANN001 - Django's test client
    """The page at `url`, answered 200: its HTML."""
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()
