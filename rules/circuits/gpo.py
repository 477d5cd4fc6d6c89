"""Import a GP Online track file into a `formule-de/circuit@2` document (issue 23).

`read_gpo(text, circuit_id="monaco")` returns the document; `CircuitError` names the line of the
file at fault ("line 12") with a `read.gpo_*` code. The file format and every decision taken
where the file says nothing (lanes, levels, blocked squares, corners, the pit lane, the grid's
order, the weather) are in docs/rules-decisions.md, "Reading a GP Online track file". Reading the
text is gpo_parse.py, the lanes gpo_lanes.py (with gpo_geometry.py), corners and levels
gpo_levels.py.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rules.circuits.gpo_geometry import angle
from rules.circuits.gpo_lanes import Layout, layout
from rules.circuits.gpo_levels import Corner, corners, levels
from rules.circuits.gpo_parse import STOPS, TRACK_KINDS, Edge, GpoFile, Kind, Node, parse, parse_header
from rules.circuits.model import LANES, CircuitError
from rules.messages.reading import ReadCode

__all__ = ["DEFAULT_WEATHER", "image_name", "png_size", "read_gpo"]

FORMAT = "formule-de/circuit@2"
# The test oval's scale, in the middle of the shipped boards': 4 in 20 rain, 4 variable.
DEFAULT_WEATHER = {"rain": [1, 4], "variable": [5, 8], "sun": [9, 20]}
_SLUG = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def _fail(line: int, code: ReadCode, **params: object) -> CircuitError:
    return CircuitError(f"line {line}", code, **params)


def _number(value: float | Fraction) -> int | float:
    return int(value) if float(value).is_integer() else float(value)


def read_gpo(
    text: str,
    *,
    circuit_id: str,
    name: str | None = None,
    weather: Mapping[str, Any] | None = None,
    image_size: tuple[int, int] | None = None,
) -> dict[str, Any]:
    """The `@2` document of a GP Online track file. `weather` is the board's d20 scale,
    `{"rain": [a, b], "variable": [c, d], "sun": [e, f]}` (`DEFAULT_WEATHER` when None: the file
    has none). `image_size` is the board image's (width, height) in pixels (`png_size` reads it
    from the PNG the file names): the document has an `image` only with it, since `@2` wants the
    size with the picture and the file does not give it."""
    if not isinstance(circuit_id, str) or not _SLUG.match(circuit_id):
        raise CircuitError("id", ReadCode.NOT_A_SLUG, id=circuit_id)
    found = parse(text)
    nodes = _placed(found)
    track = {n: node for n, node in nodes.items() if node.kind in TRACK_KINDS}
    pit_lane = {n: node for n, node in nodes.items() if node.kind is Kind.PIT}
    distance, stands = _values(found, nodes)
    line = _finish_line(found, track)
    geometry = [(e.source, e.target) for e in found.edges if e.source in nodes and e.target in nodes]
    shape = layout(nodes, geometry, track, line=line)
    board = [e for e in found.edges if e.source in track and e.target in track]
    groups = corners(track, board, distance)
    level, turns = levels(track, board, shape.rows, groups, distance, line)
    pit = _pit(found, track, pit_lane)
    doc: dict[str, Any] = {"format": FORMAT, "id": circuit_id}
    if name is not None:
        doc["name"] = name
    doc["weather"] = _weather(weather)
    corner_of = {s: i for i, c in enumerate(turns) for s in c.squares}
    pit_level = _pit_levels(pit, level) if pit is not None else {}
    doc["squares"] = _squares(track, level, shape, corner_of) + _pit_squares(
        pit_level, pit_lane, stands, shape
    )
    doc["edges"] = [[f"n{e.source}", f"n{e.target}"] for e in _unique(board)]
    doc["corners"] = [_corner(i, c, track, shape, distance) for i, c in enumerate(turns)]
    if pit is not None:
        doc["pit"] = {"entry": f"n{pit[0]}", "exit": f"n{pit[1]}", "lane": [f"n{s}" for s in pit[2]]}
    doc["grid"] = _grid(found, track, level, shape)
    if image_size is not None:
        width, height = image_size
        doc["image"] = {"src": found.image, "width": width, "height": height}
    return doc


def image_name(text: str) -> str:
    """The board image a GP Online track file names (its header's first word)."""
    return parse_header(text)[0]


def png_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) of a PNG image from its header, or None when `data` is not a PNG."""
    if len(data) < 24 or data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return None
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def _placed(found: GpoFile) -> dict[int, Node]:
    """The squares that hold a place on the board: all but those of type 0 (unknown), which must
    have no arrow (a leftover of the drawing); blocked squares stay for the lanes beside them."""
    joined = {n for e in found.edges for n in (e.source, e.target)}
    for node in found.nodes.values():
        if node.kind is Kind.UNKNOWN and node.id in joined:
            raise _fail(node.line, ReadCode.GPO_UNTYPED_SQUARE, node=node.id)
    return {n: node for n, node in found.nodes.items() if node.kind is not Kind.UNKNOWN}


def _values(found: GpoFile, nodes: Mapping[int, Node]) -> tuple[dict[int, Fraction], set[int]]:
    """The corner squares' distances and the stands."""
    distance: dict[int, Fraction] = {}
    stands: set[int] = set()
    for n, value in found.values.items():
        kind = found.nodes[n].kind
        if kind in STOPS:
            if value.value < 0 or not (2 * value.value).is_integer():
                raise _fail(value.line, ReadCode.GPO_BAD_DISTANCE, node=n, got=_number(value.value))
            distance[n] = Fraction(value.value)
        elif kind is Kind.PIT:
            if value.value:
                stands.add(n)
        elif value.value:
            raise _fail(value.line, ReadCode.GPO_VALUE_MEANS_NOTHING, node=n, got=_number(value.value))
    for node in nodes.values():
        if node.kind in STOPS and node.id not in distance:
            raise _fail(node.line, ReadCode.GPO_NO_DISTANCE, node=node.id, stops=STOPS[node.kind])
    return distance, stands


