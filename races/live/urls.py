"""The race-night pages (included by races/urls.py, so their names are `races:race-night…`)."""

from __future__ import annotations

from django.urls import path

from races.live import views

urlpatterns = [
    path("races/<int:pk>/live/", views.race_night, name="race-night"),
    path("races/<int:pk>/live/wear-check/", views.wear_check, name="race-night-wear"),
    path("live/tables/<int:pk>/", views.race_night_table, name="race-night-table"),
    path("live/tables/<int:pk>/roll/", views.roll_dice, name="race-night-roll"),
]
