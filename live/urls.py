"""The race-night pages (`live:race-night…`)."""

from __future__ import annotations

from django.urls import path

from live import qualifying, views, views_presence, views_tv

app_name = "live"
urlpatterns = [
    path("races/<int:pk>/live/", views.race_night, name="race-night"),
    path("races/<int:pk>/live/wear-check/", views.wear_check, name="race-night-wear"),
    path("races/<int:pk>/live/presence/", views_presence.race_night_presence, name="race-night-presence"),
    path("races/<int:pk>/live/qualifying/", qualifying.qualifying_page, name="race-night-qualifying"),
    path(
        "races/<int:pk>/live/qualifying/grid/", qualifying.qualifying_grid, name="race-night-qualifying-grid"
    ),
    path(
        "races/<int:pk>/live/qualifying/send/",
        qualifying.qualifying_submit,
        name="race-night-qualifying-submit",
    ),
    path("live/tables/<int:pk>/", views.race_night_table, name="race-night-table"),
    path("live/tables/<int:pk>/roll/", views.roll_dice, name="race-night-roll"),
    path("live/tables/<int:pk>/tv/", views_tv.race_night_tv, name="race-night-tv"),
    path("races/<int:pk>/live/tv/", views_tv.race_tv, name="race-night-race-tv"),
]