def _finish_line(found: GpoFile, track: Mapping[int, Node]) -> set[int]:
    """The squares just after the line: those marked F, or else those of type 5."""
    marked = [node for node in track.values() if node.finish]
    for node in marked:
        if node.kind in STOPS:
            raise _fail(node.line, ReadCode.GPO_FINISH_IN_CORNER, node=node.id)
    line = {node.id for node in marked} or {n for n, node in track.items() if node.kind is Kind.FINISH}
    if not line:
        raise _fail(min(node.line for node in found.nodes.values()), ReadCode.GPO_NO_FINISH)
    return line


def _pit(
    found: GpoFile, track: Mapping[int, Node], lane: Mapping[int, Node]
) -> tuple[int, int, list[int]] | None:
    """(entry, exit, the pit lane in driving order) or None: one arrow in from the track, one out,
    one chain between."""
    if not lane:
        return None
    ins = [e for e in found.edges if e.source in track and e.target in lane]
    outs = [e for e in found.edges if e.source in lane and e.target in track]
    if len(ins) != 1 or len(outs) != 1:
        first = min(node.line for node in lane.values())
        raise _fail(first, ReadCode.GPO_PIT_WAYS, ins=len(ins), outs=len(outs))
    onward: dict[int, list[int]] = {n: [] for n in lane}
    for e in found.edges:
        if e.source in lane and e.target in lane and e.target not in onward[e.source]:
            onward[e.source].append(e.target)
    chain = [ins[0].target]
    while onward[chain[-1]] and len(chain) <= len(lane):
        if len(onward[chain[-1]]) > 1:
            raise _fail(lane[chain[-1]].line, ReadCode.GPO_PIT_CHAIN, node=chain[-1])
        chain.append(onward[chain[-1]][0])
    off = [n for n in lane if n not in chain] or ([chain[-1]] if chain[-1] != outs[0].source else [])
    if off or len(chain) != len(set(chain)):
        first = min(off or chain, key=lambda n: lane[n].line)
        raise _fail(lane[first].line, ReadCode.GPO_PIT_CHAIN, node=first)
    return ins[0].source, outs[0].target, chain


