"""The race-night API (docs/race-night-api.md): create a table from a header, read its state and
choices, play, undo, restart after a red flag, finish into a race sheet. Thin views: the writes
are `live.services`, the reads `live.selectors`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api_support import NOT_FOUND, ClientScopedRateThrottle
from core.api_support import detail_response as _detail
from core.json_parser import StrictJSONParser
from live import selectors, services
from live.errors import TableUnplayable, reading_error
from live.models import LiveTable
from live.presence import header_and_absent
from live.rolls import NoSuchDie
from live.selectors import ChoiceError
from live.serializers import (
    ChoicesSerializer,
    ConflictSerializer,
    CreatedSerializer,
    FinishedSerializer,
    HeaderInputSerializer,
    MoveInputSerializer,
    RefusalSerializer,
    RestartInputSerializer,
    RolledSerializer,
    RollInputSerializer,
    StateSerializer,
    as_json,
)
from live.services import TableConflict, TableRefused, TableTaken
from races.models import Race
from rules.play import Table

REFUSED = OpenApiResponse(RefusalSerializer, description="Refused: nothing stored; the violations say why.")
CONFLICT = OpenApiResponse(
    ConflictSerializer,
    description="Another device played first, or the table is finished; or (with a `code`) the race "
    "cannot be played: its circuit or season rules cannot be read.",
)
UNPLAYABLE = OpenApiResponse(
    ConflictSerializer, description="The race cannot be played: its circuit or season rules cannot be read."
)
WRITE_ERRORS = {
    400: REFUSED,
    401: _detail("No credentials: send `Authorization: Token …` (or log in)."),
    403: _detail("Not an entrant of this race, nor a steward."),
    404: NOT_FOUND,
    409: CONFLICT,
}
EVENTS = OpenApiParameter(
    "events", OpenApiTypes.INT, description="Only the events of steps ≥ this in the state returned."
)
REASON = OpenApiParameter(
    "reason",
    OpenApiTypes.STR,
    description="Remote tables: why a steward takes the move back (required there).",
)
EXPECTED = OpenApiParameter(
    "expected",
    OpenApiTypes.INT,
    description="The `steps` the client last saw (precondition).",
    required=False,
)


def _expected(request: Request, data: Any) -> int | None:
    raw = data.get("expected") if isinstance(data, Mapping) and "expected" in data else None
    raw = raw if raw is not None else request.query_params.get("expected")
    if raw is None or raw == "":
        return None
    if isinstance(raw, bool):
        raise TableRefused(_("expected: a number of steps, got %(v)s") % {"v": raw})
    try:
        return int(raw)
    except (TypeError, ValueError):
        raise TableRefused(_("expected: a number of steps, got %(v)s") % {"v": raw}) from None


def _unwrap(data: Any, key: str) -> Any:
    """The body itself, or its `key` member when it is sent as {key: …, "expected": n}."""
    if isinstance(data, Mapping) and isinstance(data.get(key), Mapping):
        return data[key]
    return data


def _table(pk: int) -> LiveTable:
    try:
        return selectors.table_get(pk=pk)
    except LiveTable.DoesNotExist:
        from django.http import Http404

        raise Http404(_("No such race-night table.")) from None


class _Base(APIView):
    # reads for anyone (watching); a write needs a user, then the service checks the race
    permission_classes = [IsAuthenticatedOrReadOnly]
    parser_classes = [StrictJSONParser]

    def get_throttles(self):  # noqa: ANN201 - DRF's hook: writes only
        if self.request.method in ("GET", "HEAD", "OPTIONS"):
            return []
        return [ClientScopedRateThrottle()]

    throttle_scope = "tables"

    def handle_exception(self, exc: Exception) -> Response:
        if isinstance(exc, TableTaken):  # the race's table is open, or the user's quota is reached
            return Response(exc.payload, status=status.HTTP_409_CONFLICT)
        if isinstance(exc, TableRefused):
            return Response(exc.payload, status=status.HTTP_400_BAD_REQUEST)
        if isinstance(exc, ChoiceError):
            return Response(exc.payload, status=status.HTTP_400_BAD_REQUEST)
        if isinstance(exc, TableConflict):
            return Response(exc.payload, status=status.HTTP_409_CONFLICT)
        if isinstance(exc, TableUnplayable):  # the race's circuit or rules: not the caller's doing
            return Response(exc.payload, status=status.HTTP_409_CONFLICT)
        return super().handle_exception(exc)

    def state(self, table: LiveTable, built: Table, code: int = status.HTTP_200_OK) -> Response:
        """The state after a write (`built`: the engine's table the write left); `?events=N`: only
        the events of steps ≥ N (the delta a client that has seen N steps needs), as the GET."""
        since = _since(self.request)
        state = selectors.table_state(table=table, request=self.request, since=since, built=built)
        return Response(as_json(StateSerializer, state), status=code)

    def step(self, write, field: str, pk: int) -> Response:  # noqa: ANN001 - services.table_move/_restart
        """A move or a restart (the body's `field`) written: 201 with the state, 200 if it was stored."""
        data = self.request.data
        table, built, created = _written(
            write,
            pk,
            user=self.request.user,
            expected=_expected(self.request, data),
            **{field: _unwrap(data, field)},
        )
        return self.state(table, built, status.HTTP_201_CREATED if created else status.HTTP_200_OK)


def _since(request: Request) -> int:
    since = request.query_params.get("events") or "0"
    if not since.lstrip("-").isdigit() or len(since) > 9:
        raise ChoiceError(_("events: a step number, got %(v)s") % {"v": since})
    return int(since)


def _written(write, pk: int, **kw: Any):  # noqa: ANN001, ANN202 - a services.table_* write
    """A write given the table's id (the service reads the row once, locked); 404 if none."""
    try:
        return write(table=pk, **kw)
    except LiveTable.DoesNotExist:
        from django.http import Http404

        raise Http404(_("No such race-night table.")) from None


class RaceTableCreateApi(_Base):
    """POST /api/races/{id}/tables/: a race-night table from a race-log@1 header."""

    @extend_schema(
        operation_id="race_table_create",
        request=HeaderInputSerializer,
        responses={201: CreatedSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        race = get_object_or_404(Race.objects.select_related("season", "circuit"), pk=pk)
        data, replace = _replace(request)
        header, absent = header_and_absent(data)  # the cars that race, the non-partants
        table = services.table_create(
            race=race, user=request.user, header=header, absent=absent, replace=replace
        )
        body = as_json(CreatedSerializer, selectors.table_state(table=table, request=request))
        return Response(body, status=status.HTTP_201_CREATED, headers={"Location": body["url"]})


def _replace(request: Request) -> tuple[Any, bool]:
    """The body without `replace` (a steward closing the race's open table for this one), and
    `replace`: the body's `true`, or `?replace=true`. Anything else than a boolean is refused."""
    data = request.data
    raw = request.query_params.get("replace")
    if isinstance(data, Mapping) and REPLACE in data:
        raw = data[REPLACE]
        data = {k: v for k, v in data.items() if k != REPLACE}
    if raw is None or raw is False or raw in ("", "false", "0"):
        return data, False
    if raw is True or raw in ("true", "1"):
        return data, True
    raise TableRefused(_("replace: true or false, got %(v)s") % {"v": str(raw)[:80]})


REPLACE = "replace"


class TableApi(_Base):
    """GET /api/tables/{id}/: the table's state (public: watching a race in progress)."""

    @extend_schema(
        operation_id="race_table_retrieve",
        parameters=[
            OpenApiParameter("events", OpenApiTypes.INT, description="Only the events of steps ≥ this.")
        ],
        responses={200: StateSerializer, 400: REFUSED, 404: NOT_FOUND, 409: UNPLAYABLE},
    )
    def get(self, request: Request, pk: int) -> Response:
        state = selectors.table_state(table=_table(pk), request=request, since=_since(request))
        return Response(as_json(StateSerializer, state))


class TableChoicesApi(_Base):
    """GET /api/tables/{id}/choices/: gears; with gear and roll, the stops; with move, the tests due."""

    @extend_schema(
        operation_id="race_table_choices",
        parameters=[
            OpenApiParameter("gear", OpenApiTypes.INT, description="The gear engaged."),
            OpenApiParameter("roll", OpenApiTypes.STR, description="The movement die (7th gear: `d5,d6`)."),
            OpenApiParameter("option", OpenApiTypes.STR, description="JSON: the move's `option`."),
            OpenApiParameter("xp", OpenApiTypes.STR, description="JSON: the move's `xp`."),
            OpenApiParameter("pit", OpenApiTypes.STR, description="JSON: the move's `pit`."),
            OpenApiParameter(
                "move", OpenApiTypes.STR, description="JSON: a move with the rolls made so far."
            ),
            OpenApiParameter(
                "spare",
                OpenApiTypes.STR,
                description="A retired car taking its spare car (A5) at the end of the turn just "
                "played: its gears and stops, with `option` giving `spare` (the points off the build).",
            ),
        ],
        responses={200: ChoicesSerializer, 400: REFUSED, 404: NOT_FOUND, 409: UNPLAYABLE},
    )
    def get(self, request: Request, pk: int) -> Response:
        table = _table(pk)
        q = request.query_params
        gear = _int(q.get("gear"), "gear")
        roll = _roll(q.get("roll"))
        extra = {name: _json(q.get(name), name) for name in ("option", "xp", "pit", "move")}
        pit_roll = _int(q.get("pit_roll"), "pit_roll")
        spare = q.get("spare") or None
        choices = selectors.table_choices(
            table=table, gear=gear, roll=roll, pit_roll=pit_roll, spare=spare, **extra
        )
        return Response(as_json(ChoicesSerializer, choices))


def _int(raw: str | None, name: str) -> int | None:
    if raw is None or raw == "":
        return None
    if not raw.isdigit() or len(raw) > 3:
        raise ChoiceError(_("%(name)s: a number, got %(v)s") % {"name": name, "v": raw})
    return int(raw)


def _roll(raw: str | None) -> int | tuple[int, int] | None:
    if raw is None or raw == "":
        return None
    parts = raw.split(",")
    if len(parts) == 2:
        first, second = (_int(p.strip(), "roll") for p in parts)
        return (first or 0, second or 0)
    return _int(raw, "roll")


def _json(raw: str | None, name: str) -> Any:
    if raw is None or raw == "":
        return None
    from rules.strict_json import JsonInputError, loads

    try:
        value = loads(raw.encode("utf-8"), what=name)
    except JsonInputError as exc:
        raise ChoiceError(**reading_error(exc)) from None
    if not isinstance(value, Mapping):
        raise ChoiceError(_("%(name)s: a JSON object, got %(v)s") % {"name": name, "v": raw[:80]})
    return value


class TableMovesApi(_Base):
    """POST /api/tables/{id}/moves/: play one move."""

    @extend_schema(
        operation_id="race_table_move",
        request=MoveInputSerializer,
        parameters=[EXPECTED, EVENTS],
        responses={
            201: StateSerializer,
            200: OpenApiResponse(
                StateSerializer, description="The same move was already stored: nothing new."
            ),
            **WRITE_ERRORS,
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        return self.step(services.table_move, "move", pk)


class TableRestartApi(_Base):
    """POST /api/tables/{id}/restart/: A5, the restart the turn after a red flag starts with."""

    @extend_schema(
        operation_id="race_table_restart",
        request=RestartInputSerializer,
        parameters=[EXPECTED, EVENTS],
        responses={201: StateSerializer, 200: StateSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        return self.step(services.table_restart, "restart", pk)


class TableUndoApi(_Base):
    """DELETE /api/tables/{id}/moves/last/: take back the last step."""

    @extend_schema(
        operation_id="race_table_undo",
        parameters=[EXPECTED, EVENTS, REASON],
        responses={200: StateSerializer, **WRITE_ERRORS},
    )
    def delete(self, request: Request, pk: int) -> Response:
        reason = request.query_params.get("reason", "")
        table, built = _written(
            services.table_undo, pk, user=request.user, expected=_expected(request, {}), reason=reason
        )
        return self.state(table, built)


class TableRollApi(_Base):
    """POST /api/tables/{id}/rolls/: the site rolls a die for the move being played."""

    @extend_schema(
        operation_id="race_table_roll",
        request=RollInputSerializer,
        responses={201: RolledSerializer, **WRITE_ERRORS},
        description='A gear\'s die (`"1"`–`"6"`) or a d20, from the table\'s fair-dice seed, recorded. On a '
        "remote table only the driver of the car to play (or a steward) rolls, a gear's die once per move: "
        "asked again, the same roll (201 each time); another gear's die: 409 `site.remote_gear_committed`. "
        "A gear's roll comes with its `choices` (the legal stops, as `GET …/choices/?gear=&roll=` gives "
        "them; send `option`, `xp` and `pit` as there): a move in one request less.",
    )
    def post(self, request: Request, pk: int) -> Response:
        data = request.data if isinstance(request.data, Mapping) else {}
        die = data.get("die", "d20")
        if not isinstance(die, str):
            raise TableRefused(_('die: a gear "1"–"6" or "d20", got %(v)s') % {"v": str(die)[:20]})
        extra = {name: data.get(name) for name in ("option", "xp", "pit")}
        for name, value in extra.items():
            if value is not None and not isinstance(value, Mapping):
                raise TableRefused(
                    _("%(name)s: a JSON object, got %(v)s") % {"name": name, "v": str(value)[:80]}
                )
        try:
            rolled = _written(services.table_roll, pk, user=request.user, die=die)
        except NoSuchDie:
            raise TableRefused(_("There is no such die.")) from None
        body: dict[str, Any] = {
            "step": rolled.step,
            "die": rolled.die,
            "roll": rolled.roll,
            "car": rolled.car,
            "counter": rolled.counter,
            "choices": None,
        }
        if rolled.die.isdigit():  # a gear's die: the stops it offers (7th gear's two: ask with both)
            body["choices"] = selectors.table_choices(
                table=_table(pk), gear=int(rolled.die), roll=rolled.roll, **extra
            )
        return Response(as_json(RolledSerializer, body), status=status.HTTP_201_CREATED)


class TableFinishApi(_Base):
    """POST /api/tables/{id}/finish/: the finished race becomes the race's next sheet version."""

    @extend_schema(
        operation_id="race_table_finish",
        request=None,
        responses={201: FinishedSerializer, 200: FinishedSerializer, **WRITE_ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        table = _table(pk)
        try:
            table, sheet, created = services.table_finish(table=table, user=request.user)
        except PermissionDenied:
            raise
        from django.urls import reverse

        body = {
            "sheet": sheet.pk,
            "url": request.build_absolute_uri(reverse("api:sheet", kwargs={"pk": sheet.pk})),
            "page": request.build_absolute_uri(sheet.get_absolute_url()),
        }
        return Response(
            as_json(FinishedSerializer, body),
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )
