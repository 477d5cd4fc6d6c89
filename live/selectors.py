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
from live.errors import Refusal, reading_error
from live.models import LiveTable
from live.permissions import table_writer_allowed
from live.state import Choices, TableState, TestsDue
from rules.formats import LogFormatError
from rules.play import Table, gears, stops
from rules.play.due import due_on, next_rolls, others
from rules.play.spare import NoSpare, spare_gears, spare_table
from rules.play.step import judged_on, read
from rules.replay_move import apply
from rules.verdict import Violation

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser
    from django.http import HttpRequest

    from races.models import Race


class ChoiceError(Refusal, ValueError):
    """A choices query the engine cannot answer (`live.errors.Refusal`: its 400 body)."""


def _illegal(english: str, refused: list[Violation]) -> ChoiceError:
    """A move the engine refuses: the first violation's code, params and message (in the reader's
    language) as the reason; the engine's English if it gave none."""
    if not refused:
        return ChoiceError(english)
    first = refused[0]
    detail = _("The move is illegal: %(why)s") % {"why": message_text(first.code, first.params)}
    return ChoiceError(detail, code=first.code, params=first.params, violations=refused)


def table_get(*, pk: int) -> LiveTable:
    """One table (raises `LiveTable.DoesNotExist`)."""
    # No joins: the race, its season and circuit are read only to rebuild the engine table (a
    # cache miss, live.engine) or to check a writer; the state needs the table's row alone.
    # The header (a JSON document) too is read only then (deferred).
    return LiveTable.objects.defer("header").get(pk=pk)


def race_tables(*, race: Race, closed: bool = False) -> QuerySet[LiveTable]:
    """The race's tables, newest first; those a steward closed (replaced) only with `closed`."""
    tables = LiveTable.objects.filter(race=race)
    if not closed:
        tables = tables.exclude(status=LiveTable.Status.CLOSED)
    return tables.order_by("-created_at", "-pk")


def race_open_table(*, race: Race) -> LiveTable | None:
    """The table the race is being recorded on (a race has at most one open: the database says so)."""
    return LiveTable.objects.filter(race=race, status__in=LiveTable.OPEN).first()


def table_may_write(*, table: LiveTable, user: AbstractBaseUser | None) -> bool:
    return table.status in LiveTable.OPEN and table_writer_allowed(race=table.race, user=user)


_NAMES = {
    "self": "api:table",
    "choices": "api:table-choices",
    "moves": "api:table-moves",
    "last": "api:table-undo",
    "restart": "api:table-restart",
    "finish": "api:table-finish",
    "rolls": "api:table-rolls",
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


def table_state(
    *, table: LiveTable, request: HttpRequest | None = None, since: int = 0, built: Table | None = None
) -> TableState:
    """The table now: whose move, every car, the weather, the events of the steps from `since`.
    `built`: the engine's table after its steps, when the caller has it (a write's)."""
    if built is None:
        built = engine.engine_table(table)  # may bring `table`'s row up to the steps it read
    return TableState(
        table,
        built,
        since=since,
        urls=table_urls(table, request),
        memo=engine.words(table.pk),
        replaced=getattr(table, "replaced", ()),
        replaced_by=_replaced_by(table, request),
    )


def _replaced_by(table: LiveTable, request: HttpRequest | None) -> dict[str, str | int] | None:
    """The table a steward opened instead of this closed one: its id, state and page."""
    pk = table.replaced_by_id
    if table.status != LiveTable.Status.CLOSED or pk is None:
        return None
    urls = table_urls(LiveTable(pk=pk), request)
    return {"id": pk, "url": urls["self"], "page": urls["page"]}


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
) -> Choices:
    """The gears of the car to play; with `gear` and `roll`, the stops; with `move` (the rolls
    made so far in its `tests`), the tests still due. With `spare` (a retired car, A5), the same
    for that car's spare move at the end of the turn just played, its `option` giving the points
    taken off the build. Raises `ChoiceError`."""
    now = engine.engine_table(table)
    if spare is not None:
        return _spare_choices(table, now, spare, gear, roll, option, xp, pit, pit_roll)
    to = now.to_play
    if to is None or to.car is None:
        return Choices(
            steps=table.steps,
            turn=to.turn if to else None,
            car=None,
            restart_due=bool(to and to.restart_due),
            wait=to.wait if to else None,
            gears=None,
        )
    found = None
    if gear is not None and roll is not None:
        found = _stops(now, gear, roll, option=option, xp=xp, pit=pit, pit_roll=pit_roll)
    return Choices(
        steps=table.steps,
        turn=to.turn,
        car=to.car,
        restart_due=to.restart_due,
        wait=to.wait,
        gears=gears(now),
        gear=gear if found is not None else None,
        roll=roll if found is not None else None,
        stops=found,
        tests=None if move is None else _tests(now, move),
    )


def _tests(now: Table, raw: Mapping[str, Any]) -> TestsDue:
    """The tests still due for a move (read once), or the `ChoiceError` of a move illegal for
    another reason than a missing roll."""
    try:
        move = read(now, raw)
    except LogFormatError as exc:
        raise ChoiceError(**reading_error(exc)) from exc
    try:
        on = judged_on(now, move)  # a spare car's move: the spare taken (raises `NoSpare`)
        due = due_on(now.game, on, move)
    except LogFormatError as exc:
        raise ChoiceError(**reading_error(exc)) from exc
    except NoSpare as exc:  # a spare car that cannot be taken: its violations say why
        raise _illegal(str(exc), others(exc.violations)) from exc
    except ValueError as exc:
        try:
            _, events = apply(now.game, on, move)
        except NoSpare as refusal:
            events = list(refusal.violations)
        raise _illegal(str(exc), others(events)) from exc
    return TestsDue(due, next_rolls(due))


def _stops(on: Table, gear: int, roll: int | tuple[int, int], **move: Any) -> tuple:
    """The legal stops for `gear` and `roll` on the table `on` (the car to play's, or a spare's)."""
    try:
        return tuple(stops(on, gear, roll, **move))
    except LogFormatError as exc:
        raise ChoiceError(**reading_error(exc)) from exc
    except ValueError as exc:  # no car to play (the choices ask only when there is one)
        raise ChoiceError(str(exc)) from exc


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
) -> Choices:
    """`table_choices` for a spare car's move (A5), on the table `play` judges it on."""
    try:
        on = spare_table(now, car, option, gear or 1)
    except NoSpare as exc:
        if exc.reason is not None:  # not the spare's window, or not a car out: a code of its own
            code, values = exc.reason
            raise ChoiceError(message_text(code, values), code=code, params=values) from exc
        raise _illegal(str(exc), list(exc.violations)) from exc
    assert on.to_play is not None
    found = None
    if gear is not None and roll is not None:
        found = _stops(on, gear, roll, option=option, xp=xp, pit=pit, pit_roll=pit_roll)
    return Choices(
        steps=table.steps,
        turn=on.to_play.turn,
        car=car,
        restart_due=False,
        wait=None,
        spare=True,
        gears=spare_gears(on),
        gear=gear if found is not None else None,
        roll=roll if found is not None else None,
        stops=found,
    )
