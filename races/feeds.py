"""What other programs read: a season's calendar (iCalendar), results (Atom) and standings (CSV).

Each runs a fixed number of queries whatever the number of races.
"""

from __future__ import annotations

import csv
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.syndication.views import Feed
from django.db.models import Prefetch, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.feedgenerator import Atom1Feed
from django.utils.translation import gettext as _
from icalendar import Calendar, Event, vText

from league.models import Season
from races.models import Race, Result
from races.scoreboard import season_scoreboard

RACE_LENGTH = timedelta(hours=3)  # a league evening: briefing, qualifying, the race
LEAGUE_FEED_SIZE = 30
CSV_TABLES = ("drivers", "teams")
CSV_HEADER = ["position", "name", "car", "team", "points", "wins", "podiums"]
CSV_SEPARATORS = (",", ";")

_DRIVER_JOINS = ("race_entry__season_entry__driver", "race_entry__season_entry__team")


def race_title(race: Race) -> str:
    return _("Round %(round)s — %(circuit)s") % {"round": race.round, "circuit": race.circuit.name}


def _podiums() -> Prefetch:
    """Each race's first three finishers, in one query for every race at once."""
    finishers = (
        Result.objects.filter(status=Result.Status.FINISHED, position__lte=3)
        .select_related(*_DRIVER_JOINS)
        .order_by("position")
    )
    return Prefetch("results", queryset=finishers, to_attr="podium")


# --- iCalendar -------------------------------------------------------------------------------


def race_uid(race_id: int, *, car: int | None = None) -> str:
    """An event's UID from the race's id (and the car's, in a driver's calendar) and a fixed
    domain, never the request's host: the same race is the same event however it was fetched."""
    local = f"race-{race_id}" if car is None else f"race-{race_id}-car-{car}"
    return f"{local}@{settings.CALENDAR_UID_DOMAIN}"


