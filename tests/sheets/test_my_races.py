"""The player's own page: next race and its wear build, sheets owed and to confirm, protests, the badge."""

from __future__ import annotations

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar

from races.services import race_create, race_entry_create
from sheets.models import Protest, RaceSheet
from sheets.my_races import player_dashboard
from tests.factories import make_circuit


def _next_race(oval, days: int = 3):
    race = race_create(
        season=oval.season,
        round=6,
        circuit=make_circuit(),
        scheduled_at=timezone.now() + timedelta(days=days),
    )
    race_entry_create(race=race, season_entry=oval.car7)
    return race


def _standing_sheet(oval, *, by, **fields) -> RaceSheet:
    """The oval race's valid, chosen sheet, as `by` sent it (written as it is, not judged)."""
    return RaceSheet.objects.create(
        race=oval.race,
        version=1,
        raw=b"{}",
        submitted_by=by,
        status=RaceSheet.Status.VALID,
        chosen=True,
        **fields,
    )


def test_the_page_shows_the_next_race_its_wear_form_and_the_sheet_owed(client, oval):
    race = _next_race(oval)
    client.force_login(oval.alice)

    html = client.get(reverse("sheets:my-races")).content.decode()

    assert race.get_absolute_url() in html.split('id="next-race"')[1]
    assert f'action="{reverse("races:wear-build", args=[race.entries.get().pk])}"' in html
    assert reverse("sheets:sheet-new", args=[oval.race.pk]) in html  # the oval race was run, no sheet yet
    # the badge: the wear build and the sheet owed
    assert player_dashboard(user=oval.alice).todo_count == 2
    assert '<span class="count"' in html and ">2</span>" in html


def test_a_sheet_sent_by_another_entrant_waits_for_my_confirmation(oval):
    sheet = _standing_sheet(oval, by=oval.bruno, validated_at=timezone.now())

    alice, bruno = player_dashboard(user=oval.alice), player_dashboard(user=oval.bruno)

    assert alice.to_confirm == [sheet] and alice.sheets_owed == []
    assert bruno.to_confirm == []  # his own sheet
    sheet.confirmations.create(user=oval.alice)
    assert player_dashboard(user=oval.alice).to_confirm == []


def test_protests_by_and_against_me_with_their_state(oval):
    sheet = _standing_sheet(oval, by=oval.alice)
    against_bruno = oval.race.entries.get(season_entry=oval.car3)
    protest = Protest.objects.create(
        sheet=sheet, filed_by=oval.alice, against=against_bruno, reason="Blocked"
    )

    alice, bruno = player_dashboard(user=oval.alice), player_dashboard(user=oval.bruno)

    assert alice.protests_by_me == [protest] and alice.protests_against_me == []
    assert bruno.protests_against_me == [protest]
    assert bruno.todo_count == 2  # alice's sheet to confirm and the open protest against him


def test_a_visitor_without_a_driver_is_sent_to_the_seasons(client, oval):
    client.force_login(oval.steward)

    html = client.get(reverse("sheets:my-races")).content.decode()

    assert reverse("races:seasons") in html


def test_my_calendar_lists_my_races_in_utc(client, oval):
    race = _next_race(oval)
    client.force_login(oval.alice)

    response = client.get(reverse("races:my-calendar"), follow=True)

    events = Calendar.from_ical(response.content).walk("VEVENT")
    assert len(events) == 2  # the oval and round 6
    starts = sorted(e.decoded("dtstart") for e in events)
    assert starts[-1] == race.scheduled_at.replace(microsecond=0) and starts[-1].utcoffset() == timedelta(0)
