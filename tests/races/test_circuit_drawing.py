"""The circuit drawing: a polygon per square, lanes in order, corners turning the right way, SVG."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from circuits.drawing import CarMark, circuit_layout, circuit_svg, ink_for, square_centres
from rules.track import load_circuit
from tests.factories import OVAL, oval_document

CIRCUITS = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "circuits").glob("*.json"))


def document(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    """> 0 when b lies left of the direction o → a (y pointing up)."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def area(polygon: list) -> float:
    pairs = zip(polygon, polygon[1:] + polygon[:1], strict=True)
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in pairs)) / 2


def test_the_fixture_circuits_are_there():
    assert {path.stem for path in CIRCUITS} >= {"ovale", "monaco", "spa", "monza", "montreal"}


@pytest.mark.parametrize("path", CIRCUITS, ids=lambda p: p.stem)
def test_every_square_of_every_circuit_gets_a_finite_polygon(path):
    doc = document(path)
    track = load_circuit(doc)

    layout = circuit_layout(doc)

    assert set(layout.squares) == set(track.squares)
    for square in layout.squares.values():
        assert len(square.polygon) >= 4, square.id
        assert all(math.isfinite(v) for point in square.polygon for v in point), square.id
        assert all(math.isfinite(v) for v in square.centre), square.id
        assert area(list(square.polygon)) > 0.05, square.id
    assert all(math.isfinite(v) for v in layout.bounds)


@pytest.mark.parametrize("path", CIRCUITS, ids=lambda p: p.stem)
def test_lanes_a_b_c_run_left_to_right_in_the_direction_of_the_race(path):
    doc = document(path)
    layout = circuit_layout(doc)
    squares = layout.squares

    for segment in doc["segments"]:
        rows = segment.get("straight", 0)
        for row in range(1, rows + 1):
            a, b, c = (squares[f"{segment['id']}-{lane}{row}"].centre for lane in "abc")
            # a, b and c stand in a line across the track, one square apart.
            assert math.dist(a, b) == pytest.approx(1.0, abs=0.25)
            assert math.dist(b, c) == pytest.approx(1.0, abs=0.25)
            assert cross(c, b, a) == pytest.approx(0.0, abs=0.2)
            if rows > 1:
                # The way of the race at this row: along lane b, to the next row (or from the one before).
                back, on = (row, row + 1) if row < rows else (row - 1, row)
                origin, ahead = (squares[f"{segment['id']}-b{n}"].centre for n in (back, on))
                assert cross(origin, ahead, a) > 0, f"{segment['id']} row {row}: lane a is not on the left"
                assert cross(origin, ahead, c) < 0, f"{segment['id']} row {row}: lane c is not on the right"


def test_a_180_degree_left_corner_turns_the_heading_by_plus_180():
    layout = circuit_layout(OVAL)
    t1 = next(seg for seg in layout.segments if seg.id == "T1")

    assert t1.corner and t1.stops == 1
    assert t1.heading_out - t1.heading_in == pytest.approx(180.0)
    squares = layout.squares
    # Drawn: the straight after T1 runs back the other way, on the left of the one before it.
    before = (squares["S1-b7"].centre, squares["S1-b8"].centre)
    after = (squares["S2-b1"].centre, squares["S2-b2"].centre)
    way_before = (before[1][0] - before[0][0], before[1][1] - before[0][1])
    way_after = (after[1][0] - after[0][0], after[1][1] - after[0][1])
    cosine = (way_before[0] * way_after[0] + way_before[1] * way_after[1]) / (
        math.hypot(*way_before) * math.hypot(*way_after)
    )
    assert cosine == pytest.approx(-1.0, abs=0.05)
    assert cross(*before, squares["T1-b2"].centre) > 0  # the corner bends to the left
    assert cross(*before, squares["S2-b1"].centre) > 0


