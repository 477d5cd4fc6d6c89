"""A season's calendar as iCalendar: one event per race, stable ids, a link back to the race."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from icalendar import Calendar

from tests.site.conftest import race_more

pytestmark = pytest.mark.django_db


def calendar_of(client, season) -> tuple[object, Calendar]:
    response = client.get(reverse("races:season-calendar", args=[season.slug]), HTTP_ACCEPT_LANGUAGE="en")
    return response, Calendar.from_ical(response.content)


def test_it_has_one_event_per_race_with_date_title_and_link(client, league):
    race_more(league, status="scheduled")  # a race still to come is on the calendar too
    response, calendar = calendar_of(client, league.season)

    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="saison-test.ics"'
    events = calendar.walk("VEVENT")
    assert len(events) == len(league.races) == 4
    by_round = {race.round: race for race in league.races}
    for event, (round_, race) in zip(events, sorted(by_round.items()), strict=True):
        assert str(event["SUMMARY"]) == f"Round {round_} — {race.circuit.name}"
        assert event.decoded("DTSTART") == race.scheduled_at.replace(microsecond=0)  # iCalendar: seconds
        assert event.decoded("DTEND") - event.decoded("DTSTART") == timedelta(hours=3)
        assert str(event["URL"]) == f"http://testserver{race.get_absolute_url()}"


def test_event_ids_stay_the_same_between_downloads(client, league):
    _response, first = calendar_of(client, league.season)
    _response, second = calendar_of(client, league.season)

    uids = [str(e["UID"]) for e in first.walk("VEVENT")]
    assert uids == [str(e["UID"]) for e in second.walk("VEVENT")]
    assert len(set(uids)) == len(uids)


def test_event_ids_do_not_depend_on_the_host_name(client, league, settings):
    settings.ALLOWED_HOSTS = ["testserver", "league.example.org"]
    url = reverse("races:season-calendar", args=[league.season.slug])
    by_host = [
        [str(e["UID"]) for e in Calendar.from_ical(client.get(url, HTTP_HOST=host).content).walk("VEVENT")]
        for host in ("testserver", "league.example.org")
    ]

    assert by_host[0] == by_host[1]
    assert by_host[0][0] == f"race-{league.races[0].pk}@formule-de-league.invalid"
    assert not any("example.org" in uid or "testserver" in uid for uid in by_host[0])


def test_the_uid_domain_is_a_setting(client, league, settings):
    settings.CALENDAR_UID_DOMAIN = "ligue.example.fr"
    _response, calendar = calendar_of(client, league.season)

    assert {str(e["UID"]) for e in calendar.walk("VEVENT")} == {
        f"race-{race.pk}@ligue.example.fr" for race in league.races
    }


def test_a_drivers_calendar_has_host_free_uids_too(client, league, settings):
    settings.ALLOWED_HOSTS = ["testserver", "league.example.org"]
    url = reverse("races:driver-calendar", args=[league.alice.slug])
    response = client.get(url, HTTP_HOST="league.example.org")

    uids = [str(e["UID"]) for e in Calendar.from_ical(response.content).walk("VEVENT")]
    assert uids == [f"race-{race.pk}-car-1@formule-de-league.invalid" for race in league.races]


def test_a_raced_event_names_the_winner(client, league):
    _response, calendar = calendar_of(client, league.season)

    first = calendar.walk("VEVENT")[0]
    assert "Winner: Alice (Rouge)" in str(first["DESCRIPTION"])


def test_an_unknown_season_is_not_found(client, db):
    assert client.get(reverse("races:season-calendar", args=["nope"])).status_code == 404
