"""/api/drivers/: anyone reads the drivers; admins add and rename them."""

from __future__ import annotations

import pytest

from league.models import Driver
from tests.api.conftest import results_of

pytestmark = pytest.mark.django_db

URL = "/api/drivers/"


def test_anyone_lists_the_drivers_by_name(league, anonymous):
    rows = results_of(anonymous.get(URL))

    assert [row["slug"] for row in rows] == ["alice", "bruno", "chloe"]
    assert rows[0] == {
        "id": league.alice.pk,
        "slug": "alice",
        "name": "Alice",
        "country": "FR",
        "avatar": None,
    }


def test_drivers_are_filtered_by_slug_season_and_team(league, anonymous, staff):
    staff.post(URL, {"name": "Dora", "slug": "dora"}, format="json")

    assert [r["id"] for r in results_of(anonymous.get(f"{URL}?slug=bruno"))] == [league.bruno.pk]
    assert [r["slug"] for r in results_of(anonymous.get(f"{URL}?season={league.old_season.pk}"))] == [
        "alice",
        "bruno",
    ]
    # Alice drove for the blue team in 2025 and the red one in 2026: listed once.
    assert [r["slug"] for r in results_of(anonymous.get(f"{URL}?team={league.red.pk}"))] == [
        "alice",
        "bruno",
        "chloe",
    ]


def test_a_driver_is_read_by_id(league, anonymous):
    assert anonymous.get(f"{URL}{league.chloe.pk}/").json()["name"] == "Chloe"


def test_an_admin_adds_a_driver(staff):
    response = staff.post(URL, {"name": "Dora", "slug": "dora", "country": "BE"}, format="json")

    assert response.status_code == 201, response.content
    assert Driver.objects.get(slug="dora").country == "BE"


def test_a_bad_slug_or_a_taken_one_is_a_400(league, staff):
    bad = staff.post(URL, {"name": "Dora", "slug": "Dora Explorer"}, format="json")
    taken = staff.post(URL, {"name": "Alice bis", "slug": "alice"}, format="json")

    assert bad.status_code == taken.status_code == 400
    assert list(bad.json()) == list(taken.json()) == ["slug"]
    assert taken.json()["slug"] == ["Driver with this Slug already exists."]


def test_an_admin_renames_a_driver(league, staff):
    response = staff.patch(f"{URL}{league.alice.pk}/", {"name": "Alice Prost"}, format="json")

    assert response.status_code == 200
    league.alice.refresh_from_db()
    assert (league.alice.name, league.alice.slug) == ("Alice Prost", "alice")
