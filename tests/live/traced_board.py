"""A small board traced on its own picture, for the tests of real boards: a `formule-de/circuit@2`
stadium (two straights, two hairpins, three lanes) whose every square has its place on a picture
drawn here with Pillow, the way a league's scanned board would be traced.

The race runs anticlockwise on the picture: along the bottom straight to the right, up the east
hairpin, back along the top straight, down the west hairpin. The finish line is in the middle of
the bottom straight; the grid is just before it.
"""

from __future__ import annotations

import io
import math
from typing import Any

from PIL import Image, ImageDraw, ImageFont

SIZE = 40  # pixels a square
STRAIGHT = 8  # squares of each straight
HAIRPIN = 6  # levels of each hairpin
MARGIN = 30
LANE_OFFSET = {"a": -1, "b": 0, "c": 1}  # a inside (left of the race, which turns left)
CORNERS = ({"id": "T1", "name": "Épingle Est", "stops": 1}, {"id": "T2", "name": "Virage Ouest", "stops": 1})
LAP = 2 * STRAIGHT + 2 * HAIRPIN

RADIUS = HAIRPIN * SIZE / math.pi  # of the centre line (lane b) in the hairpins
WIDTH = int(2 * MARGIN + STRAIGHT * SIZE + 2 * (RADIUS + 1.5 * SIZE))
HEIGHT = int(2 * MARGIN + 2 * (RADIUS + 1.5 * SIZE))
EAST = (MARGIN + RADIUS + 1.5 * SIZE + STRAIGHT * SIZE, HEIGHT / 2)  # the hairpins' centres
WEST = (MARGIN + RADIUS + 1.5 * SIZE, HEIGHT / 2)


def _place(level: int, lane: str) -> dict[str, Any]:
    """Square `level` (1 = first after the line) of a lane: its centre, and its size and heading
    on a straight or its outline in a hairpin."""
    offset = LANE_OFFSET[lane] * SIZE
    s = level - 0.5  # along the centre line, in squares, from the line
    half = STRAIGHT / 2
    if s < half or s >= LAP - half:  # the bottom straight, heading east
        along = s if s < half else s - LAP
        x = WEST[0] + (half + along) * SIZE
        return {"x": x, "y": HEIGHT / 2 + RADIUS + offset, "w": SIZE, "h": SIZE, "angle": 90}
    if s < half + HAIRPIN:  # the east hairpin, anticlockwise on the picture
        return _hairpin(EAST, -math.pi / 2, s - half, offset)
    if s < half + HAIRPIN + STRAIGHT:  # the top straight, heading west
        along = s - half - HAIRPIN
        return {
            "x": EAST[0] - along * SIZE,
            "y": HEIGHT / 2 - RADIUS - offset,
            "w": SIZE,
            "h": SIZE,
            "angle": 270,
        }
    return _hairpin(WEST, math.pi / 2, s - half - HAIRPIN - STRAIGHT, offset)


def _hairpin(centre: tuple[float, float], start: float, along: float, offset: float) -> dict[str, Any]:
    """A hairpin square: a slice of the ring around `centre` (angles measured with y up)."""
    r_in, r_out = RADIUS + offset - SIZE / 2, RADIUS + offset + SIZE / 2
    a0 = start + (along - 0.5) / HAIRPIN * math.pi
    a1 = start + (along + 0.5) / HAIRPIN * math.pi

    def at(r: float, a: float) -> list[float]:
        return [round(centre[0] + r * math.cos(a), 1), round(centre[1] - r * math.sin(a), 1)]

    mid = (a0 + a1) / 2
    x, y = at(RADIUS + offset, mid)
    return {"x": x, "y": y, "outline": [at(r_in, a0), at(r_out, a0), at(r_out, a1), at(r_in, a1)]}


def _corner(level: int) -> str | None:
    s = level - 0.5
    half = STRAIGHT / 2
    if half <= s < half + HAIRPIN:
        return "T1"
    if half + HAIRPIN + STRAIGHT <= s < LAP - half:
        return "T2"
    return None


def board_document(circuit_id: str = "stade") -> dict[str, Any]:
    """The board as `formule-de/circuit@2`: every square placed on the picture, an arrow to the
    same lane and the lanes beside it on straights, the same lane only in the hairpins."""
    squares = []
    for level in range(1, LAP + 1):
        for lane in "abc":
            square = {"id": f"L{level}-{lane}", "lane": lane, "level": level, **_place(level, lane)}
            if _corner(level):
                square["corner"] = _corner(level)
            squares.append(square)
    edges = []
    for level in range(1, LAP + 1):
        after = level % LAP + 1
        for lane in "abc":
            targets = (
                [lane]
                if _corner(level) or _corner(after)
                else [n for n in "abc" if abs(ord(n) - ord(lane)) <= 1]
            )
            edges += [[f"L{level}-{lane}", f"L{after}-{t}"] for t in targets]
    return {
        "format": "formule-de/circuit@2",
        "id": circuit_id,
        "name": "Stade tracé",
        "laps": 1,
        "weather": {"rain": [1, 4], "variable": [5, 8], "sun": [9, 20]},
        "squares": squares,
        "edges": edges,
        "corners": [dict(c) for c in CORNERS],
        "grid": [f"L{LAP}-b", f"L{LAP}-a", f"L{LAP - 1}-b", f"L{LAP - 1}-a"],
        "image": {"src": f"{circuit_id}.png", "width": WIDTH, "height": HEIGHT},
    }


def _font(size: int) -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    try:
        return ImageFont.truetype("DejaVuSans-Bold.ttf", size)
    except OSError:  # no DejaVu on this machine: Pillow's own
        return ImageFont.load_default()


def board_png(document: dict[str, Any]) -> bytes:
    """The board's picture as a printed board shows it: grass, the asphalt squares with their white
    lines, red and white kerbs round the hairpins, the grid's numbers, the chequered line and the
    corners' names."""
    image = Image.new("RGB", (WIDTH, HEIGHT), (78, 132, 66))
    draw = ImageDraw.Draw(image)
    for x in range(0, WIDTH, 24):  # mown stripes
        if x // 24 % 2:
            draw.rectangle([x, 0, x + 23, HEIGHT], fill=(84, 140, 71))
    for centre in (EAST, WEST):  # kerbs outside the hairpins
        r = RADIUS + 1.5 * SIZE + 6
        for k in range(18):
            start = k * 10 + (270 if centre is EAST else 90)
            colour = (200, 30, 30) if k % 2 else (245, 245, 245)
            draw.arc(
                [centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r],
                start,
                start + 10,
                fill=colour,
                width=8,
            )
    grid = {square: n for n, square in enumerate(document["grid"], start=1)}
    small = _font(13)
    for square in document["squares"]:
        if "outline" in square:
            points = [tuple(p) for p in square["outline"]]
        else:
            x, y, half = square["x"], square["y"], SIZE / 2
            points = [(x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half)]
        fill = (92, 90, 96) if square.get("corner") else (72, 74, 80)
        draw.polygon(points, fill=fill, outline=(236, 236, 236), width=2)
        if square["id"] in grid:
            draw.text(
                (square["x"], square["y"]),
                str(grid[square["id"]]),
                fill=(250, 214, 70),
                font=small,
                anchor="mm",
            )
    line_x = WEST[0] + STRAIGHT / 2 * SIZE
    top = HEIGHT / 2 + RADIUS - 1.5 * SIZE
    for n in range(12):  # the chequered finish line across the three lanes
        for m in range(2):
            y = top + n * SIZE / 4
            colour = (20, 20, 20) if (n + m) % 2 else (250, 250, 250)
            draw.rectangle([line_x - 5 + m * 5, y, line_x + m * 5, y + SIZE / 4], fill=colour)
    big = _font(15)
    draw.text((EAST[0] - 8, EAST[1]), "T1 " + CORNERS[0]["name"], fill=(255, 255, 255), font=big, anchor="rm")
    draw.text((WEST[0] + 8, WEST[1]), "T2 " + CORNERS[1]["name"], fill=(255, 255, 255), font=big, anchor="lm")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
