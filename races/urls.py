"""The races room's pages: seasons, drivers, teams, calendars and feeds, circuits, a car's wear build."""

from __future__ import annotations

from django.urls import path

from core.page_cache import cached_page
from races import (
    feeds,
    feeds_driver,
    views_circuits,
    views_league,
    views_registration,
    views_wear,
)

app_name = "races"
urlpatterns = [
    path("seasons/", views_league.season_list, name="seasons"),
    path("seasons/<slug:slug>/", cached_page(views_league.season_detail), name="season"),
    path("seasons/<slug:slug>/enter/", views_registration.season_enter, name="season-enter"),
    path("seasons/<slug:slug>/calendar.ics", feeds.season_calendar_ics, name="season-calendar"),
    path("seasons/<slug:slug>/results.atom", feeds.SeasonResultsFeed(), name="season-results-feed"),
    path(
        "seasons/<slug:slug>/standings.csv",
        cached_page(feeds.season_standings_csv),
        name="season-standings-csv",
    ),
    path("results.atom", feeds.LeagueResultsFeed(), name="results-feed"),
    path("my-races/calendar.ics", feeds_driver.my_calendar, name="my-calendar"),
    path("drivers/<slug:slug>/calendar.ics", feeds_driver.driver_calendar_ics, name="driver-calendar"),
    path("drivers/", views_league.driver_list, name="drivers"),
    path("teams/", views_league.team_list, name="teams"),
    path("teams/<slug:slug>/", views_league.team_detail, name="team"),
    path("race-entries/<int:pk>/wear/", views_wear.wear_build, name="wear-build"),
    path("circuits/", views_circuits.circuit_list, name="circuits"),
    path("circuits/<slug:slug>/", views_circuits.circuit_detail, name="circuit"),
]
