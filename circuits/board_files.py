"""Board files imported in the board editor: a GP Online track file (`*.dat`) or a circuit JSON
document (`formule-de/circuit@1` or `@2`), read by the engine into an `@2` document, as
`python -m rules.circuits import` reads them; and an imported board as the editor changed it
(arrows added or removed, laps), since an imported board is not re-derived from a trace.

Errors are `ValidationError`s keyed by the import form's field at fault, in the reader's language.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from circuits.tracing import TraceError, edge_pairs, laps_of
from core.read_errors import reading_message, reading_text
from rules.circuits import CIRCUIT_FORMAT_V1, CIRCUIT_FORMAT_V2, CircuitError, compile_v1
from rules.messages.reading import ReadCode

# A GP Online file is a few kilobytes, a board's JSON a few hundred: room for the largest.
MAX_FILE_BYTES = 2 * 1024 * 1024
WEATHER_KINDS = ("rain", "variable", "sun")
_LINE = re.compile(r"^line (\d+)$")


@dataclass(frozen=True)
class BoardFile:
    source: str  # BoardDraft.Source: "gpo" or "json"
    document: dict[str, Any]  # formule-de/circuit@2


def _refuse(field: str, message: str) -> ValidationError:
    return ValidationError({field: message})


def weather_scale(values: Mapping[str, Any]) -> dict[str, list[int]] | None:
    """The scale typed in the form's six boxes (`rain_from`, `rain_to`, … `sun_to`), or None when
    all are empty (the file's own scale, or the default). The engine judges it (1–20, once each)."""
    names = [f"{kind}_{end}" for kind in WEATHER_KINDS for end in ("from", "to")]
    raw = {name: str(values.get(name) or "").strip() for name in names}
    if not any(raw.values()):
        return None
    if not all(raw.values()):
        raise _refuse("weather", _("Give the three ranges of the weather scale, or none."))
    try:
        numbers = {name: int(value) for name, value in raw.items()}
    except ValueError:
        raise _refuse("weather", _("The weather scale takes whole numbers from 1 to 20.")) from None
    scale = {kind: [numbers[f"{kind}_from"], numbers[f"{kind}_to"]] for kind in WEATHER_KINDS}
    from rules.circuits.fields import weather

    try:
        weather(scale)
    except CircuitError as exc:
        raise _refuse("weather", reading_text(exc)) from exc
    return scale


def _gpo_error(exc: CircuitError) -> ValidationError:
    """A GP Online file's fault at its line, in the reader's language."""
    if exc.where == "id":
        return _refuse("slug", reading_text(exc))
    if exc.where.startswith("weather"):
        return _refuse("weather", reading_text(exc))
    what = reading_message(exc.code, {**exc.to_json()["params"], "where": ""})
    line = _LINE.match(exc.where)
    if line is None:
        return _refuse("board_file", _("GP Online track file: %(what)s") % {"what": what})
    return _refuse(
        "board_file",
        _("GP Online track file, line %(line)s: %(what)s") % {"line": line.group(1), "what": what},
    )


def _not_a_board(why: str) -> ValidationError:
    return _refuse(
        "board_file",
        _("This is not a board file (a GP Online track file or a formule-de/circuit JSON document): %(why)s")
        % {"why": why},
    )


def _json_board(text: str, *, circuit_id: str, name: str, weather: Mapping[str, Any] | None) -> BoardFile:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        why = reading_message(ReadCode.NOT_JSON, {"why": exc.msg, "line": exc.lineno, "column": exc.colno})
        raise _not_a_board(why) from None
    fmt = doc.get("format") if isinstance(doc, dict) else None
    if fmt == CIRCUIT_FORMAT_V1:
        try:
            doc = compile_v1(doc)
        except CircuitError as exc:
            raise _refuse("board_file", reading_text(exc)) from exc
    elif fmt == CIRCUIT_FORMAT_V2:
        doc = copy.deepcopy(doc)
    else:
        if fmt is None:
            raise _not_a_board(_("it names no format."))
        raise _not_a_board(_("its format is %(got)s.") % {"got": repr(fmt)[:80]})
    doc["id"] = circuit_id
    if name:
        doc["name"] = name
    if weather is not None:
        doc["weather"] = dict(weather)
    return BoardFile("json", doc)


def default_id(data: bytes, file_name: str) -> str:
    """The id an import takes when none is typed: a JSON document's own, else the file's name."""
    text = data.decode("utf-8-sig", errors="replace").lstrip()
    if text.startswith("{"):
        try:
            found = json.loads(text).get("id")
        except (ValueError, AttributeError):
            found = None
        if isinstance(found, str) and found:
            return found
    stem = file_name.rsplit("/", 1)[-1].rsplit("\\", 1)[-1].rsplit(".", 1)[0]
    return re.sub(r"[^a-z0-9_-]+", "-", stem.lower()).strip("-_")


def read_board_file(
    data: bytes,
    *,
    circuit_id: str,
    name: str = "",
    weather: Mapping[str, Any] | None = None,
) -> BoardFile:
    """The `@2` document of an uploaded board file, whichever of the formats it is (read from
    its content, not its name). The picture a GP Online file names is not looked for: the site's
    is the one uploaded beside it, whatever its name."""
    if len(data) > MAX_FILE_BYTES:
        raise _refuse(
            "board_file",
            _("The board file is larger than %(mb)d MB.") % {"mb": MAX_FILE_BYTES // (1024 * 1024)},
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        why = reading_message(ReadCode.NOT_UTF8, {"why": exc.reason, "byte": exc.start})
        raise _not_a_board(why) from None
    if text.lstrip().startswith(("{", "[")):
        return _json_board(text, circuit_id=circuit_id, name=name, weather=weather)
    from rules.circuits.gpo import read_gpo

    try:
        # Without a scale, the importer's default (GP Online files have none), as on the command line.
        doc = read_gpo(text, circuit_id=circuit_id, name=name or None, weather=weather)
    except CircuitError as exc:
        raise _gpo_error(exc) from exc
    return BoardFile("gpo", doc)


def has_positions(document: Mapping[str, Any]) -> bool:
    """Does every square have its place on a picture (`x`, `y`)?"""
    squares = document.get("squares")
    return (
        isinstance(squares, list)
        and bool(squares)
        and all(isinstance(sq, Mapping) and "x" in sq and "y" in sq for sq in squares)
    )


def imported_document(
    base: Mapping[str, Any], trace: Mapping[str, Any], *, circuit_id: str, name: str
) -> dict[str, Any]:
    """The imported board as the editor changed it: its arrows added or removed, its laps.
    `TraceError` names the change it cannot read."""
    doc = copy.deepcopy(dict(base))
    doc["id"] = circuit_id
    doc["name"] = name or circuit_id
    if "laps" in trace:
        doc["laps"] = laps_of(trace["laps"])
    removed = set(edge_pairs(trace, "edges_remove"))
    added = edge_pairs(trace, "edges_add")
    if removed or added:
        edges = doc.get("edges")
        if not isinstance(edges, list):
            raise TraceError("edges", _("the imported board's arrows are not a list."))
        kept = [e for e in edges if not (isinstance(e, list) and tuple(e) in removed)]
        have = {tuple(e) for e in kept if isinstance(e, list)}
        doc["edges"] = kept + [list(pair) for pair in added if pair not in have]
    return doc


def imported_trace(trace: Mapping[str, Any]) -> dict[str, Any]:
    """What the editor may change on an imported board: the rest of a sent trace is ignored."""
    return {key: trace[key] for key in ("laps", "edges_add", "edges_remove") if key in trace}
