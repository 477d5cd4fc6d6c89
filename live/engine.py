"""The engine's `Table` of a stored race-night table: rebuilt from its header and steps, kept.

A `rules.play.Table` is a value, so a process keeps the last tables it built, keyed by the
table's id and `revision` (bumped by every write): a move then costs one `play`, not a replay of
the race. Another process (or a restart) rebuilds from the rows, which are the truth.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING

from live.errors import CircuitBroken, RulesBroken, TableBroken
from rules.formats import LogFormatError
from rules.play import Table, play, restart
from rules.track import Track
from rules.verdict import Violation
from sheets.engine import SheetEngineError, race_rules, race_track  # as a sheet's

if TYPE_CHECKING:
    from live.models import LiveTable
    from races.models import Race
    from rules.ruleset import RuleSet

_KEPT = 64
_TABLES: OrderedDict[int, tuple[int, Table]] = OrderedDict()
_WORDS: dict[int, dict] = {}  # table id -> its steps' rendered events (serializers.StepEventsField)
_LOCK = threading.Lock()  # threaded servers share the cache


def start(race: Race, header: dict) -> Table:
    """The engine's table before its first move (raises `LogFormatError`; `CircuitBroken` or
    `RulesBroken` when the race's circuit or season rules cannot be read)."""
    return Table.start(header, playable_track(race), playable_rules(race))


def playable_track(race: Race) -> Track:
    """The race's circuit as the engine reads it (raises `CircuitBroken`)."""
    try:
        return race_track(race)
    except SheetEngineError as exc:
        raise CircuitBroken(race, exc) from exc


def playable_rules(race: Race) -> RuleSet:
    """The race's season rules (raises `RulesBroken`)."""
    try:
        return race_rules(race)
    except SheetEngineError as exc:
        raise RulesBroken(race, exc) from exc


def engine_table(table: LiveTable) -> Table:
    """The engine's table after every stored step of `table` (raises a `TableUnplayable`: the
    circuit or the rules cannot be read, or a stored step is refused now)."""
    with _LOCK:
        hit = _TABLES.get(table.pk)
        if hit is not None and hit[0] == table.revision:
            _TABLES.move_to_end(table.pk)
            return hit[1]
    try:
        built = start(table.race, table.header)
    except LogFormatError as exc:  # e.g. a grid slot the circuit no longer has
        raise TableBroken(table.pk, -1, error=exc) from exc
    for row in table.rows.order_by("index").only("kind", "body", "index"):
        try:
            after, events = (restart if row.kind == "restart" else play)(built, row.body)
        except LogFormatError as exc:
            raise TableBroken(table.pk, row.index, error=exc) from exc
        if after is built:
            wrong = next((e for e in events if isinstance(e, Violation)), None)
            raise TableBroken(table.pk, row.index, wrong)
        built = after
    remember(table, built)
    return built


def remember(table: LiveTable, built: Table) -> None:
    with _LOCK:
        _TABLES[table.pk] = (table.revision, built)
        _TABLES.move_to_end(table.pk)
        while len(_TABLES) > _KEPT:
            gone, _ = _TABLES.popitem(last=False)
            _WORDS.pop(gone, None)


def words(pk: int) -> dict:
    """The memo of a table's rendered events, kept beside its engine table."""
    with _LOCK:
        return _WORDS.setdefault(pk, {})


def forget_all() -> None:
    """Tests and benches: the next read rebuilds from the rows."""
    with _LOCK:
        _TABLES.clear()
        _WORDS.clear()
