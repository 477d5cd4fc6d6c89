"""A table's header checked against its race, as a submitted sheet's header is checked
(`sheets.engine`: the circuit, the cars entered, their drivers, teams and grid slots),
then by the engine (`rules.play.Table.start`: the reader, the season's options, the grid, the
wear build, the weather roll). The problems are the engine's violations (`rules.verdict`) and
the site's (dicts as a verdict holds them, their message in the reader's language); an unreadable
header's is the `SITE-format` one, its reading error's code and params nested as a sheet's."""

from __future__ import annotations

import copy
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from core.messages import message_text
from live import engine
from live.errors import unreadable
from rules.formats import LogFormatError, read_race_log
from rules.messages.reading import ReadCode
from rules.play import Table
from rules.verdict import Violation
from sheets.engine import header_check  # a sheet's checks

if TYPE_CHECKING:
    from races.models import Race


def header_judged(
    race: Race, header: Any, absent: Collection[str] | None = None
) -> tuple[Table | None, list[Violation | dict[str, Any]], LogFormatError | None]:
    """The engine's table for `header` and no problems, or None and the problems, with the
    reading error when the header cannot be read. `absent`: the entries listed as not starting
    (None: those the race marks so). Raises `engine.CircuitBroken` or `engine.RulesBroken` when
    the race itself cannot be played (not the header's fault)."""
    try:
        log = read_race_log({**copy.deepcopy(_header_object(header)), "turns": []})
    except LogFormatError as exc:
        return None, [unreadable(exc)], exc
    site = header_check(race, log, absent=absent).problems  # another circuit: that problem alone
    if site:
        return None, in_reader_language(site), None
    try:
        table = engine.start(race, header)
    except LogFormatError as exc:  # e.g. a grid slot the circuit does not have
        return None, [unreadable(exc)], exc
    if table.problems:
        return None, list(table.problems), None
    return table, [], None


def _header_object(header: Any) -> dict[str, Any]:
    """The header as a dict without moves (raises `LogFormatError` as `Table.start` would)."""
    if not isinstance(header, dict):
        raise LogFormatError(ReadCode.EXPECTED_JSON_OBJECT, "race log", type=type(header).__name__)
    for key in ("turns", "result"):
        if key in header:
            raise LogFormatError(ReadCode.HEADER_HAS_TURNS, key, field=key)
    return header


def in_reader_language(problems: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The site's violations with their message rendered in the active language."""
    return [{**p, "message": message_text(p["code"], p.get("params") or {})} for p in problems]
