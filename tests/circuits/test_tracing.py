"""A traced board becomes the board it was traced from: squares, lanes, levels, arrows, corners."""

from __future__ import annotations

import math

import pytest

from circuits.tracing import TraceError, trace_document
from tests.circuits import known_board as kb
from tests.circuits.board_compare import assert_same_board


def test_the_trace_of_the_known_board_is_the_known_board() -> None:
    document = trace_document(kb.trace(), circuit_id="essai", name="Essai")

    assert_same_board(document)


def test_a_straight_s_squares_are_spread_between_its_four_corners() -> None:
    trace = {"pieces": [{"kind": "straight", "corners": [[0, 0], [90, 0], [90, 100], [0, 100]], "rows": 2}]}

    squares = {s["id"]: s for s in trace_document(trace, circuit_id="x", name="x")["squares"]}

    assert (squares["S1-a1"]["x"], squares["S1-a1"]["y"]) == (15, 25)
    assert (squares["S1-c2"]["x"], squares["S1-c2"]["y"]) == (75, 75)
    assert squares["S1-b1"]["angle"] == 180  # heading down the picture
    assert [squares[f"S1-b{r}"]["level"] for r in (1, 2)] == [1, 2]


def test_a_two_lane_straight_has_two_lanes_and_no_diagonal_outside_them() -> None:
    trace = {
        "pieces": [
            {"kind": "straight", "corners": [[0, 0], [60, 0], [60, 90], [0, 90]], "rows": 3, "lanes": "bc"}
        ]
    }

    document = trace_document(trace, circuit_id="x", name="x")

    assert {s["lane"] for s in document["squares"]} == {"b", "c"}
    assert ["S1-b1", "S1-b2"] in document["edges"] and ["S1-b1", "S1-c2"] in document["edges"]
    assert not any(edge[1].startswith("S1-a") for edge in document["edges"])


def test_a_corner_lane_spreads_its_squares_along_its_points() -> None:
    trace = {
        "pieces": [
            {"kind": "lane", "group": "G1", "lane": "b", "points": [[0, 0], [100, 0], [100, 100]], "count": 4}
        ]
    }

    squares = trace_document(trace, circuit_id="x", name="x")["squares"]

    assert [(s["x"], s["y"]) for s in squares] == [(25, 0), (75, 0), (100, 25), (100, 75)]
    assert [s["level"] for s in squares] == [1, 2, 3, 4]


def test_arrows_are_added_and_removed_by_hand() -> None:
    trace = kb.trace() | {"edges_remove": [["S2-b3", "S2-c4"]], "edges_add": [["S2-a3", "S2-c4"]]}

    edges = trace_document(trace, circuit_id="essai", name="Essai")["edges"]

    assert ["S2-b3", "S2-c4"] not in edges
    assert ["S2-a3", "S2-c4"] in edges


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (
            {"pieces": [{"kind": "straight", "corners": [[0, 0], [1, 0], [1, 1]], "rows": 3}]},
            "pieces[0].corners",
        ),
        (
            {"pieces": [{"kind": "straight", "corners": [[0, 0], [1, 0], [1, 1], [0, 1]], "rows": 0}]},
            "pieces[0].rows",
        ),
        (
            {"pieces": [{"kind": "lane", "lane": "d", "points": [[0, 0], [1, 1]], "count": 2}]},
            "pieces[0].lane",
        ),
        ({"pieces": [{"kind": "tunnel"}]}, "pieces[0].kind"),
        ({"corners": [{"name": "x", "stops": 4, "lasso": [[0, 0], [1, 0], [1, 1]]}]}, "corners[0].stops"),
        ({"weather": {"rain": 9, "variable": 5}}, "weather.variable"),
        ({"grid": "S1-a1"}, "grid"),
    ],
)
def test_a_trace_it_cannot_read_names_the_part_at_fault(change: dict, where: str) -> None:
    with pytest.raises(TraceError) as caught:
        trace_document(change, circuit_id="x", name="x")

    assert caught.value.where == where


def test_the_known_board_positions_are_on_the_picture() -> None:
    squares = kb.expected()["squares"].values()

    assert all(0 < s["at"][0] < kb.WIDTH and 0 < s["at"][1] < kb.HEIGHT for s in squares)
    assert min(math.dist(a["at"], b["at"]) for a in squares for b in squares if a is not b) > 12