def _pit_levels(pit: tuple[int, int, list[int]], level: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """Spread evenly between the entry's level and the exit's, across the line if it lies between
    (as `@1` places its pit squares)."""
    entry, exit_, chain = pit
    lap = max(level.values())
    span = (level[exit_] - level[entry]) % lap or lap
    out = {}
    for k, s in enumerate(chain, start=1):
        at = level[entry] + span * k / (len(chain) + 1)
        out[s] = at - lap if at > lap else at
    return out


def _squares(
    track: Mapping[int, Node], level: Mapping[int, Fraction], shape: Layout, corner_of: Mapping[int, int]
) -> list[dict[str, Any]]:
    out = []
    for n in sorted(track, key=lambda n: (level[n], shape.lane[n], n)):
        node = track[n]
        square: dict[str, Any] = {"id": f"n{n}", "lane": LANES[shape.lane[n]], "level": _number(level[n])}
        if n in corner_of:
            square["corner"] = f"T{corner_of[n] + 1}"
        square.update(x=_number(node.x), y=_number(node.y), angle=angle(shape.direction[n]))
        out.append(square)
    return out


def _pit_squares(
    pit_level: Mapping[int, Fraction], lane: Mapping[int, Node], stands: set[int], shape: Layout
) -> list[dict[str, Any]]:
    return [
        {
            "id": f"n{n}",
            "lane": "pit",
            "level": _number(at),
            **({"stand": True} if n in stands else {}),
            "x": _number(lane[n].x),
            "y": _number(lane[n].y),
            "angle": angle(shape.direction[n]),
        }
        for n, at in pit_level.items()
    ]


def _unique(edges: list[Edge]) -> list[Edge]:
    """The arrows in file order, each once."""
    seen: set[tuple[int, int]] = set()
    out = []
    for e in edges:
        if (e.source, e.target) not in seen:
            seen.add((e.source, e.target))
            out.append(e)
    return out


def _corner(
    index: int, corner: Corner, track: Mapping[int, Node], shape: Layout, distance: Mapping[int, Fraction]
) -> dict[str, Any]:
    """Its id, name and stops; `turn` from how the direction turns along its longest lane."""
    out: dict[str, Any] = {"id": f"T{index + 1}", "name": f"Virage {index + 1}", "stops": corner.stops}
    by_lane: dict[int, list[int]] = {}
    for s in corner.squares:
        by_lane.setdefault(shape.lane[s], []).append(s)
    longest = sorted(max(by_lane.values(), key=len), key=lambda s: distance[s])
    turned = sum(
        (angle(shape.direction[b]) - angle(shape.direction[a]) + 180) % 360 - 180
        for a, b in zip(longest, longest[1:], strict=False)
    )
    if abs(turned) >= 15:
        out["turn"] = "right" if turned > 0 else "left"
    return out


def _grid(
    found: GpoFile, track: Mapping[int, Node], level: Mapping[int, Fraction], shape: Layout
) -> list[str]:
    """The grid squares, pole first: the furthest ahead (highest level), then from left to right."""
    for slot in found.grid:
        if slot.id not in track:
            raise _fail(slot.line, ReadCode.GPO_GRID_OFF_TRACK, node=slot.id)
    slots = sorted(found.grid, key=lambda slot: (-level[slot.id], shape.lane[slot.id], slot.line))
    return [f"n{slot.id}" for slot in slots]


def _weather(weather: Mapping[str, Any] | None) -> dict[str, list[int]]:
    """The scale as given (the loader checks it covers 1–20), or the default."""
    if weather is None:
        return {kind: list(pair) for kind, pair in DEFAULT_WEATHER.items()}
    if not isinstance(weather, Mapping):
        raise CircuitError("weather", ReadCode.EXPECTED_WEATHER, got=repr(weather))
    return {kind: list(pair) if isinstance(pair, list | tuple) else pair for kind, pair in weather.items()}
