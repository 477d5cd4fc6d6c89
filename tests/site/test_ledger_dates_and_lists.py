"""Ledger rows dated by their race, whenever they were written; drivers and teams listed by name."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from league.models import ExperienceEntry
from league.selectors.experience import experience_ledger
from league.services import experience_record
from tests.factories import make_driver, make_team

pytestmark = pytest.mark.django_db
Reason = ExperienceEntry.Reason


@pytest.fixture
def late_sheets(league):
    """Round 3's rows written first, round 1's a week later; a stewards' adjustment with no race."""
    first, third = league.races[0], league.races[2]
    first.scheduled_at = timezone.now() - timedelta(days=60)
    first.save(update_fields=["scheduled_at"])
    third.scheduled_at = timezone.now() - timedelta(days=20)
    third.save(update_fields=["scheduled_at"])
    ExperienceEntry.objects.filter(driver=league.bruno).delete()
    late = experience_record(
        season=league.season, race=third, driver=league.bruno, reason=Reason.SECOND, amount="0.3"
    )
    early = experience_record(
        season=league.season, race=first, driver=league.bruno, reason=Reason.WIN, amount="1"
    )
    adjustment = experience_record(
        season=league.season, driver=league.bruno, reason=Reason.ADJUSTMENT, amount="0.2", note="x"
    )
    ExperienceEntry.objects.filter(pk=early.pk).update(created_at=timezone.now() + timedelta(days=7))
    return league, early, late, adjustment


def test_the_ledger_lists_rows_by_their_races_date_not_write_time(late_sheets):
    league, early, late, adjustment = late_sheets

    lines = experience_ledger(driver=league.bruno)

    assert [line.entry.pk for line in lines] == [early.pk, late.pk, adjustment.pk]
    assert [str(line.balance) for line in lines] == ["1.0", "1.3", "1.5"]
    assert lines[0].entry.dated == league.races[0].scheduled_at
    assert lines[2].entry.dated == adjustment.created_at  # no race: the day it was recorded


def test_the_ledger_page_shows_the_races_date(client, late_sheets):
    league, _early, _late, _adjustment = late_sheets

    html = client.get(reverse("league:experience-driver", args=[league.bruno.slug])).content.decode()

    dates = re.findall(r'<time datetime="([^"]+)"', html)
    assert dates[0] == timezone.localtime(league.races[0].scheduled_at).isoformat()
    assert dates[1] == timezone.localtime(league.races[2].scheduled_at).isoformat()


def test_the_api_lists_ledger_rows_by_race_date_with_that_date(client, late_sheets):
    league, early, late, _adjustment = late_sheets

    rows = client.get("/api/experience/", {"driver": league.bruno.pk}).json()["results"]

    assert [row["id"] for row in rows[:2]] == [early.pk, late.pk]
    # The API gives times in the site's zone (Paris): late in a UTC evening, that is the next day.
    assert rows[0]["date"].startswith(timezone.localtime(league.races[0].scheduled_at).date().isoformat())


def names_in(html: str, prefix: str) -> list[str]:
    return re.findall(rf'<a href="/{prefix}/[^/]+/">([^<]+)</a></th>', html)


def test_the_drivers_list_is_alphabetical_whatever_the_accents_and_case(client, league):
    for name in ("Émile Zola", "de Vries", "Zoé", "elena"):
        make_driver(name=name)

    html = client.get(reverse("races:drivers")).content.decode()

    assert names_in(html, "drivers") == [
        "Alice",
        "Bruno",
        "Chloé",
        "David",
        "de Vries",
        "elena",
        "Émile Zola",
        "Zoé",
    ]


def test_the_teams_list_is_alphabetical_too(client, league):
    make_team(name="Écurie Azur")
    make_team(name="Alpha")

    html = client.get(reverse("races:teams")).content.decode()

    assert names_in(html, "teams") == ["Alpha", "Bleue", "Écurie Azur", "Rouge"]
