"""The API, under /api/. Viewsets go on the router; single-purpose views get a path of their own."""

from __future__ import annotations

from django.urls import include, path
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, inline_serializer
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import Throttled, ValidationError
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.routers import DefaultRouter

from accounts.tokens import ConfirmedAuthTokenSerializer
from circuits.api import CircuitApi
from core.api_support import VALIDATION_ERRORS, ClientScopedRateThrottle, detail_response
from core.json_parser import StrictJSONParser
from core.page_cache import cached_page
from league.api_experience import ExperienceApi
from league.api_options import OptionListApi
from league.api_people import DriverApi, TeamApi
from league.api_seasons import SeasonApi, SeasonEntryApi
from live.api import (
    RaceTableCreateApi,
    TableApi,
    TableChoicesApi,
    TableFinishApi,
    TableMovesApi,
    TableRestartApi,
    TableRollApi,
    TableUndoApi,
)
from races.api_races import RaceApi, RaceEntryApi
from races.api_results import ResultApi
from races.api_standings import SeasonStandingsApi
from remote.api import MyMovesApi, TableAdvanceApi, TableBackApi, TableClocksApi
from sheets.api import RaceSheetCreateApi, RaceSheetDetailApi


class TokenApi(ObtainAuthToken):
    """POST /api/auth/token/: a user name and password give the user's API token."""

    parser_classes = [StrictJSONParser, FormParser, MultiPartParser]
    serializer_class = ConfirmedAuthTokenSerializer  # an unconfirmed e-mail address: 403, no token
    throttle_classes = [ClientScopedRateThrottle]  # by client address, as the lockout counts
    throttle_scope = "auth"

    @extend_schema(
        operation_id="auth_token",
        request=AuthTokenSerializer,
        responses={
            200: inline_serializer("Token", {"token": serializers.CharField()}),
            400: VALIDATION_ERRORS,
            403: detail_response("The account's e-mail address is not confirmed yet: no token."),
        },
    )
    def post(self, request, *args, **kwargs):
        try:
            return super().post(request, *args, **kwargs)
        except ValidationError:
            # django-axes marks a locked-out client on the request it was given: DRF's wrapper
            if getattr(request, "axes_locked_out", False) or getattr(
                request._request, "axes_locked_out", False
            ):
                raise Throttled(detail=_("Too many failed logins: try again later.")) from None
            raise


app_name = "api"
router = DefaultRouter()
router.register("seasons", SeasonApi, basename="season")
router.register("season-entries", SeasonEntryApi, basename="season-entry")
router.register("races", RaceApi, basename="race")
router.register("race-entries", RaceEntryApi, basename="race-entry")
router.register("results", ResultApi, basename="result")
router.register("drivers", DriverApi, basename="driver")
router.register("teams", TeamApi, basename="team")
router.register("circuits", CircuitApi, basename="circuit")
router.register("experience", ExperienceApi, basename="experience")

urlpatterns = [
    path("auth/token/", TokenApi.as_view(), name="token"),
    path("races/<int:pk>/sheets/", RaceSheetCreateApi.as_view(), name="race-sheets"),
    path("sheets/<int:pk>/", RaceSheetDetailApi.as_view(), name="sheet"),
    # race night (docs/race-night-api.md)
    path("races/<int:pk>/tables/", RaceTableCreateApi.as_view(), name="race-tables"),
    path("tables/<int:pk>/", TableApi.as_view(), name="table"),
    path("tables/<int:pk>/choices/", TableChoicesApi.as_view(), name="table-choices"),
    path("tables/<int:pk>/moves/", TableMovesApi.as_view(), name="table-moves"),
    path("tables/<int:pk>/moves/last/", TableUndoApi.as_view(), name="table-undo"),
    path("tables/<int:pk>/rolls/", TableRollApi.as_view(), name="table-rolls"),
    path("tables/<int:pk>/clocks/", TableClocksApi.as_view(), name="table-clocks"),
    path("tables/<int:pk>/advance/", TableAdvanceApi.as_view(), name="table-advance"),
    path("tables/<int:pk>/back/", TableBackApi.as_view(), name="table-back"),
    path("me/moves/", MyMovesApi.as_view(), name="me-moves"),
    path("tables/<int:pk>/restart/", TableRestartApi.as_view(), name="table-restart"),
    path("tables/<int:pk>/finish/", TableFinishApi.as_view(), name="table-finish"),
    path("options/", OptionListApi.as_view(), name="options"),
    path("seasons/<int:pk>/standings/", cached_page(SeasonStandingsApi.as_view()), name="season-standings"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view: its set-up script is a file of its own, not inline (Content-Security-Policy).
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api:schema"), name="docs"),
    path("", include(router.urls)),
]
