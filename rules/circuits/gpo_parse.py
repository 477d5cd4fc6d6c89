"""Reading the text of a GP Online track file into records, each with its line number.

The file, as issue 23 describes it: a header `IMAGE.png N [RAIN PERIOD]`, then one square a line
(`ID X Y TYPE [F]`); a blank line, one edge a line (`FROM TO`); a blank line, `ID VALUE` lines
(a corner square's distance inside its corner, a pit-lane square's stand mark); a blank line,
`ID ANGLE` lines (the grid). Every blank line ends a block, so two in a row make an empty block;
blank lines at the end of the file are ignored. Nothing here knows lanes or levels: see gpo.py.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import IntEnum

from rules.circuits.model import CircuitError
from rules.messages.reading import ReadCode


class Kind(IntEnum):
    """A square's TYPE in the file."""

    UNKNOWN = 0
    STRAIGHT = 1
    CORNER_2 = 2
    CORNER_1 = 3
    BLOCKED = 4
    FINISH = 5
    CORNER_3 = 6
    PIT = 7


STOPS = {Kind.CORNER_1: 1, Kind.CORNER_2: 2, Kind.CORNER_3: 3}
TRACK_KINDS = frozenset({Kind.STRAIGHT, Kind.FINISH, *STOPS})
NODE_FIELDS = "ID X Y TYPE [F]"


@dataclass(frozen=True, slots=True)
class Node:
    id: int
    x: float
    y: float
    kind: Kind
    finish: bool
    line: int

    @property
    def square(self) -> str:
        return f"n{self.id}"


@dataclass(frozen=True, slots=True)
class Edge:
    source: int
    target: int
    line: int


@dataclass(frozen=True, slots=True)
class Value:
    value: float
    line: int


@dataclass(frozen=True, slots=True)
class GridSlot:
    id: int
    angle: float
    line: int


@dataclass(slots=True)
class GpoFile:
    image: str
    info_box: int
    # the program's own weather setting (RAIN, PERIOD), kept but not used: see rules-decisions.md
    weather_setting: tuple[float, float] | None
    nodes: dict[int, Node] = field(default_factory=dict)
    edges: list[Edge] = field(default_factory=list)
    values: dict[int, Value] = field(default_factory=dict)
    grid: list[GridSlot] = field(default_factory=list)
    end_line: int = 1  # the line after the last one, where a truncated file is reported


def _fail(line: int, code: ReadCode, **params: object) -> CircuitError:
    return CircuitError(f"line {line}", code, **params)


def _integer(token: str, name: str, line: int) -> int:
    try:
        return int(token)
    except ValueError:
        raise _fail(line, ReadCode.GPO_NOT_AN_INTEGER, column=name, got=token) from None


def _number(token: str, name: str, line: int) -> float:
    try:
        value = float(token)
    except ValueError:
        value = math.nan
    if not math.isfinite(value):
        raise _fail(line, ReadCode.GPO_NOT_A_NUMBER, column=name, got=token)
    return value


def _blocks(text: str) -> tuple[list[list[tuple[int, str]]], int]:
    """The file's blocks of (line number, text) and the number of the line after the last."""
    lines = text.removeprefix("\ufeff").splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    blocks: list[list[tuple[int, str]]] = [[]]
    for number, raw in enumerate(lines, start=1):
        if raw.strip():
            blocks[-1].append((number, raw.strip()))
        else:
            blocks.append([])
    return blocks, len(lines) + 1


def _header(line: int, raw: str) -> tuple[str, int, tuple[float, float] | None]:
    tokens = raw.split()
    if len(tokens) not in (2, 4):
        raise _fail(line, ReadCode.GPO_FIELDS, fields="IMAGE.png N [RAIN PERIOD]", got=raw)
    setting = None
    if len(tokens) == 4:
        setting = (_number(tokens[2], "RAIN", line), _number(tokens[3], "PERIOD", line))
    return tokens[0], _integer(tokens[1], "N", line), setting


