"""A GP Online track file that cannot be imported: a `CircuitError` with a `read.gpo_*` code that
names the line at fault ("line 12"). Each case is the stadium of test_gpo.py with one fault."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.circuits.gpo import read_gpo
from rules.messages.reading import ReadCode
from rules.track import CircuitError

TEXT = (Path(__file__).resolve().parent / "data" / "stadium.dat").read_text(encoding="utf-8")
LINES = TEXT.splitlines()
NODES, EDGES, VALUES, GRID = (block.splitlines() for block in TEXT.split("\n\n"))
KIND = {int(line.split()[0]): int(line.split()[3]) for line in NODES[1:]}
CORNER = int(VALUES[0].split()[0])  # the first square of T1's lane a
PIT = [n for n, kind in KIND.items() if kind == 7]


def line_of(text: str) -> int:
    return LINES.index(text) + 1


def node_line(node: int) -> str:
    return next(line for line in NODES[1:] if int(line.split()[0]) == node)


def failing(text: str) -> CircuitError:
    with pytest.raises(CircuitError) as caught:
        read_gpo(text, circuit_id="stadium")
    return caught.value


def replaced(old: str, new: str) -> str:
    assert LINES.count(old) == 1
    return "\n".join(new if line == old else line for line in LINES) + "\n"


def blocks(*parts: list[str]) -> str:
    return "\n\n".join("\n".join(part) for part in parts) + "\n"


@pytest.mark.parametrize(
    ("kept", "code"),
    [(1, ReadCode.GPO_NO_EDGES), (2, ReadCode.GPO_NO_VALUES), (3, ReadCode.GPO_NO_GRID)],
)
def test_a_truncated_file_says_what_is_missing_after_its_last_line(kept, code):
    text = "\n\n".join(TEXT.split("\n\n")[:kept]) + "\n"
    error = failing(text)
    assert error.code is code and error.where == f"line {len(text.splitlines()) + 1}"


def test_a_file_cut_after_its_header_has_no_squares():
    error = failing(LINES[0] + "\n")
    assert error.code is ReadCode.GPO_NO_SQUARES and error.where == "line 2"


def test_an_edge_to_an_unknown_square_names_its_line():
    error = failing(blocks(NODES, [*EDGES, "5 9999"], VALUES, GRID))
    assert error.code is ReadCode.GPO_UNKNOWN_NODE and error.params == {"node": 9999}
    assert error.where == f"line {len(NODES) + 1 + len(EDGES) + 1}"
    assert str(error) == f"{error.where}: no square 9999 in the file"


def test_a_corner_square_without_its_distance_names_the_square_s_line():
    error = failing(blocks(NODES, EDGES, VALUES[1:], GRID))
    assert error.code is ReadCode.GPO_NO_DISTANCE and error.params == {"node": CORNER, "stops": 1}
    assert error.where == f"line {line_of(node_line(CORNER))}"


@pytest.mark.parametrize(
    ("field", "make", "code"),
    [
        ("X", lambda t: f"{t[0]} left {t[2]} {t[3]}", ReadCode.GPO_NOT_A_NUMBER),
        ("Y", lambda t: f"{t[0]} {t[1]} nan {t[3]}", ReadCode.GPO_NOT_A_NUMBER),
        ("ID", lambda t: f"n{t[0]} {t[1]} {t[2]} {t[3]}", ReadCode.GPO_NOT_AN_INTEGER),
        ("TYPE", lambda t: f"{t[0]} {t[1]} {t[2]} 1.5", ReadCode.GPO_NOT_AN_INTEGER),
    ],
)
def test_a_square_line_with_a_word_for_a_number_names_the_line_and_field(field, make, code):
    old = NODES[5]
    error = failing(replaced(old, make(old.split())))
    assert error.code is code and error.where == f"line {line_of(old)}" and error.params["column"] == field


@pytest.mark.parametrize(
    ("old", "new", "field", "code"),
    [
        (EDGES[3], EDGES[3].split()[0] + " two", "TO", ReadCode.GPO_NOT_AN_INTEGER),
        (VALUES[2], VALUES[2].split()[0] + " 1,5", "VALUE", ReadCode.GPO_NOT_A_NUMBER),
        (GRID[0], GRID[0].split()[0] + " east", "ANGLE", ReadCode.GPO_NOT_A_NUMBER),
        (LINES[0], "stadium.png two", "N", ReadCode.GPO_NOT_AN_INTEGER),
    ],
)
def test_non_numbers_in_the_other_blocks_name_their_line(old, new, field, code):
    error = failing(replaced(old, new))
    assert error.code is code and error.where == f"line {line_of(old)}" and error.params["column"] == field


@pytest.mark.parametrize(
    ("old", "new", "code"),
    [
        (LINES[0], "stadium.png", ReadCode.GPO_FIELDS),
        (NODES[4], NODES[4] + " X", ReadCode.GPO_FIELDS),
        (NODES[4], " ".join(NODES[4].split()[:3] + ["9"]), ReadCode.GPO_SQUARE_TYPE),
        (NODES[4], NODES[3], ReadCode.GPO_NODE_TWICE),
        (EDGES[0], "3 3", ReadCode.GPO_EDGE_TO_ITSELF),
        (EDGES[0], "1 2 3", ReadCode.GPO_FIELDS),
        (VALUES[1], VALUES[0], ReadCode.GPO_VALUE_TWICE),
        (VALUES[1], VALUES[1].split()[0] + " 0.3", ReadCode.GPO_BAD_DISTANCE),
        (VALUES[1], VALUES[1].split()[0] + " -1", ReadCode.GPO_BAD_DISTANCE),
        (GRID[1], GRID[0], ReadCode.GPO_GRID_TWICE),
        (GRID[1], f"{PIT[3]} 90", ReadCode.GPO_GRID_OFF_TRACK),
    ],
)
def test_a_line_that_does_not_fit_is_refused_where_it_is(old, new, code):
    error = failing(replaced(old, new))
    assert error.code is code and error.where == f"line {line_of(old)}"


def test_a_value_on_a_straight_square_means_nothing():
    error = failing(blocks(NODES, EDGES, [*VALUES, "5 2"], GRID))
    assert error.code is ReadCode.GPO_VALUE_MEANS_NOTHING
    assert error.where == f"line {len(NODES) + len(EDGES) + len(VALUES) + 3}"
    blocks(NODES, EDGES, [*VALUES, "5 0"], GRID)  # a 0 says nothing, and is let through
    read_gpo(blocks(NODES, EDGES, [*VALUES, "5 0"], GRID), circuit_id="stadium")


def test_a_distance_that_does_not_rise_along_an_edge_names_the_edge():
    """Lane a of T1 goes 0, 0.5, 1…: its second square given 0.5 → 1.5 makes the third (1) lower."""
    second = int(VALUES[1].split()[0])
    edge = f"{second} {second + 1}"
    error = failing(replaced(VALUES[1], f"{second} 1.5"))
    assert error.code is ReadCode.GPO_DISTANCE_NOT_RISING and error.where == f"line {line_of(edge)}"
    assert error.params == {"source": second, "target": second + 1, "before": 1.5, "after": 1}


def test_an_untyped_square_with_edges_must_be_given_a_type():
    old = node_line(10)
    error = failing(replaced(old, " ".join(old.split()[:3] + ["0"])))
    assert error.code is ReadCode.GPO_UNTYPED_SQUARE and error.where == f"line {line_of(old)}"


def test_the_finish_line_must_be_on_a_straight():
    old = node_line(CORNER)
    error = failing(replaced(old, old + " F"))
    assert error.code is ReadCode.GPO_FINISH_IN_CORNER and error.where == f"line {line_of(old)}"
    flagless = [" ".join(line.split()[:3] + ["1"]) if line.endswith(" F") else line for line in NODES]
    assert failing(blocks(flagless, EDGES, VALUES, GRID)).code is ReadCode.GPO_NO_FINISH


def test_the_pit_lane_needs_one_way_in_and_one_chain():
    entry = next(e for e in EDGES if int(e.split()[1]) == PIT[0])
    error = failing(blocks(NODES, [*EDGES, f"2 {PIT[0]}"], VALUES, GRID))
    assert error.code is ReadCode.GPO_PIT_WAYS and error.params == {"ins": 2, "outs": 1}
    assert error.where == f"line {line_of(node_line(PIT[0]))}"
    error = failing(blocks(NODES, [*EDGES, f"{PIT[2]} {PIT[5]}"], VALUES, GRID))
    assert error.code is ReadCode.GPO_PIT_CHAIN and error.params == {"node": PIT[2]}
    assert entry in EDGES


def test_a_square_the_line_never_reaches_is_named():
    error = failing(blocks([*NODES, "900 40 500 1"], [*EDGES, "900 1"], VALUES, GRID))
    assert error.code is ReadCode.GPO_UNREACHABLE and error.where == f"line {len(NODES) + 1}"


def test_an_edge_across_a_straight_row_is_refused():
    """Squares 4, 5 and 6 are the second row of the top straight (lanes a, b, c)."""
    error = failing(blocks(NODES, [*EDGES, "4 5"], VALUES, GRID))
    assert error.code is ReadCode.GPO_EDGE_IN_ROW and error.where == f"line {len(NODES) + len(EDGES) + 2}"


def test_a_fourth_lane_is_refused():
    x = NODES[5].split()[1]  # row 2 of the top straight, lanes at y 70, 100, 130
    error = failing(blocks([*NODES, f"901 {x} 160 1"], [*EDGES, "901 10"], VALUES, GRID))
    assert error.code is ReadCode.GPO_TOO_MANY_LANES and error.params["count"] == 3


def test_text_after_the_grid_is_refused():
    error = failing(TEXT + "\n1 2\n")
    assert error.code is ReadCode.GPO_AFTER_GRID and error.where == f"line {len(LINES) + 2}"


def test_the_circuit_id_must_be_a_slug():
    with pytest.raises(CircuitError) as caught:
        read_gpo(TEXT, circuit_id="Le Stade")
    assert caught.value.code is ReadCode.NOT_A_SLUG and caught.value.where == "id"
