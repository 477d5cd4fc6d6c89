"""The season's rules: named options in the admin and the API, a bad value refused by name, and the
public Rules section in both languages."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from rest_framework.test import APIClient

from league.models import Season


@pytest.fixture
def admin_client_(db, client):
    user = get_user_model().objects.create_superuser("boss", "boss@example.org", "x")
    client.force_login(user)
    return client


def _admin_form(season: Season, **changes) -> dict:
    data = {
        "name": season.name,
        "slug": season.slug,
        "year": season.year,
        "status": season.status,
        "laps_per_race": season.laps_per_race,
        "dns_points": season.dns_points,
        "max_cars_per_team": season.max_cars_per_team,
        "protest_window_hours": season.protest_window_hours,
        "grid_rule": season.grid_rule,
        "move_hours": season.move_hours,
        "vacation_days": season.vacation_days,
        "options": season.options,
        **{f"points_table_{i}": p for i, p in enumerate(season.points_table)},
    }
    for prefix in ("entries", "races"):
        data.update({f"{prefix}-TOTAL_FORMS": 0, f"{prefix}-INITIAL_FORMS": 0})
    data.update(changes)
    return data


def test_the_admin_shows_the_options_as_named_checkboxes_and_points_as_numbers(admin_client_, league):
    html = admin_client_.get(reverse("admin:league_season_change", args=[league.season.pk])).content.decode()

    assert html.count('type="checkbox" name="options"') == 19
    assert "A11 — points de structure" in html or "A11 — structure points" in html
    assert html.count('name="points_table_') == 12


def test_the_admin_saves_options_and_points_from_the_form(admin_client_, league):
    season = league.season
    url = reverse("admin:league_season_change", args=[season.pk])
    form = _admin_form(season, options=["A19", "A11"], points_table_0=12, points_table_8=1)
    form = {k: v for k, v in form.items() if not k.startswith("points_table_")} | {
        f"points_table_{i}": p for i, p in enumerate([12, 9, 7, 5, 4, 3, 2, 1, 1])
    }

    response = admin_client_.post(url, form)

    assert response.status_code == 302, response.content.decode()[:2000]
    season.refresh_from_db()
    assert season.options == ["A11", "A19"]
    assert season.points_table == [12, 9, 7, 5, 4, 3, 2, 1, 1]


def test_the_admin_refuses_a_bad_option_naming_it(admin_client_, league):
    season = league.season
    url = reverse("admin:league_season_change", args=[season.pk])

    response = admin_client_.post(url, _admin_form(season, options=["A7", "A20"]))

    assert response.status_code == 200
    assert "A20" in response.context["adminform"].form.errors["options"][0]


@pytest.fixture
def staff(db) -> APIClient:
    client = APIClient()
    # a league admin: staff with every permission (staff write what their permissions allow)
    client.force_authenticate(get_user_model().objects.create_superuser("steward"))
    return client


def test_the_api_takes_options_by_id_or_name_and_names_them(staff, league):
    url = f"/api/seasons/{league.season.pk}/"

    response = staff.patch(
        url, {"options": ["A7", "structure points", "top"]}, format="json", HTTP_ACCEPT_LANGUAGE="en"
    )

    assert response.status_code == 200, response.content
    assert response.json()["options"] == ["A7", "A11", "A19"]
    named = {o["id"]: o["name"] for o in response.json()["options_named"]}
    assert named == {"A7": "experience", "A11": "structure points", "A19": "Top"}
    french = staff.get(url, HTTP_ACCEPT_LANGUAGE="fr").json()["options_named"]
    assert [o["name"] for o in french] == ["expérience", "points de structure", "Top"]


def test_the_api_refuses_a_bad_option_naming_it(staff, league):
    response = staff.patch(f"/api/seasons/{league.season.pk}/", {"options": ["A7", "turbo"]}, format="json")

    assert response.status_code == 400
    assert "turbo" in str(response.json()["options"])
    league.season.refresh_from_db()
    assert league.season.options == ["A7"]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["Rules", "A11 — Structure points", "22 structure points", "Laps per race", "Protest window"]),
        (
            "fr",
            [
                "Règlement",
                "A11 — Points de structure",
                "22 points de structure",
                "Tours par course",
                "Délai de réclamation",
            ],
        ),
    ],
)
def test_the_public_rules_section_lists_the_options_in_force(client, league, language, words):
    season = league.season
    season.options = ["A7", "A11"]
    season.save()
    client.cookies["django_language"] = language

    html = client.get(season.get_absolute_url()).content.decode()
    rules = html.split('id="rules-title"')[1]

    for word in words:
        assert word in rules, word
    assert 'id="option-A7"' in rules and 'id="option-A11"' in rules
    assert 'id="option-A19"' not in rules  # not in force
