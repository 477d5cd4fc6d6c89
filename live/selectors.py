"""Reads of race-night tables: one table, its state, its choices (docs/race-night-api.md)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db.models import QuerySet
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.translation import gettext as _

from core.messages import message_text
from live import engine
from live.errors import reading_error
from live.models import LiveTable
from live.permissions import table_writer_allowed
from live.serializers import gears_json, stop_json, table_state_json, test_json, violations
from rules.formats import LogFormatError
from rules.messages import params_json
from rules.play import Table, gears, stops, tests_due
from rules.play.due import next_rolls, others
from rules.play.spare import NoSpare, spare_gears, spare_table
from rules.play.step import judged_on, read
from rules.replay_move import apply

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser
    from django.http import HttpRequest

    from races.models import Race


class ChoiceError(ValueError):
    """A choices query the engine cannot answer (`payload`: the API's 400 body)."""

    def __init__(self, detail: str, **payload: Any) -> None:
        super().__init__(detail)
        self.payload = {"detail": detail, **payload}


def _illegal(english: str, refused: list[dict[str, Any]]) -> ChoiceError:
    """A move the engine refuses: the first violation's code, params and message (in the reader's
    language) as the reason; the engine's English if it gave none."""
    if not refused:
        return ChoiceError(english)
    first = refused[0]
    detail = _("The move is illegal: %(why)s") % {"why": first["message"]}
    return ChoiceError(detail, code=first["code"], params=first["params"], violations=refused)


def table_get(*, pk: int) -> LiveTable:
    """One table (raises `LiveTable.DoesNotExist`)."""
    # No joins: the race, its season and circuit are read only to rebuild the engine table (a
    # cache miss, live.engine) or to check a writer; the state needs the table's row alone.
    # The header (a JSON document) too is read only then (deferred).
    return LiveTable.objects.defer("header").get(pk=pk)


def race_tables(*, race: Race) -> QuerySet[LiveTable]:
    return LiveTable.objects.filter(race=race).order_by("-created_at", "-pk")


def table_may_write(*, table: LiveTable, user: AbstractBaseUser | None) -> bool:
    return table.status != LiveTable.Status.FINISHED and table_writer_allowed(race=table.race, user=user)


_NAMES = {
    "self": "api:table",
    "choices": "api:table-choices",
    "moves": "api:table-moves",
    "last": "api:table-undo",
    "restart": "api:table-restart",
    "finish": "api:table-finish",
}


@lru_cache(maxsize=256)
def _paths(pk: int, sheet: int | None, urlconf: str | None, prefix: str) -> tuple[tuple[str, str], ...]:
    """A table's URL paths, reversed once per process and URL conf (every state carries them)."""
    out = [(key, reverse(name, kwargs={"pk": pk})) for key, name in _NAMES.items()]
    out.append(("page", LiveTable(pk=pk).get_absolute_url()))
    if sheet is not None:
        out.append(("sheet", reverse("api:sheet", kwargs={"pk": sheet})))
    return tuple(out)


def table_urls(table: LiveTable, request: HttpRequest | None = None) -> dict[str, str]:
    paths = _paths(table.pk, table.sheet_id, get_urlconf() or settings.ROOT_URLCONF, get_script_prefix())
    if request is None:
        return dict(paths)
    return {key: request.build_absolute_uri(path) for key, path in paths}


def table_state(*, table: LiveTable, request: HttpRequest | None = None, since: int = 0) -> dict[str, Any]:
    """The table now: whose move, every car, the weather, the events of the steps from `since`."""
    built = engine.engine_table(table)
    return table_state_json(
        table, built, since=since, urls=table_urls(table, request), memo=engine.words(table.pk)
    )


def table_choices(
    *,
    table: LiveTable,
    gear: int | None = None,
    roll: int | tuple[int, int] | None = None,
    move: Mapping[str, Any] | None = None,
    option: Mapping[str, Any] | None = None,
    xp: Mapping[str, Any] | None = None,
    pit: Mapping[str, Any] | None = None,
    pit_roll: int | None = None,
    spare: str | None = None,
) -> dict[str, Any]:
    """The gears of the car to play; with `gear` and `roll`, the stops; with `move` (the rolls
    made so far in its `tests`), the tests still due. With `spare` (a retired car, A5), the same
    for that car's spare move at the end of the turn just played, its `option` giving the points
    taken off the build. Raises `ChoiceError`."""
    now = engine.engine_table(table)
    if spare is not None:
        return _spare_choices(table, now, spare, gear, roll, option, xp, pit, pit_roll)
    to = now.to_play
    out: dict[str, Any] = {
        "steps": table.steps,
        "turn": to.turn if to else None,
        "car": to.car if to else None,
        "restart_due": bool(to and to.restart_due),
        "wait": to.wait if to else None,
        "gears": None,
    }
    if to is None or to.car is None:
        return out
    out["gears"] = gears_json(gears(now))
    if gear is not None and roll is not None:
        out.update(_stops_json(now, gear, roll, option=option, xp=xp, pit=pit, pit_roll=pit_roll))
    if move is not None:
        try:
            due = tests_due(now, move)
        except LogFormatError as exc:
            raise ChoiceError(**reading_error(exc)) from exc
        except ValueError as exc:
            read_move = read(now, move)
            try:
                _, events = apply(now.game, judged_on(now, read_move), read_move)
            except NoSpare as refusal:  # a spare car that cannot be taken: its violations say why
                events = list(refusal.violations)
            raise _illegal(str(exc), violations(others(events))) from exc
        out["tests"] = {"due": [test_json(t) for t in due], "next": [test_json(t) for t in next_rolls(due)]}
    return out


def _stops_json(on: Table, gear: int, roll: int | tuple[int, int], **move: Any) -> dict[str, Any]:
    """The legal stops for `gear` and `roll` on the table `on` (the car to play's, or a spare's)."""
    try:
        found = stops(on, gear, roll, **move)
    except LogFormatError as exc:
        raise ChoiceError(**reading_error(exc)) from exc
    except ValueError as exc:  # no car to play (the choices ask only when there is one)
        raise ChoiceError(str(exc)) from exc
    return {
        "gear": gear,
        "roll": list(roll) if isinstance(roll, tuple) else roll,
        "stops": [stop_json(s) for s in found],
    }


def _spare_choices(
    table: LiveTable,
    now: Table,
    car: str,
    gear: int | None,
    roll: int | tuple[int, int] | None,
    option: Mapping[str, Any] | None,
    xp: Mapping[str, Any] | None,
    pit: Mapping[str, Any] | None,
    pit_roll: int | None,
) -> dict[str, Any]:
    """`table_choices` for a spare car's move (A5), on the table `play` judges it on."""
    try:
        on = spare_table(now, car, option, gear or 1)
    except NoSpare as exc:
        if exc.reason is not None:  # not the spare's window, or not a car out: a code of its own
            code, values = exc.reason
            raise ChoiceError(
                message_text(code, values), code=code.value, params=params_json(values)
            ) from exc
        raise _illegal(str(exc), violations(exc.violations)) from exc
    assert on.to_play is not None
    out: dict[str, Any] = {
        "steps": table.steps,
        "turn": on.to_play.turn,
        "car": car,
        "restart_due": False,
        "wait": None,
        "spare": True,
        "gears": gears_json(spare_gears(on)),
    }
    if gear is not None and roll is not None:
        out.update(_stops_json(on, gear, roll, option=option, xp=xp, pit=pit, pit_roll=pit_roll))
    return out
