"""A circuit's drawing with and without its board's picture: a board traced on its picture is drawn
on it, each square where the document puts it (its outline, or its size turned by its angle), the
picture the whole view; without the picture, at its positions; a board with no positions on a ring;
an `@1` circuit exactly as before. Each square carries its name, the id staying in `data-sq`."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from circuits.board_layout import ring_layout, square_size, traced_layout
from circuits.drawing import SCALE, circuit_layout, circuit_svg, svg_point
from circuits.maps import circuit_drawing, circuit_map_svg
from circuits.models import Circuit
from rules.circuits.names import square_names
from tests.live.traced_board import HEIGHT, SIZE, WIDTH, board_document

OVALE = json.loads(
    (Path(__file__).resolve().parents[2] / "fixtures" / "circuits" / "ovale.json").read_text(encoding="utf-8")
)


def pixels(layout, square: str) -> tuple[float, float]:  # noqa: ANN001
    """A square's centre back in the picture's pixels."""
    x, y = svg_point(layout.squares[square].centre)
    unit = square_size(board_document()["squares"]) / SCALE
    return (x * unit, y * unit)


def test_the_squares_size_is_read_from_the_board():
    assert square_size(board_document()["squares"]) == pytest.approx(SIZE, rel=0.05)


def test_a_traced_board_is_drawn_on_its_picture_at_its_squares_positions():
    doc = board_document()
    layout = traced_layout(doc, href="/media/circuits/stade.png")

    svg = circuit_svg(layout, title="Stade", names=square_names(doc), element_id="m")

    assert 'class="circuit-map has-picture"' in svg
    image = re.search(
        r'<image class="board-picture" href="([^"]+)" x="0" y="0" width="([\d.]+)" height="([\d.]+)"', svg
    )
    assert image and image.group(1) == "/media/circuits/stade.png"
    # the picture is the whole view, a square ten units wide: the SVG's strokes and cars fit it
    width, height = float(image.group(2)), float(image.group(3))
    assert f'viewBox="0 0 {width:g} {height:g}"' in svg
    assert width / height == pytest.approx(WIDTH / HEIGHT, rel=0.01)
    assert width == pytest.approx(WIDTH / SIZE * SCALE, rel=0.05)
    by_id = {sq["id"]: sq for sq in doc["squares"]}
    for square in ("L1-b", "L7-a", "L15-c"):
        x, y = pixels(layout, square)
        assert (x, y) == pytest.approx((by_id[square]["x"], by_id[square]["y"]), abs=0.5)
    # the board prints its own line, grid and labels
    assert 'class="finish"' not in svg and "grid-slot" not in svg and "corner-label" not in svg


def test_a_square_given_by_size_and_angle_is_turned_the_way_of_the_race():
    layout = traced_layout(board_document())
    top = layout.squares["L13-b"]  # the top straight, heading west (angle 270)

    xs = [p[0] for p in top.polygon]
    ys = [p[1] for p in top.polygon]

    assert max(xs) - min(xs) == pytest.approx(1.0, rel=0.05)  # h along the race, a square long
    assert max(ys) - min(ys) == pytest.approx(1.0, rel=0.05)
    assert len(top.polygon) == 4


def test_a_square_given_by_its_outline_keeps_it():
    doc = board_document()
    layout = traced_layout(doc)
    outline = next(sq for sq in doc["squares"] if sq["id"] == "L7-c")["outline"]

    unit = square_size(doc["squares"]) / SCALE  # pixels a unit of the SVG

    drawn = [v * unit for p in layout.squares["L7-c"].polygon for v in svg_point(p)]

    assert drawn == pytest.approx([v for p in outline for v in p], abs=0.5)


def test_each_square_carries_its_name_and_keeps_its_id():
    doc = board_document()
    svg = circuit_svg(traced_layout(doc), title="Stade", names=square_names(doc))

    polygon = re.search(r'<polygon [^>]*data-sq="L5-b"[^>]*>(.*?)</polygon>', svg)

    assert polygon and 'data-name="Épingle Est b1"' in polygon.group(0)
    assert polygon.group(1) == "<title>Épingle Est b1</title>"


def test_a_traced_board_without_its_picture_is_drawn_at_its_positions():
    layout = traced_layout(board_document())

    svg = circuit_svg(layout, title="Stade")

    assert "<image" not in svg and "has-picture" not in svg
    assert len(re.findall(r"<polygon class=\"sq ", svg)) == len(board_document()["squares"])
    assert "corner-label" in svg  # no picture to print the corners' names


def test_a_board_without_positions_is_laid_on_a_ring():
    doc = board_document()
    for square in doc["squares"]:
        for key in ("x", "y", "w", "h", "angle", "outline"):
            square.pop(key, None)

    layout = ring_layout(doc)

    assert set(layout.squares) == {sq["id"] for sq in doc["squares"]}
    for square in layout.squares.values():
        assert all(math.isfinite(v) for p in square.polygon for v in p)
    assert "<image" not in circuit_svg(layout, title="Stade")


def test_an_at1_circuit_is_drawn_as_before_its_names_added_to_its_squares():
    layout = circuit_layout(OVALE)

    plain = circuit_svg(layout, title="Ovale")
    named = circuit_svg(layout, title="Ovale", names=square_names(OVALE))

    assert "<image" not in plain and "has-picture" not in plain and 'class="finish"' in plain
    assert re.sub(r' data-name="[^"]*"><title>[^<]*</title></polygon>', "/>", named) == plain


@pytest.mark.django_db
def test_the_circuit_map_is_drawn_on_the_circuits_image_when_it_has_one():
    doc = board_document()
    with_picture = Circuit(slug="stade", name="Stade", document=doc, image="circuits/stade.png")
    without = Circuit(slug="stade", name="Stade", document=doc)

    assert circuit_drawing(with_picture).picture is not None
    assert circuit_drawing(without).picture is None
    assert 'href="/media/circuits/stade.png"' in circuit_map_svg(with_picture)
    assert "<image" not in circuit_map_svg(without)


@pytest.mark.django_db
def test_an_at1_circuit_with_an_image_is_still_drawn_from_its_segments():
    circuit = Circuit(slug="ovale", name="Ovale", document=OVALE, image="circuits/ovale.png")

    assert circuit_drawing(circuit).picture is None
