"""The wear build a driver enters before the race: six numbers the engine checks (D1, A11, X3)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from league.services import experience_record
from races.models import Race
from races.services import race_entry_create
from tests.factories import make_driver, make_entry, make_race, make_season, make_team

pytestmark = pytest.mark.django_db

BUILD_20 = {"tyres": 4, "brakes": 3, "gearbox": 3, "body": 3, "engine": 3, "handling": 4}


def _form(build: dict[str, int], prefix: str) -> dict[str, int]:
    return {f"{prefix}-{part}": n for part, n in build.items()}


@pytest.fixture
def car(db):
    def make(options=("A7",), status=Race.Status.SCHEDULED):
        user = get_user_model().objects.create_user("nina", "nina@example.org", "x")
        season = make_season(options=list(options))
        team = make_team(slug="rouge", name="Rouge")
        entry = make_entry(season, 7, driver=make_driver(name="Nina", slug="nina", user=user), team=team)
        race = make_race(season, 1, status=status)
        return race_entry_create(race=race, season_entry=entry), user

    return make


def _post(client, entry, build):
    return client.post(reverse("races:wear-build", args=[entry.pk]), _form(build, f"wear-{entry.pk}"))


def test_a_legal_build_of_20_is_saved(client, car):
    entry, user = car()
    client.force_login(user)

    response = _post(client, entry, BUILD_20)

    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.wear == BUILD_20


@pytest.mark.parametrize(
    ("options", "handling", "legal"),
    [
        (("A7",), 5, False),  # 21 points: a team point the team does not have (X3)
        (("A7",), 6, False),  # 22: over the build
        (("A7", "A11"), 6, True),  # 22 with A11: structure points, the rest as pit keys
        (("A7", "A11"), 8, False),  # 24: over A11's allowance too
    ],
)
def test_the_engine_judges_the_total(client, car, options, handling, legal):
    entry, user = car(options)
    client.force_login(user)

    response = _post(client, entry, {**BUILD_20, "handling": handling})

    entry.refresh_from_db()
    assert (entry.wear == {**BUILD_20, "handling": handling}) is legal
    if not legal:
        assert response.status_code == 200
        (error,) = response.context["form"].non_field_errors()
        assert str(20 + handling - 4) in error  # the engine's message names the total


def test_one_point_more_is_paid_by_a_team_with_experience(client, car):
    entry, user = car()
    season, team = entry.race.season, entry.season_entry.team
    experience_record(season=season, team=team, reason="win", amount="1.0")
    client.force_login(user)

    _post(client, entry, {**BUILD_20, "handling": 5})

    entry.refresh_from_db()
    assert sum(entry.wear.values()) == 21


def test_a_part_at_zero_is_refused_in_french(client, car):
    entry, user = car()
    client.force_login(user)

    response = _post(client, entry, {**BUILD_20, "tyres": 0, "handling": 8})

    assert response.status_code == 200
    assert "au moins 1" in response.content.decode()


def test_only_the_driver_builds_his_car_and_not_once_it_is_run(client, car):
    entry, _user = car(status=Race.Status.RUN)
    other = get_user_model().objects.create_user("other", "o@example.org", "x")
    client.force_login(other)
    assert _post(client, entry, BUILD_20).status_code == 403

    client.force_login(_user)
    response = _post(client, entry, BUILD_20)
    assert response.status_code == 200
    entry.refresh_from_db()
    assert entry.wear == {}
