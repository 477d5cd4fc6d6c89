"""The league room's pages: the experience ledgers and the rulebook."""

from __future__ import annotations

from django.urls import path

from league import views_experience
from league.rulebook import views as rulebook_views

app_name = "league"
urlpatterns = [
    path("experience/", views_experience.experience_overview, name="experience"),
    path("experience/driver/<slug:slug>/", views_experience.driver_ledger, name="experience-driver"),
    path("experience/team/<slug:slug>/", views_experience.team_ledger, name="experience-team"),
    path("rules/", rulebook_views.rules_page, name="rules"),
]
