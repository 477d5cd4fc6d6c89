from __future__ import annotations

from django.urls import path

from config.page_cache import cached_page
from league import feeds, feeds_driver, views, views_experience, views_player, views_registration

app_name = "league"
urlpatterns = [
    path("seasons/", views.season_list, name="seasons"),
    path("seasons/<slug:slug>/", cached_page(views.season_detail), name="season"),
    path("seasons/<slug:slug>/enter/", views_registration.season_enter, name="season-enter"),
    path("seasons/<slug:slug>/calendar.ics", feeds.season_calendar_ics, name="season-calendar"),
    path("seasons/<slug:slug>/results.atom", feeds.SeasonResultsFeed(), name="season-results-feed"),
    path(
        "seasons/<slug:slug>/standings.csv",
        cached_page(feeds.season_standings_csv),
        name="season-standings-csv",
    ),
    path("results.atom", feeds.LeagueResultsFeed(), name="results-feed"),
    path("experience/", views_experience.experience_overview, name="experience"),
    path("experience/driver/<slug:slug>/", views_experience.driver_ledger, name="experience-driver"),
    path("experience/team/<slug:slug>/", views_experience.team_ledger, name="experience-team"),
    path("my-races/", views_player.my_races, name="my-races"),
    path("my-races/calendar.ics", feeds_driver.my_calendar, name="my-calendar"),
    path("drivers/<slug:slug>/calendar.ics", feeds_driver.driver_calendar_ics, name="driver-calendar"),
    path("drivers/", views.driver_list, name="drivers"),
    path("drivers/<slug:slug>/", cached_page(views.driver_detail), name="driver"),
    path("teams/", views.team_list, name="teams"),
    path("teams/<slug:slug>/", views.team_detail, name="team"),
]
