"""A table's header checked against its race, as a submitted sheet's header is checked
(`races.sheets.engine`: the circuit, the cars entered, their drivers, teams and grid slots),
then by the engine (`rules.play.Table.start`: the reader, the season's options, the grid, the
wear build, the weather roll). The problems are violations as a verdict holds them."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from races.live import engine
from races.live.serializers import said
from races.messages import message_text
from races.sheets.engine import header_check  # a sheet's checks
from races.sheets.site_messages import SiteCode, site_violation
from rules.formats import LogFormatError, read_race_log
from rules.play import Table

if TYPE_CHECKING:
    from races.models import Race


def header_judged(race: Race, header: Any) -> tuple[Table | None, list[dict[str, Any]]]:
    """The engine's table for `header` and no problems, or None and the problems."""
    if not isinstance(header, dict):
        return None, [_unreadable("race log: expected a JSON object")]
    for key in ("turns", "result"):
        if key in header:
            return None, [_unreadable(f"{key}: a table's header has no {key!r}: moves are played one by one")]
    try:
        log = read_race_log({**copy.deepcopy(header), "turns": []})
    except LogFormatError as exc:
        return None, [_unreadable(str(exc))]
    site = header_check(race, log).problems  # another circuit: that problem alone
    if site:
        return None, in_reader_language(site)
    try:
        table = engine.start(race, header)
    except LogFormatError as exc:  # e.g. a grid slot the circuit does not have
        return None, [_unreadable(str(exc))]
    if table.problems:
        return None, [said(v) for v in table.problems]
    return table, []


def _unreadable(message: str) -> dict[str, Any]:
    return site_violation("SITE-format", SiteCode.UNREADABLE, error=message)


def in_reader_language(problems: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The site's violations with their message rendered in the active language."""
    return [{**p, "message": message_text(p["code"], p.get("params") or {})} for p in problems]
