"""A small hand-made `formule-de/circuit@2` board that no `@1` document can describe: corners whose
lanes have different lengths, a chicane where no arrow changes lane, straight rows where the arrows
forbid a lane change, a two-lane section, half-step levels, a pit lane of 12 squares of which 10
are stands (first and last are not), and a grid of 10.

Squares are named `<section letter><row><lane>` (`A1a`, `T1`'s `B3c`), pit squares `P1`…`P12`.
Race order and levels (lap 60):
  A  straight, lanes abc, levels 1–12; no lane change from row 5 to row 8
  B  corner T1 (2 stops), levels 12–16: lane a 3 squares, b 4, c 5; lane changes as `@1` builds
  C  straight, two lanes ab, levels 17–24 (lane c of T1 merges into b)
  D  corner T2 (1 stop), a chicane: lanes ab, a 2 squares, b 3, levels 24–27.5, no lane change
  E  straight, lanes abc, half-step levels 28.5–40.5
  F  corner T3 (2 stops), levels 40.5–44: a 4 squares, b 3, c 3
  G  straight, lanes abc, levels 45–60, the grid on it; the pit lane from G3c to A2c
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

ADJACENT = {"a": "b", "b": "ac", "c": "b"}


def _level(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


class _Board:
    def __init__(self) -> None:
        self.squares: list[dict[str, Any]] = []
        self.edges: list[list[str]] = []
        self.level: dict[str, Fraction] = {}

    def square(self, sid: str, lane: str, level: Fraction, corner: str | None = None) -> str:
        raw: dict[str, Any] = {"id": sid, "lane": lane, "level": _level(level)}
        if corner:
            raw["corner"] = corner
        self.squares.append(raw)
        self.level[sid] = level
        return sid

    def straight(self, prefix: str, levels: list[Fraction], lanes: str, fixed: range = range(0)) -> dict:
        """Rows of squares; row r → row r+1 same lane and adjacent lanes, except from the rows in
        `fixed` (1-based), where only straight ahead."""
        rows = [
            {ln: self.square(f"{prefix}{r}{ln}", ln, lv) for ln in lanes} for r, lv in enumerate(levels, 1)
        ]
        for r in range(len(rows) - 1):
            for ln, sq in rows[r].items():
                ways = ln if r + 1 in fixed else "".join(x for x in "abc" if x == ln or x in ADJACENT[ln])
                self.edges.extend([sq, rows[r + 1][x]] for x in "abc" if x in ways and x in rows[r + 1])
        return {"first": rows[0], "last": rows[-1]}

    def corner(
        self, prefix: str, cid: str, start: Fraction, span: Fraction, counts: dict, lateral: bool
    ) -> dict:
        runs = {
            ln: [self.square(f"{prefix}{i}{ln}", ln, start + span * i / k, cid) for i in range(1, k + 1)]
            for ln, k in counts.items()
        }
        for ln, run in runs.items():
            for i, sq in enumerate(run[:-1]):
                self.edges.append([sq, run[i + 1]])
                if lateral:  # as `@1`: onto the first square of an adjacent lane that is further on
                    for other in ADJACENT[ln]:
                        nxt = next((x for x in runs.get(other, []) if self.level[x] > self.level[sq]), None)
                        if nxt:
                            self.edges.append([sq, nxt])
        return {
            "first": {ln: run[0] for ln, run in runs.items()},
            "last": {ln: run[-1] for ln, run in runs.items()},
        }

    def join(self, before: dict, after: dict, ways: dict[str, str]) -> None:
        for ln, targets in ways.items():
            self.edges.extend([before["last"][ln], after["first"][t]] for t in targets)


def small_board(circuit_id: str = "petit-anneau") -> dict[str, Any]:
    b = _Board()
    F = Fraction
    a = b.straight("A", [F(r) for r in range(1, 13)], "abc", fixed=range(5, 8))
    t1 = b.corner("B", "T1", F(12), F(4), {"a": 3, "b": 4, "c": 5}, lateral=True)
    c = b.straight("C", [F(r) for r in range(17, 25)], "ab")
    t2 = b.corner("D", "T2", F(24), F(7, 2), {"a": 2, "b": 3}, lateral=False)
    e = b.straight("E", [F(2 * r + 1, 2) for r in range(28, 41)], "abc")
    t3 = b.corner("F", "T3", F(81, 2), F(7, 2), {"a": 4, "b": 3, "c": 3}, lateral=True)
    g = b.straight("G", [F(r) for r in range(45, 61)], "abc")
    three = {"a": "ab", "b": "abc", "c": "bc"}
    b.join(a, t1, three)
    b.join(t1, c, {"a": "a", "b": "ab", "c": "b"})
    b.join(c, t2, {"a": "ab", "b": "ab"})
    b.join(t2, e, {"a": "ab", "b": "abc"})
    b.join(e, t3, three)
    b.join(t3, g, three)
    b.join(g, a, three)  # across the line
    lane = [b.square(f"P{k}", "pit", F(47 + k)) for k in range(1, 13)]
    for raw in b.squares[-12:][1:-1]:
        raw["stand"] = True
    return {
        "format": "formule-de/circuit@2",
        "id": circuit_id,
        "name": "Petit anneau",
        "laps": 3,
        "weather": {"rain": [1, 4], "variable": [5, 8], "sun": [9, 20]},
        "squares": b.squares,
        "edges": b.edges,
        "corners": [
            {"id": "T1", "name": "Épingle", "stops": 2, "turn": "right"},
            {"id": "T2", "name": "Chicane", "stops": 1},
            {"id": "T3", "name": "Grande courbe", "stops": 2, "turn": "left", "angle": 120},
        ],
        "pit": {"entry": "G3c", "exit": "A2c", "lane": lane},
        "grid": ["G16b", "G15a", "G14b", "G13a", "G12b", "G11a", "G10b", "G9a", "G8b", "G7a"],
    }
