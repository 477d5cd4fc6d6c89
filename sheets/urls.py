"""The sheets room's pages: the race page, its replay, sheets, protests and the stewards' desk."""

from __future__ import annotations

from django.urls import path

from core.page_cache import cached_page
from sheets import views, views_driver, views_player, views_race, views_stewards
from sheets.replay import views as replay_views

app_name = "sheets"
urlpatterns = [
    path("my-races/", views_player.my_races, name="my-races"),
    path("drivers/<slug:slug>/", cached_page(views_driver.driver_detail), name="driver"),
    path("races/<int:pk>/", cached_page(views_race.race_detail), name="race"),
    path("races/<int:pk>/replay/", replay_views.race_replay_page, name="race-replay"),
    path("races/<int:pk>/sheets/new/", views.sheet_new, name="sheet-new"),
    path("sheets/<int:pk>/", views.sheet_detail, name="sheet"),
    path("sheets/<int:pk>/confirm/", views.sheet_confirm_view, name="sheet-confirm"),
    path("sheets/<int:pk>/protest/", views.sheet_protest_view, name="sheet-protest"),
    path("protests/<int:pk>/withdraw/", views.protest_withdraw_view, name="protest-withdraw"),
    path("protests/<int:pk>/decide/", views_stewards.protest_decide_view, name="protest-decide"),
    path("races/<int:pk>/stewards/", views_stewards.race_stewards_view, name="race-stewards"),
    path("races/<int:pk>/stewards/penalise/", views_stewards.race_penalise_view, name="race-penalise"),
    path("races/<int:pk>/stewards/publish/", views_stewards.race_publish_view, name="race-publish"),
    path("races/<int:pk>/stewards/reopen/", views_stewards.race_reopen_view, name="race-reopen"),
]
