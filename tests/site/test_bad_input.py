"""Bad input on the pages and feeds: a clear 400 or a refusal naming the field, never a 500 or a broken file."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from icalendar import Calendar
from rest_framework.test import APIClient

from circuits.services import circuit_create
from league.models import Driver
from league.services import driver_create, driver_update, season_update, team_create
from tests.factories import OVAL
from tests.site.conftest import small_league

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _in_english(english: None) -> None:
    """The refusals are read in English, the source language."""


@pytest.mark.parametrize("name", ["Alice\nBEGIN:VEVENT", "Bob\x00", "Eve\u202egnp.exe", "Tab\there"])
def test_names_with_control_characters_are_refused_by_the_services(name):
    with pytest.raises(ValidationError) as err:
        driver_create(name=name, slug="x")
    assert "control character" in str(err.value.message_dict["name"])
    with pytest.raises(ValidationError, match="control character"):
        team_create(name=name, slug="y")
    doc = dict(OVAL, name=name)
    with pytest.raises(ValidationError, match="control character"):
        circuit_create(document=doc)


def test_a_staff_api_write_with_a_control_character_in_a_name_is_a_400(django_user_model):
    admin = django_user_model.objects.create_user("boss", password="x", is_staff=True, is_superuser=True)
    client = APIClient()
    client.force_authenticate(admin)
    response = client.post(
        reverse("api:team-list"),
        {"name": "Rou\x07ge", "slug": "rouge"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 400, response.content
    assert "control character" in response.json()["name"][0]
    driver = driver_create(name="Alice", slug="alice")
    with pytest.raises(ValidationError):
        driver_update(driver=driver, data={"name": "Ali\x1bce"})
    assert Driver.objects.get().name == "Alice"


def test_standings_csv_cells_that_would_be_formulas_are_neutralised(client):
    league = small_league()
    for driver, name in zip(
        (league.alice, league.bruno, league.chloe, league.david),
        ('=HYPERLINK("http://evil.example","x")', "+1", "@SUM(A1)", "-2"),
        strict=True,
    ):
        Driver.objects.filter(pk=driver.pk).update(name=name)  # as if stored before the names were checked
    league.red.__class__.objects.filter(pk=league.red.pk).update(name="\tRouge")
    response = client.get(reverse("races:season-standings-csv", args=[league.season.slug]))
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    names = sorted(row["name"] for row in rows)
    assert names == sorted(['\'=HYPERLINK("http://evil.example","x")', "'+1", "'@SUM(A1)", "'-2"])
    assert {row["team"] for row in rows} == {"'\tRouge", "Bleue"}


def test_a_newline_in_a_season_name_does_not_break_the_calendar(client):
    league = small_league()
    league.season.__class__.objects.filter(pk=league.season.pk).update(name="Saison\r\nBEGIN:VEVENT")
    response = client.get(reverse("races:season-calendar", args=[league.season.slug]))
    assert response.status_code == 200
    calendar = Calendar.from_ical(response.content)
    assert str(calendar["X-WR-CALNAME"]) == "Saison BEGIN:VEVENT"
    assert len(calendar.walk("VEVENT")) == len(league.races)


def test_a_season_renamed_with_a_newline_is_refused():
    league = small_league(races=0)
    with pytest.raises(ValidationError, match="control character"):
        season_update(season=league.season, data={"name": "Saison\nX"})


@pytest.mark.parametrize("url", ["/experience/?season=%00", "/api/drivers/?season=%00", "/?x%00=1"])
def test_a_nul_in_the_query_string_is_a_400(client, url):
    response = client.get(url)
    assert response.status_code == 400
    assert b"NUL" in response.content
    if url.startswith("/api/"):  # the same words, as the API's JSON
        assert "NUL" in response.json()["detail"]
