"""The engine's `Table` of a stored race-night table: rebuilt from its header and steps, kept.

A `rules.play.Table` is a value, so a process keeps the last tables it built, keyed by the
table's id and `revision` (bumped by every write): a move then costs one `play`, not a replay of
the race. Another process (or a restart) rebuilds from the rows, which are the truth.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db.models import FilteredRelation, Q

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

# (revision, steps, table) per table id, the most recently used last
_TABLES: OrderedDict[int, tuple[int, int, Table]] = OrderedDict()
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
    circuit or the rules cannot be read, or a stored step is refused now). A rebuild reads the
    steps and the row's counters in one query (one snapshot): a write that lands between the
    row read and the steps' (an undo) brings `table`'s `steps`, `revision` and `status` up to
    the steps read, so the answer made of both is one consistent state.

    A process that kept an older revision of the table (another process played since) plays
    only the steps added since, when every write in between added one: each write bumps the
    revision by one, so a revision gap equal to the steps gap means no undo came between."""
    hit = _kept(table)
    if hit is not None:
        return hit
    base = _older(table)
    since = base[1] if base is not None else 0
    rows = _snapshot(table, since)
    hit = _kept(table)  # the snapshot may have moved the row on to a revision already built
    if hit is not None:
        return hit
    if base is not None and _only_added(base, table, rows):
        built = base[2]
    else:
        if since:
            rows = _snapshot(table)
        try:
            built = start(table.race, table.header)
        except LogFormatError as exc:  # e.g. a grid slot the circuit no longer has
            raise TableBroken(table.pk, -1, error=exc) from exc
    for index, kind, body in rows:
        try:
            after, events = (restart if kind == "restart" else play)(built, body)
        except LogFormatError as exc:
            raise TableBroken(table.pk, index, error=exc) from exc
        if after is built:
            wrong = next((e for e in events if isinstance(e, Violation)), None)
            raise TableBroken(table.pk, index, wrong)
        built = after
    remember(table, built)
    return built


def _older(table: LiveTable) -> tuple[int, int, Table] | None:
    """The kept table of an older revision of `table`, if any."""
    with _LOCK:
        kept = _TABLES.get(table.pk)
    return kept if kept is not None and kept[0] < table.revision else None


def _only_added(base: tuple[int, int, Table], table: LiveTable, rows: list[tuple[int, str, Any]]) -> bool:
    """Whether the writes since `base` only added the steps `rows` (no undo, finish or close)."""
    revision, steps, _built = base
    added = table.steps - steps
    return (
        added >= 0
        and table.revision - revision == added
        and [index for index, _kind, _body in rows] == list(range(steps, table.steps))
    )


def _kept(table: LiveTable) -> Table | None:
    with _LOCK:
        hit = _TABLES.get(table.pk)
        if hit is not None and hit[0] == table.revision:
            _TABLES.move_to_end(table.pk)
            return hit[2]
    return None


# the row's fields a step changes, read with the steps (a step's write changes nothing else)
_COUNTERS = ("revision", "steps", "status", "sheet_id", "replaced_by_id", "updated_at")


def _snapshot(table: LiveTable, since: int = 0) -> list[tuple[int, str, Any]]:
    """The table's steps from index `since` on, in order, read in one query with the row's
    counters, which `table` takes on (raises `LiveTable.DoesNotExist` once the table is gone)."""
    from live.models import LiveTable

    rows = LiveTable.objects.filter(pk=table.pk)
    if since:  # the steps' join keeps the table's row when no step is that recent
        rows = rows.annotate(new=FilteredRelation("rows", condition=Q(rows__index__gte=since)))
        columns = ("new__index", "new__kind", "new__body")
    else:
        columns = ("rows__index", "rows__kind", "rows__body")
    found = list(rows.values_list(*_COUNTERS, *columns).order_by(columns[0]))
    if not found:
        raise LiveTable.DoesNotExist(f"race-night table {table.pk} is gone")
    for name, value in zip(_COUNTERS, found[0][: len(_COUNTERS)], strict=True):
        setattr(table, name, value)
    size = len(_COUNTERS)
    return [(row[size], row[size + 1], row[size + 2]) for row in found if row[size] is not None]


def remember(table: LiveTable, built: Table) -> None:
    with _LOCK:
        kept = _TABLES.get(table.pk)
        if kept is not None and kept[0] > table.revision:
            return  # a slower reader's older table never replaces a newer one (revisions only grow)
        _TABLES[table.pk] = (table.revision, table.steps, built)
        _TABLES.move_to_end(table.pk)
        while len(_TABLES) > settings.LIVE_TABLES_KEPT:
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