def season_calendar_ics(request: HttpRequest, slug: str) -> HttpResponse:
    """The season's races as calendar events, for a phone or desktop calendar to subscribe to."""
    season = get_object_or_404(Season, slug=slug)
    races = (
        Race.objects.filter(season=season)
        .select_related("circuit")
        .prefetch_related(_podiums())
        .order_by("round")
    )
    calendar = Calendar()
    calendar.add("prodid", "-//Formule Dé league//calendar//EN")
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    # An X- property is not escaped unless typed as text, and readers show it raw: one line of text.
    calendar.add("x-wr-calname", vText(" ".join(season.name.split())))
    stamp = timezone.now()
    for race in races:
        event = Event()
        # The race's id never changes, so a rescheduled race updates the subscriber's event.
        event.add("uid", race_uid(race.pk))
        event.add("dtstamp", stamp)
        event.add("dtstart", race.scheduled_at)
        event.add("dtend", race.scheduled_at + RACE_LENGTH)
        event.add("summary", race_title(race))
        event.add("location", race.circuit.name)
        event.add("url", request.build_absolute_uri(race.get_absolute_url()))
        lines = [f"{season.name} · {race.get_status_display()}"]
        if race.has_results and race.podium:
            winner = race.podium[0].race_entry.season_entry
            lines.append(_("Winner: %(driver)s (%(team)s)") % {"driver": winner.driver, "team": winner.team})
        event.add("description", "\n".join(lines))
        calendar.add_component(event)
    response = HttpResponse(calendar.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{season.slug}.ics"'
    return response


# --- Atom --------------------------------------------------------------------------------------


class _ResultsFeed(Feed):
    feed_type = Atom1Feed
    description_template = "feeds/race_podium.html"

    def _races(self) -> QuerySet[Race]:
        return (
            Race.objects.filter(status__in=Race.RESULT_STATUSES)
            .select_related("season", "circuit")
            .prefetch_related(_podiums())
            .order_by("-scheduled_at", "-pk")
        )

    def item_link(self, item: Race) -> str:
        return item.get_absolute_url()

    def item_pubdate(self, item: Race) -> datetime:
        return item.scheduled_at

    def item_categories(self, item: Race) -> list[str]:
        return [item.season.name]

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["podium"] = kwargs["item"].podium
        return context


class SeasonResultsFeed(_ResultsFeed):
    """A season's results, newest race first: one entry per race with its podium."""

    def get_object(self, request: HttpRequest, slug: str) -> Season:
        return get_object_or_404(Season, slug=slug)

    def title(self, obj: Season) -> str:
        return _("%(season)s — results") % {"season": obj.name}

    def subtitle(self, obj: Season) -> str:
        return _("The podium of each race of %(season)s, once the stewards have validated it.") % {
            "season": obj.name
        }

    def link(self, obj: Season) -> str:
        return obj.get_absolute_url()

    def items(self, obj: Season) -> QuerySet[Race]:
        return self._races().filter(season=obj)

    def item_title(self, item: Race) -> str:
        return race_title(item)


class LeagueResultsFeed(_ResultsFeed):
    """Every season's latest results, newest race first."""

    def title(self) -> str:
        return _("Formule Dé league — results")

    def subtitle(self) -> str:
        return _("The podium of each race, once the stewards have validated it.")

    def link(self) -> str:
        return "/"

    def items(self) -> QuerySet[Race]:
        return self._races()[:LEAGUE_FEED_SIZE]

    def item_title(self, item: Race) -> str:
        return f"{item.season.name} · {race_title(item)}"


# --- CSV ---------------------------------------------------------------------------------------


# A spreadsheet runs a cell that starts like a formula: `=HYPERLINK(…)` in a name would be a live link.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A text cell a spreadsheet will show as text: a leading ' before what would start a formula."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def season_standings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The drivers' (default) or teams' table (`?table=teams`) for a spreadsheet.

    The header names are fixed identifiers, not translated, so scripts can rely on them. One
    column per scored round (`round_1`, …) holds the points of that round, empty when the car or
    team scored no result in it. `?sep=;` writes semicolons and a UTF-8 byte-order mark, which
    a spreadsheet set to French (where the comma is the decimal mark) needs to split the columns
    and read the accents.
    """
    season = get_object_or_404(Season, slug=slug)
    table = request.GET.get("table", "drivers")
    if table not in CSV_TABLES:
        return HttpResponseBadRequest(
            _("Unknown table %(table)r: choose drivers or teams.") % {"table": table},
            content_type="text/plain; charset=utf-8",
        )
    separator = request.GET.get("sep", ",")
    if separator not in CSV_SEPARATORS:
        return HttpResponseBadRequest(
            _("Unknown separator %(sep)r: choose , or ;.") % {"sep": separator},
            content_type="text/plain; charset=utf-8",
        )
    scoreboard = season_scoreboard(season=season)
    rounds = scoreboard.rounds
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    suffix = "-fr" if separator == ";" else ""
    response["Content-Disposition"] = f'attachment; filename="{season.slug}-{table}{suffix}.csv"'
    if separator == ";":
        response.write("\ufeff")
    writer = csv.writer(response, delimiter=separator)
    writer.writerow([*CSV_HEADER, *(f"round_{n}" for n in rounds)])
    rows = scoreboard.drivers if table == "drivers" else scoreboard.teams
    for row in rows:
        if table == "drivers":
            name, cars = row.driver.name, str(row.car_number or "")
        else:
            name, cars = row.team.name, " ".join(map(str, scoreboard.team_cars(row.team)))
        team = row.team.name if row.team else ""
        by_round = scoreboard.round_points(row)
        writer.writerow(
            [
                row.position,
                csv_cell(name),
                cars,
                csv_cell(team),
                row.points,
                row.wins,
                row.podiums,
                *(by_round.get(n, "") for n in rounds),
            ]
        )
    return response