def _node(line: int, raw: str) -> Node:
    tokens = raw.split()
    if len(tokens) not in (4, 5) or (len(tokens) == 5 and tokens[4] != "F"):
        raise _fail(line, ReadCode.GPO_FIELDS, fields=NODE_FIELDS, got=raw)
    node_id = _integer(tokens[0], "ID", line)
    if node_id < 0:
        raise _fail(line, ReadCode.AT_LEAST, minimum=0, got=node_id)
    x, y = _number(tokens[1], "X", line), _number(tokens[2], "Y", line)
    kind = _integer(tokens[3], "TYPE", line)
    if kind not in Kind._value2member_map_:
        raise _fail(line, ReadCode.GPO_SQUARE_TYPE, got=kind)
    return Node(node_id, x, y, Kind(kind), len(tokens) == 5, line)


def _pair(line: int, raw: str, names: tuple[str, str]) -> tuple[int, str]:
    tokens = raw.split()
    if len(tokens) != 2:
        raise _fail(line, ReadCode.GPO_FIELDS, fields=" ".join(names), got=raw)
    return _integer(tokens[0], names[0], line), tokens[1]


def parse_header(text: str) -> tuple[str, int, tuple[float, float] | None]:
    """(IMAGE, N, (RAIN, PERIOD) or None) of the file's first line."""
    blocks, _ = _blocks(text)
    if not blocks[0]:
        raise _fail(1, ReadCode.GPO_FIELDS, fields="IMAGE.png N [RAIN PERIOD]", got="")
    return _header(*blocks[0][0])


def parse(text: str) -> GpoFile:
    """The records of a GP Online track file; `CircuitError` names the line of the first fault."""
    blocks, end = _blocks(text)
    image, info_box, setting = parse_header(text)
    first, rows = blocks[0][0][0], blocks[0][1:]
    found = GpoFile(image, info_box, setting, end_line=end)
    if not rows:
        raise _fail(first + 1, ReadCode.GPO_NO_SQUARES)
    for line, raw in rows:
        node = _node(line, raw)
        if node.id in found.nodes:
            raise _fail(line, ReadCode.GPO_NODE_TWICE, node=node.id, first=found.nodes[node.id].line)
        found.nodes[node.id] = node
    missing = (ReadCode.GPO_NO_EDGES, ReadCode.GPO_NO_VALUES, ReadCode.GPO_NO_GRID)
    if len(blocks) < 4:
        raise _fail(end, missing[len(blocks) - 1])
    if len(blocks) > 4:
        after = next((b[0][0] for b in blocks[4:] if b), end)
        raise _fail(after, ReadCode.GPO_AFTER_GRID)
    edges, values, grid = blocks[1:4]
    if not edges:
        raise _fail(blocks[0][-1][0] + 1, ReadCode.GPO_NO_EDGES)
    for line, raw in edges:
        source, token = _pair(line, raw, ("FROM", "TO"))
        target = _integer(token, "TO", line)
        for node_id in (source, target):
            if node_id not in found.nodes:
                raise _fail(line, ReadCode.GPO_UNKNOWN_NODE, node=node_id)
        if source == target:
            raise _fail(line, ReadCode.GPO_EDGE_TO_ITSELF, node=source)
        found.edges.append(Edge(source, target, line))
    for line, raw in values:
        node_id, token = _pair(line, raw, ("ID", "VALUE"))
        if node_id not in found.nodes:
            raise _fail(line, ReadCode.GPO_UNKNOWN_NODE, node=node_id)
        if node_id in found.values:
            raise _fail(line, ReadCode.GPO_VALUE_TWICE, node=node_id, first=found.values[node_id].line)
        found.values[node_id] = Value(_number(token, "VALUE", line), line)
    if not grid:
        raise _fail(end, ReadCode.GPO_NO_GRID)
    for line, raw in grid:
        node_id, token = _pair(line, raw, ("ID", "ANGLE"))
        if node_id not in found.nodes:
            raise _fail(line, ReadCode.GPO_UNKNOWN_NODE, node=node_id)
        first = next((slot.line for slot in found.grid if slot.id == node_id), None)
        if first is not None:
            raise _fail(line, ReadCode.GPO_GRID_TWICE, node=node_id, first=first)
        found.grid.append(GridSlot(node_id, _number(token, "ANGLE", line), line))
    return found
