"""The engine's `Table` of a stored race-night table: rebuilt from its header and steps, kept.

A `rules.play.Table` is a value, so a process keeps the last tables it built, keyed by the
table's id and `revision` (bumped by every write): a move then costs one `play`, not a replay of
the race. Another process (or a restart) rebuilds from the rows, which are the truth.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING

from races.sheets.engine import race_rules, race_track  # the race's circuit and rules, as a sheet's
from rules.play import Table, play, restart
from rules.verdict import Violation

if TYPE_CHECKING:
    from races.live.models import LiveTable
    from races.models import Race

_KEPT = 64
_TABLES: OrderedDict[int, tuple[int, Table]] = OrderedDict()
_WORDS: dict[int, dict] = {}  # table id -> its steps' rendered events (serializers.step_events)
_LOCK = threading.Lock()  # threaded servers share the cache


class TableBroken(Exception):
    """A stored step the engine now refuses (the season's rules or the circuit changed)."""


def start(race: Race, header: dict) -> Table:
    """The engine's table before its first move (raises `LogFormatError`)."""
    return Table.start(header, race_track(race), race_rules(race))


def engine_table(table: LiveTable) -> Table:
    """The engine's table after every stored step of `table`."""
    with _LOCK:
        hit = _TABLES.get(table.pk)
        if hit is not None and hit[0] == table.revision:
            _TABLES.move_to_end(table.pk)
            return hit[1]
    built = start(table.race, table.header)
    for row in table.rows.order_by("index").only("kind", "body", "index"):
        after, events = (restart if row.kind == "restart" else play)(built, row.body)
        if after is built:
            wrong = next((e for e in events if isinstance(e, Violation)), None)
            raise TableBroken(f"table {table.pk}, step {row.index}: {wrong}")
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
