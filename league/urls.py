from __future__ import annotations

from django.urls import path

from league import views

app_name = "league"
urlpatterns = [
    path("seasons/", views.season_list, name="seasons"),
    path("seasons/<slug:slug>/", views.season_detail, name="season"),
    path("drivers/", views.driver_list, name="drivers"),
    path("drivers/<slug:slug>/", views.driver_detail, name="driver"),
    path("teams/", views.team_list, name="teams"),
    path("teams/<slug:slug>/", views.team_detail, name="team"),
]
