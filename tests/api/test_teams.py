"""/api/teams/: anyone reads the teams; admins add and change them."""

from __future__ import annotations

import pytest

from league.models import Team
from tests.api.conftest import results_of

pytestmark = pytest.mark.django_db

URL = "/api/teams/"


def test_anyone_lists_the_teams_by_name(league, anonymous):
    rows = results_of(anonymous.get(URL))

    assert [(row["slug"], row["colour"], row["logo"]) for row in rows] == [
        ("bleue", "#808080", None),
        ("rouge", "#cc0000", None),
    ]


def test_teams_are_filtered_by_season(league, anonymous, staff):
    staff.post(URL, {"name": "Écurie Verte", "slug": "verte"}, format="json")

    assert [r["slug"] for r in results_of(anonymous.get(f"{URL}?season={league.season.pk}"))] == [
        "bleue",
        "rouge",
    ]
    assert [r["slug"] for r in results_of(anonymous.get(f"{URL}?slug=verte"))] == ["verte"]


def test_an_admin_adds_a_team(staff):
    response = staff.post(URL, {"name": "Écurie Verte", "slug": "verte", "colour": "#00aa00"}, format="json")

    assert response.status_code == 201, response.content
    assert Team.objects.get(slug="verte").colour == "#00aa00"


def test_a_bad_colour_is_a_400_with_the_models_message(staff):
    response = staff.post(URL, {"name": "Grise", "slug": "grise", "colour": "grey"}, format="json")

    assert response.status_code == 400
    assert response.json() == {"colour": ["Enter a colour as #RRGGBB."]}


def test_an_admin_recolours_a_team(league, staff):
    response = staff.patch(f"{URL}{league.blue.pk}/", {"colour": "#0000ff"}, format="json")

    assert response.status_code == 200
    assert response.json()["colour"] == "#0000ff"