def test_a_right_corner_turns_the_other_way():
    doc = oval_document()
    for segment in doc["segments"]:
        if "corner" in segment:
            segment["corner"]["turn"] = "right"
    layout = circuit_layout(doc)
    t1 = next(seg for seg in layout.segments if seg.id == "T1")

    assert t1.heading_out - t1.heading_in == pytest.approx(-180.0)
    squares = layout.squares
    assert cross(squares["S1-b7"].centre, squares["S1-b8"].centre, squares["T1-b2"].centre) < 0


def test_a_corner_lane_is_cut_into_its_number_of_cells():
    layout = circuit_layout(OVAL)

    assert [sq.id for sq in layout.squares.values() if sq.segment == "T1" and sq.lane == "a"] == [
        "T1-a1",
        "T1-a2",
        "T1-a3",
    ]
    assert sum(1 for sq in layout.squares.values() if sq.segment == "T1" and sq.lane == "c") == 5
    assert all(sq.corner for sq in layout.squares.values() if sq.segment == "T2")


def test_the_loop_closes_even_when_the_walk_misses_its_start():
    layout = circuit_layout(OVAL)

    assert layout.gap == pytest.approx(4.0, abs=0.01)  # 8 + 6 rows one way, 10 the other
    # The last row of S3 and the first of S1 touch across the finish line.
    assert math.dist(layout.squares["S3-b6"].centre, layout.squares["S1-b1"].centre) < 1.2


def test_the_pit_lane_lies_outside_lane_c_between_its_entry_and_exit():
    layout = circuit_layout(OVAL)
    squares = layout.squares
    stands = [squares[f"PIT-{n}"] for n in range(1, 7)]

    assert all(sq.lane == "pit" for sq in stands)
    for stand in stands:
        nearest = min(
            (sq for sq in squares.values() if sq.lane != "pit"),
            key=lambda sq: math.dist(sq.centre, stand.centre),
        )
        assert nearest.lane == "c"
    assert layout.pit_links[0] == (squares["S3-c2"].centre, stands[0].centre)
    assert layout.pit_links[1] == (stands[-1].centre, squares["S1-c3"].centre)


def test_the_svg_has_every_square_the_grid_the_line_the_corners_and_the_cars():
    layout = circuit_layout(OVAL)
    cars = [CarMark(car="7", square="S3-b6", colour="#c8102e", title="No. 7 Alice")]

    svg = circuit_svg(layout, title="Ovale", cars=cars)

    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert len(re.findall(r'<polygon class="sq ', svg)) == len(layout.squares)
    assert len(re.findall(r"sq-grid", svg)) == len(OVAL["grid"])
    assert svg.count('class="sq sq-corner') == 24  # T1 and T2: 3 + 4 + 5 each
    assert 'class="finish"' in svg
    assert ">T2</tspan>" in svg and "●●" in svg
    x, y = square_centres(layout)["S3-b6"]
    assert f'data-car="7" data-square="S3-b6" style="transform: translate({x:g}px, {y:g}px)"' in svg


def test_the_svg_escapes_its_texts():
    layout = circuit_layout(oval_document(name="<b>Ovale</b>"))

    svg = circuit_svg(
        layout,
        title='<script>alert("x")</script>',
        cars=[CarMark(car='"><x', square="S1-a1", colour='red" onclick="x', title="<i>")],
    )

    assert "<script>" not in svg and "&lt;script&gt;" in svg
    assert '"><x' not in svg and "&quot;&gt;&lt;x" in svg
    assert 'onclick="x' not in svg
    assert "<i>" not in svg


def test_ink_reads_on_the_team_colour():
    assert ink_for("#e8b100") == "#16161d"  # dark numbers on yellow
    assert ink_for("#1e4fa3") == "#ffffff"  # white on blue
    assert ink_for("#fff") == "#16161d"
    assert ink_for("not a colour") == "#ffffff"


def test_a_document_without_segments_cannot_be_drawn():
    with pytest.raises(ValueError, match="segments"):
        circuit_layout({"id": "rien", "segments": []})
