"""Writes the GP Online track files the importer's tests read (and the README's example board):
`python tests/rules/circuits/data/make_gpo.py` rewrites them. Kept so the boards can be read and
changed as a whole: a stadium driven clockwise on the image (two straights, two half circles),
squares 40 px long, lanes 30 px apart, lane a on the outside.

- the top straight, eastwards: the grid, then the finish line (row `line`, marked F), the pit lane
  alongside it (its first and last squares not stands);
- the right half circle: corner T1, 1 stop (TYPE 3), lanes of 9, 6 and 4 squares;
- the bottom straight, westwards: `narrow` rows where a lane (`gone`: c, the inside, unless said)
  ends, the first of them blocked (TYPE 4) in that lane, the others two lanes wide;
- the left half circle: corner T2, 2 stops (TYPE 2).
A square of TYPE 0 with no arrow is left over, as drawing programs leave them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

STEP, WIDTH, RADIUS = 40, 30, 80
LANES = "abc"
# the file's TYPEs
STRAIGHT, TWO_STOPS, ONE_STOP, BLOCKED, FINISH, PIT, UNKNOWN = 1, 2, 3, 4, 5, 7, 0


def stadium(
    *,
    top: int = 20,
    line: int = 12,
    grid: int = 10,
    bottom: int = 20,
    narrow: tuple[int, int] | None = (6, 12),
    gone: int = 2,
    pit: tuple[int, int] = (1, 14),
    stands: int = 10,
    image: str = "stadium.png",
) -> str:
    x0, y_top = 150, 100
    x1, yc = x0 + STEP * top, y_top + RADIUS
    nodes: list[str] = []
    edges: list[tuple[int, int]] = []
    values: list[tuple[int, float]] = []
    ids = iter(range(1, 10_000))

    def node(x: float, y: float, kind: int, finish: bool = False) -> int:
        n = next(ids)
        nodes.append(f"{n} {round(x, 1):g} {round(y, 1):g} {kind}" + (" F" if finish else ""))
        return n

    def straight(rows: int, place: Callable[[int, int], tuple[float, float]]) -> list[list[int | None]]:
        """The rows of a straight; on the bottom one, lane `gone` blocked, then gone, along `narrow`."""
        out = []
        for r in range(rows):
            row: list[int | None] = []
            for lane in range(3):
                inside = narrow is not None and place is bottom_at and lane == gone
                if inside and narrow[0] < r < narrow[1]:
                    row.append(None)
                    continue
                finish = place is top_at and r == line
                kind = BLOCKED if inside and r == narrow[0] else (FINISH if finish else STRAIGHT)
                row.append(node(*place(r, lane), kind, finish))
            out.append(row)
        return out

    def top_at(r: int, lane: int) -> tuple[float, float]:
        return x0 + STEP * r + STEP / 2, y_top + WIDTH * (lane - 1)

    def bottom_at(r: int, lane: int) -> tuple[float, float]:
        return x1 - STEP * r - STEP / 2, yc + RADIUS - WIDTH * (lane - 1)

    def corner(cx: float, side: int, kind: int) -> list[list[int]]:
        lanes = []
        for lane in range(3):
            r = RADIUS + WIDTH * (1 - lane)
            n = round(math.pi * r / STEP)
            squares = []
            for k in range(n):
                phi = (k + 0.5) / n * math.pi
                x, y = cx + side * r * math.sin(phi), yc - side * r * math.cos(phi)
                squares.append(node(x, y, kind))
                values.append((squares[-1], max(0.0, round(2 * (6 * (k + 0.5) / n - 0.5)) / 2)))
            lanes.append(squares)
        return lanes

    top_rows = straight(top, top_at)
    t1 = corner(x1, 1, ONE_STOP)
    bottom_rows = straight(bottom, bottom_at)
    t2 = corner(x0, -1, TWO_STOPS)
    dist = dict(values)

    def rows_to(rows: list[list[int | None]]) -> None:
        for here, there in zip(rows, rows[1:], strict=False):
            join(here, there)

    def join(here: list[int | None], there: list[int | None]) -> None:
        for lane, a in enumerate(here):
            for other in (lane - 1, lane, lane + 1):
                if a is not None and 0 <= other < 3 and there[other] is not None:
                    edges.append((a, there[other]))

    def through(lanes: list[list[int]]) -> None:
        for lane, squares in enumerate(lanes):
            for i, a in enumerate(squares):
                if i + 1 < len(squares):
                    edges.append((a, squares[i + 1]))
                for other in (lane - 1, lane + 1):
                    if 0 <= other < 3:
                        ahead = [b for b in lanes[other] if dist[b] > dist[a]]
                        if ahead and i + 1 < len(squares):
                            edges.append((a, ahead[0]))

    rows_to(top_rows)
    join(top_rows[-1], [lane[0] for lane in t1])
    through(t1)
    join([lane[-1] for lane in t1], bottom_rows[0])
    rows_to(bottom_rows)
    join(bottom_rows[-1], [lane[0] for lane in t2])
    through(t2)
    join([lane[-1] for lane in t2], top_rows[0])

    pit_squares = []
    for r in range(pit[0], pit[1]):
        x, _ = top_at(r, 0)
        pit_squares.append(node(x, y_top - WIDTH - 45, PIT))
    edges.append((top_rows[pit[0] - 1][0], pit_squares[0]))  # type: ignore[arg-type]
    edges.extend(zip(pit_squares, pit_squares[1:], strict=False))
    edges.append((pit_squares[-1], top_rows[pit[1] + 1][0]))  # type: ignore[arg-type]
    values.append((pit_squares[0], 0))
    values.extend((s, 1) for s in pit_squares[1 : 1 + stands])
    node(40, 40, UNKNOWN)  # a leftover of the drawing, no arrow
    slots = []
    for k in range(grid):
        row = line - 1 - k
        slots.append(top_rows[row][0 if k % 2 == 0 else 2])
    slots = slots[1::2] + slots[::2]  # the file gives no order: the importer finds the pole
    blocks = [
        "\n".join([f"{image} 2", *nodes]),
        "\n".join(f"{a} {b}" for a, b in edges),
        "\n".join(f"{n} {v:g}" for n, v in values),
        "\n".join(f"{n} 90" for n in slots),
    ]
    return "\n\n".join(blocks) + "\n"


if __name__ == "__main__":
    here = Path(__file__).resolve().parent
    (here / "stadium.dat").write_text(stadium())
    root = here.parents[3]
    small = stadium(
        top=10, line=6, grid=4, bottom=8, narrow=(3, 6), pit=(1, 7), stands=4, image="petit-stade.png"
    )
    (root / "fixtures" / "boards" / "petit-stade.dat").write_text(small)
