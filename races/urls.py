from __future__ import annotations

from django.urls import include, path

from config.page_cache import cached_page
from races import views, wear_views
from races.replay import views as replay_views
from races.rulebook import views as rulebook_views
from races.sheets import views as sheet_views
from races.sheets import views_stewards as steward_views

app_name = "races"
urlpatterns = [
    path("races/<int:pk>/", cached_page(views.race_detail), name="race"),
    path("races/<int:pk>/replay/", replay_views.race_replay_page, name="race-replay"),
    path("", include("races.live.urls")),
    path("race-entries/<int:pk>/wear/", wear_views.wear_build, name="wear-build"),
    path("rules/", rulebook_views.rules_page, name="rules"),
    path("circuits/", views.circuit_list, name="circuits"),
    path("circuits/<slug:slug>/", views.circuit_detail, name="circuit"),
    path("races/<int:pk>/sheets/new/", sheet_views.sheet_new, name="sheet-new"),
    path("sheets/<int:pk>/", sheet_views.sheet_detail, name="sheet"),
    path("sheets/<int:pk>/confirm/", sheet_views.sheet_confirm_view, name="sheet-confirm"),
    path("sheets/<int:pk>/protest/", sheet_views.sheet_protest_view, name="sheet-protest"),
    path("protests/<int:pk>/withdraw/", sheet_views.protest_withdraw_view, name="protest-withdraw"),
    path("protests/<int:pk>/decide/", steward_views.protest_decide_view, name="protest-decide"),
    path("races/<int:pk>/stewards/", steward_views.race_stewards_view, name="race-stewards"),
    path("races/<int:pk>/stewards/penalise/", steward_views.race_penalise_view, name="race-penalise"),
    path("races/<int:pk>/stewards/publish/", steward_views.race_publish_view, name="race-publish"),
    path("races/<int:pk>/stewards/reopen/", steward_views.race_reopen_view, name="race-reopen"),
]
