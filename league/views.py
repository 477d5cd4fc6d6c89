"""Public pages of the league: home, seasons, drivers, teams.

Views stay thin: they fetch through the selectors and hand plain data to the templates.
Every page runs a fixed number of queries, whatever the size of the league.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from league.charts import progression_chart
from league.models import Driver, Season, Team
from league.selectors import (
    StandingRow,
    driver_experience,
    driver_standings,
    experience_tally,
    running_season,
    team_experience,
    team_standings,
)
from league.selectors_progression import driver_progression, team_progression
from league.selectors_stats import driver_dice_luck, driver_stats
from races.models import Race, Result
from races.selectors import driver_results, next_race, season_calendar, team_results


@dataclass(frozen=True)
class CalendarLine:
    race: Race
    winner: Result | None


@dataclass(frozen=True)
class GridRow:
    """One line of a season's results grid: a standing and its result (or None) in each round."""

    standing: StandingRow
    cells: tuple[Result | None, ...]


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
    # One query for every result of the season: the calendar's winners and the results grid.
    results = Result.objects.filter(race__season=season).select_related(
        "race_entry__season_entry__driver", "race_entry__season_entry__team"
    )
    by_race_and_driver: dict[tuple[int, int], Result] = {}
    winners: dict[int, Result] = {}
    for result in results:
        by_race_and_driver[(result.race_id, result.race_entry.season_entry.driver_id)] = result
        if result.position == 1:
            winners[result.race_id] = result
    drivers = driver_standings(season=season)
    raced = [race for race in calendar if race.has_results]
    grid = [
        GridRow(
            standing=row,
            cells=tuple(by_race_and_driver.get((race.pk, row.driver.pk)) for race in raced),
        )
        for row in drivers
        if row.driver is not None
    ]
    return render(
        request,
        "league/season_detail.html",
        {
            "season": season,
            "calendar": [
                CalendarLine(race=race, winner=winners.get(race.pk) if race.has_results else None)
                for race in calendar
            ],
            "raced": raced,
            "grid": grid,
            "driver_standings": drivers,
            "team_standings": team_standings(season=season),
            "driver_chart": progression_chart(driver_progression(season=season)),
            "team_chart": progression_chart(team_progression(season=season)),
        },
    )


def driver_list(request: HttpRequest) -> HttpResponse:
    tally = experience_tally()["drivers"]
    drivers = [
        (driver, tally.get(driver.pk))
        for driver in Driver.objects.annotate(season_count=Count("entries", distinct=True))
    ]
    return render(request, "league/driver_list.html", {"drivers": drivers})


def driver_detail(request: HttpRequest, slug: str) -> HttpResponse:
    driver = get_object_or_404(Driver, slug=slug)
    entries = driver.entries.select_related("season", "team").order_by("-season__year", "season__name")
    return render(
        request,
        "league/driver_detail.html",
        {
            "driver": driver,
            "entries": entries,
            "results": driver_results(driver=driver),
            "experience": driver_experience(driver=driver),
            "stats": driver_stats(driver=driver),
            "luck": driver_dice_luck(driver=driver),
        },
    )


def team_list(request: HttpRequest) -> HttpResponse:
    tally = experience_tally()["teams"]
    teams = [
        (team, tally.get(team.pk))
        for team in Team.objects.annotate(driver_count=Count("entries__driver", distinct=True))
    ]
    return render(request, "league/team_list.html", {"teams": teams})


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
