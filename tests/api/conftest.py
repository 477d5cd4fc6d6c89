"""A small league built through the services, and API clients: anonymous, a fan and an admin (staff)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from league.models import Season, SeasonEntry
from races.models import Race
from tests import factories
from tests.factories import make_circuit, make_driver, make_entry, make_race, make_season, make_team, run_race

User = get_user_model()


@dataclass
class League(factories.Cast):
    season: Season  # 2026, running: race 1 official, race 2 scheduled
    old_season: Season  # 2025, finished: one official race
    car7: SeasonEntry  # alice, red
    car3: SeasonEntry  # bruno, blue
    car8: SeasonEntry  # chloe, red
    first_race: Race
    next_race: Race
    old_race: Race


@pytest.fixture(autouse=True)
def english(english: None) -> None:
    """The API's messages are asserted in English (tests/conftest.py)."""


def build_league() -> League:
    circuit = make_circuit()
    red, blue = make_team("Écurie Rouge", "rouge", colour="#cc0000"), make_team("Écurie Bleue", "bleue")
    alice, bruno, chloe = (make_driver(n.capitalize(), n, country="FR") for n in ("alice", "bruno", "chloe"))

    old_season = make_season(name="Championnat 2025", slug="championnat-2025", year=2025, status="finished")
    old7, old3 = make_entry(old_season, 7, alice, blue), make_entry(old_season, 3, bruno, red)
    [old_result, _] = run_race(old_season, 1, [old3, old7], circuit=circuit)

    season = make_season(name="Championnat 2026", slug="championnat-2026", year=2026)
    car7, car3 = make_entry(season, 7, alice, red), make_entry(season, 3, bruno, blue)
    car8 = make_entry(season, 8, chloe, red)
    [first, *_] = run_race(season, 1, [car7, car3], eliminated=[car8], circuit=circuit)
    next_race = make_race(season, 2, circuit=circuit, scheduled_at=datetime(2026, 6, 14, 14, tzinfo=UTC))
    # Fixed dates, so the date filters have something definite to find.
    Race.objects.filter(pk=old_result.race_id).update(scheduled_at=datetime(2025, 3, 9, 14, tzinfo=UTC))
    Race.objects.filter(pk=first.race_id).update(scheduled_at=datetime(2026, 3, 8, 14, tzinfo=UTC))
    cast = factories.Cast(circuit, red, blue, alice, bruno, chloe)
    return League(
        **vars(cast),
        season=season,
        old_season=old_season,
        car7=car7,
        car3=car3,
        car8=car8,
        first_race=first.race,
        next_race=next_race,
        old_race=old_result.race,
    )


@pytest.fixture
def league(db) -> League:
    return build_league()


def token_client(user) -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    token, _ = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture
def anonymous() -> APIClient:
    return APIClient(HTTP_ACCEPT_LANGUAGE="en")


@pytest.fixture
def fan(db) -> APIClient:
    """A logged-in user who is not an admin."""
    return token_client(User.objects.create_user("fan", "fan@example.org", "demo"))


@pytest.fixture
def staff(db) -> APIClient:
    """A league admin (is_staff), with a token."""
    return token_client(User.objects.create_superuser("steward", "steward@example.org", "demo"))


def results_of(response) -> list[dict]:
    assert response.status_code == 200, response.content
    return response.json()["results"]


def ids(response) -> list[int]:
    return [row["id"] for row in results_of(response)]


def race_body(league: League, round: int, scheduled_at: datetime, **more: object) -> dict:
    """The JSON of a new race of the running season on the league's circuit."""
    return {
        "season": league.season.pk,
        "round": round,
        "circuit": league.circuit.pk,
        "scheduled_at": scheduled_at.isoformat(),
        **more,
    }


def later(days: int) -> datetime:
    return datetime(2026, 9, 1, 14, tzinfo=UTC) + timedelta(days=days)
