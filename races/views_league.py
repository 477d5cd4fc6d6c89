"""Public pages of the league: home, seasons, drivers, teams.

Views stay thin: they fetch through the selectors and hand plain data to the templates.
Every page runs a fixed number of queries, whatever the size of the league.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from league.models import Driver, EntryRequest, Season, Team
from league.rules_display import season_rules_summary
from league.selectors import experience_tally, running_season, team_experience
from races.charts import progression_chart
from races.models import Race, Result
from races.penalties import penalised_driver_ids, season_penalties
from races.registration import entry_list_is_open
from races.scoreboard import season_scoreboard
from races.selectors import next_race, season_calendar, team_results
from races.standings import driver_standings


@dataclass(frozen=True)
class CalendarLine:
    race: Race
    winner: Result | None


def name_order(owner: Driver | Team) -> tuple[str, str, int]:
    """Alphabetical as a reader expects it, the same on every database: "Émile" between "Elena" and
    "Finn", "de Vries" among the Ds (SQLite sorts by code point, PostgreSQL by its collation)."""
    plain = unicodedata.normalize("NFKD", owner.name)
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return (plain.casefold(), owner.name, owner.pk)


def home(request: HttpRequest) -> HttpResponse:
    season = running_season()
    standings = driver_standings(season=season) if season else []
    upcoming = next_race(season=season) if season else None
    return render(
        request,
        "home.html",
        {"season": season, "standings": standings, "next_race": upcoming},
    )


def season_list(request: HttpRequest) -> HttpResponse:
    seasons = Season.objects.annotate(
        race_count=Count("races", distinct=True), entry_count=Count("entries", distinct=True)
    )
    return render(request, "league/season_list.html", {"seasons": seasons})


def season_detail(request: HttpRequest, slug: str) -> HttpResponse:
    season = get_object_or_404(Season, slug=slug)
    calendar = list(season_calendar(season=season))
    raced = [race for race in calendar if race.has_results]
    # The calendar's winners: one small query, a result per race.
    winners = {
        result.race_id: result
        for result in Result.objects.filter(race__season=season, position=1).select_related(
            "race_entry__season_entry__driver", "race_entry__season_entry__team"
        )
    }
    # One query for both tables, both charts and the results grid.
    scoreboard = season_scoreboard(season=season)
    penalties = list(season_penalties(season=season))
    # Before round 1 the page shows who is in, not a table of zeros.
    entry_list = (
        None
        if raced
        else {
            "entries": season.entries.select_related("driver", "team").order_by("car_number"),
            "requests": season.entry_requests.filter(
                status__in=[EntryRequest.Status.PENDING, EntryRequest.Status.WAITING]
            ).select_related("user", "driver", "team"),
        }
    )
    return render(
        request,
        "league/season_detail.html",
        {
            "season": season,
            "entry_list": entry_list,
            "entries_open": entry_list_is_open(season=season),
            "rules": season_rules_summary(season),
            "calendar": [
                CalendarLine(race=race, winner=winners.get(race.pk) if race.has_results else None)
                for race in calendar
            ],
            "raced": raced,
            "grid": scoreboard.grid(raced),
            "driver_standings": scoreboard.drivers,
            "team_standings": scoreboard.teams,
            "driver_chart": progression_chart(scoreboard.driver_progression),
            "team_chart": progression_chart(scoreboard.team_progression),
            "season_penalties": penalties,
            "penalty_marks": penalised_driver_ids(penalties),
        },
    )


def _by_name(owners: QuerySet[Driver] | QuerySet[Team], tally: dict[int, Any]) -> list[tuple[Any, Any]]:
    """Drivers or teams by name, each with its experience tally. An aggregate query drops the
    model's default ordering (GROUP BY): the rows come back in whatever order the database chose."""
    return [(owner, tally.get(owner.pk)) for owner in sorted(owners, key=name_order)]


def driver_list(request: HttpRequest) -> HttpResponse:
    drivers = Driver.objects.annotate(season_count=Count("entries", distinct=True))
    return render(
        request, "league/driver_list.html", {"drivers": _by_name(drivers, experience_tally()["drivers"])}
    )


def team_list(request: HttpRequest) -> HttpResponse:
    teams = Team.objects.annotate(driver_count=Count("entries__driver", distinct=True))
    return render(request, "league/team_list.html", {"teams": _by_name(teams, experience_tally()["teams"])})


def team_detail(request: HttpRequest, slug: str) -> HttpResponse:
    team = get_object_or_404(Team, slug=slug)
    entries = team.entries.select_related("season", "driver").order_by(
        "-season__year", "season__name", "car_number"
    )
    return render(
        request,
        "league/team_detail.html",
        {
            "team": team,
            "entries": entries,
            "results": team_results(team=team),
            "experience": team_experience(team=team),
        },
    )
