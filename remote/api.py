"""The remote races' API: the tables waiting on me, a table's clocks, the gear set in advance,
and "I am back" (off the autopilot). The moves themselves are race night's endpoints."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied, ValidationError
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api_support import NOT_FOUND, ClientScopedRateThrottle, detail_response
from core.json_parser import StrictJSONParser
from live.models import LiveStep, LiveTable
from live.remote_rules import cars_of
from live.selectors import table_urls
from remote.models import CarClock
from remote.turns import autopilot_play, clock_of
from sheets.selectors import steward_may


class WaitingSerializer(serializers.Serializer):
    table = serializers.IntegerField(source="table_id")
    race = serializers.CharField(source="table.race")
    car = serializers.CharField()
    steps = serializers.IntegerField(source="step", help_text="Send it back as `expected` with the move.")
    waiting_since = serializers.DateTimeField()
    due_at = serializers.DateTimeField(help_text="When the autopilot plays the car.")
    url = serializers.CharField(help_text="The table's state (the race-night API).")
    page = serializers.CharField(help_text="The page to play the move on.")


class ClockSerializer(serializers.Serializer):
    car = serializers.CharField()
    waiting = serializers.BooleanField()
    waiting_since = serializers.DateTimeField(allow_null=True)
    due_at = serializers.DateTimeField(allow_null=True)
    missed = serializers.IntegerField(help_text="Moves the autopilot played in a row for the driver.")
    autopilot = serializers.BooleanField(help_text="Three missed in a row: on autopilot until he comes back.")
    advance_gear = serializers.IntegerField(
        allow_null=True, help_text="Shown to the car's driver and the stewards only."
    )


def _waiting(request: Request, clock: CarClock) -> dict[str, Any]:
    urls = table_urls(clock.table, request)
    return {
        "table_id": clock.table_id,
        "table": clock.table,
        "car": clock.car,
        "step": clock.step,
        "waiting_since": clock.waiting_since,
        "due_at": clock.due_at,
        "url": urls["self"],
        "page": urls["page"],
    }


class MyMovesApi(APIView):
    """GET /api/me/moves/: the remote tables waiting on my move, the most urgent first."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="me_moves",
        responses={200: WaitingSerializer(many=True), 401: detail_response("Log in or send a token.")},
    )
    def get(self, request: Request) -> Response:
        clocks = (
            CarClock.objects.waiting()
            .filter(user=request.user)
            .select_related("table__race__season", "table__race__circuit")
            .order_by("due_at")
        )
        return Response(WaitingSerializer([_waiting(request, c) for c in clocks], many=True).data)


class _TableBase(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    parser_classes = [StrictJSONParser]
    throttle_scope = "tables"

    def get_throttles(self):  # noqa: ANN201 - DRF's hook: writes only
        return [] if self.request.method in ("GET", "HEAD", "OPTIONS") else [ClientScopedRateThrottle()]

    def table(self, pk: int, *, remote: bool = True) -> LiveTable:
        rows = LiveTable.objects.select_related("race__season")
        return get_object_or_404(rows.filter(mode=LiveTable.Mode.REMOTE) if remote else rows, pk=pk)

    def own_cars(self, table: LiveTable) -> set[str]:
        """The caller's cars on the table (a steward's: every car): 403 if none."""
        if steward_may(self.request.user, "add_racesheet"):
            return set(table.header_cars)
        mine = cars_of(table, self.request.user)
        if not mine:
            raise PermissionDenied(_("You drive no car in this race."))
        return mine


class TableClocksApi(_TableBase):
    """GET /api/tables/{id}/clocks/: each car's clock on a remote table."""

    @extend_schema(
        operation_id="race_table_clocks", responses={200: ClockSerializer(many=True), 404: NOT_FOUND}
    )
    def get(self, request: Request, pk: int) -> Response:
        table = self.table(pk)
        mine = cars_of(table, request.user)
        steward = steward_may(request.user, "add_racesheet")
        rows = [_clock_row(c, table, steward or c.car in mine) for c in CarClock.objects.filter(table=table)]
        return Response(ClockSerializer(rows, many=True).data)


def _clock_row(clock: CarClock, table: LiveTable, shown: bool) -> dict[str, Any]:
    """A clock as `ClockSerializer` gives it: its times while its car is awaited; the gear in
    advance only if `shown` (to the car's driver and the stewards)."""
    waiting = clock.step == table.steps and clock.due_at is not None
    return {
        "car": clock.car,
        "waiting": waiting,
        "waiting_since": clock.waiting_since if waiting else None,
        "due_at": clock.due_at if waiting else None,
        "missed": clock.missed,
        "autopilot": clock.autopilot,
        "advance_gear": clock.advance_gear if shown else None,
    }


ADVANCE = inline_serializer(
    "RemoteAdvanceGear",
    {
        "car": serializers.CharField(),
        "gear": serializers.IntegerField(allow_null=True, help_text="1–7; null: none (I play myself)."),
    },
)


class TableAdvanceApi(_TableBase):
    """POST /api/tables/{id}/advance/: "6th if I can": the gear of my car's next move."""

    @extend_schema(
        operation_id="race_table_advance",
        request=ADVANCE,
        responses={
            200: ClockSerializer,
            400: OpenApiResponse(description="Not a gear."),
            403: detail_response("Not your car."),
            404: NOT_FOUND,
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        table = self.table(pk, remote=False)
        mine = self.own_cars(table)
        data = request.data if isinstance(request.data, Mapping) else {}
        car, gear = data.get("car"), data.get("gear")
        if not isinstance(car, str):
            raise ValidationError({"car": [_("The car: its number, as a string.")]})
        if car not in mine:
            raise PermissionDenied(_("Car %(car)s is not yours.") % {"car": str(car)[:16]})
        if not table.remote:
            raise ValidationError({"detail": _("A gear in advance is for remote races.")})
        if gear is not None and (type(gear) is not int or not 1 <= gear <= 7):
            raise ValidationError({"gear": [_("A gear from 1 to 7, or null.")]})
        if table.status != LiveTable.Status.PLAYING:
            raise ValidationError({"detail": _("The race is over.")})
        clock = clock_of(table, car)
        CarClock.objects.filter(pk=clock.pk).update(autopilot=False, missed=0)  # he is back
        waiting = clock.step == table.steps and clock.due_at is not None
        # his car is waiting now: the gear is played at once, if it is legal
        if gear is not None and waiting and autopilot_play(table.pk, car, LiveStep.Auto.ADVANCE, gear=gear):
            gear = None
        CarClock.objects.filter(pk=clock.pk).update(advance_gear=gear)
        clock.refresh_from_db()
        table.refresh_from_db(fields=["steps"])
        return Response(ClockSerializer(_clock_row(clock, table, shown=True)).data, status=status.HTTP_200_OK)


class TableBackApi(_TableBase):
    """POST /api/tables/{id}/back/: I am back: my cars leave the autopilot."""

    @extend_schema(
        operation_id="race_table_back",
        request=None,
        responses={
            200: inline_serializer("RemoteBack", {"cars": serializers.IntegerField()}),
            404: NOT_FOUND,
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        table = self.table(pk, remote=False)
        mine = self.own_cars(table)
        back = CarClock.objects.filter(table=table, car__in=mine, autopilot=True).update(
            autopilot=False, missed=0
        )
        return Response({"cars": back})
