"""One driver's races as an iCalendar feed ("my races"): every race he is entered in, any season.

Times are written in UTC: the phone or desktop calendar shows them in its owner's time zone.
"""

from __future__ import annotations

from datetime import UTC

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from league.models import Driver
from races.feeds import RACE_LENGTH, race_title, race_uid
from races.models import RaceEntry


def driver_calendar_ics(request: HttpRequest, slug: str) -> HttpResponse:
    driver = get_object_or_404(Driver, slug=slug)
    entries = (
        RaceEntry.objects.filter(season_entry__driver=driver)
        .select_related("race__season", "race__circuit", "season_entry__team")
        .order_by("race__scheduled_at")
    )
    calendar = Calendar()
    calendar.add("prodid", "-//Formule Dé league//driver calendar//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", _("%(driver)s's races") % {"driver": driver.name})
    stamp = timezone.now()
    for entry in entries:
        race = entry.race
        event = Event()
        event.add("uid", race_uid(race.pk, car=entry.season_entry.car_number))
        event.add("dtstamp", stamp)
        start = race.scheduled_at.astimezone(UTC)
        event.add("dtstart", start)
        event.add("dtend", start + RACE_LENGTH)
        event.add("summary", f"{race.season.name} · {race_title(race)}")
        event.add("location", race.circuit.name)
        event.add("url", request.build_absolute_uri(race.get_absolute_url()))
        event.add(
            "description",
            _("Car %(car)s, %(team)s · %(status)s")
            % {
                "car": entry.season_entry.car_number,
                "team": entry.season_entry.team,
                "status": race.get_status_display(),
            },
        )
        calendar.add_component(event)
    response = HttpResponse(calendar.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{driver.slug}.ics"'
    return response


@login_required
def my_calendar(request: HttpRequest) -> HttpResponse:
    driver = Driver.objects.filter(user=request.user).first()
    if driver is None:
        raise Http404(_("You are not a driver of the league yet."))
    return redirect("races:driver-calendar", slug=driver.slug)
