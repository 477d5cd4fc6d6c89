"""`rules.circuits.problems(doc)` names every problem of a board at once, each on its square, and
`load` refuses the board with the first (docs/circuit-format.md, "Validation")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.circuits import CircuitError, Problem, load, problems
from rules.messages.reading import ReadCode
from tests.rules.circuits.boards import small_board

ROOT = Path(__file__).resolve().parents[3]


def index(doc: dict, square: str) -> int:
    return next(i for i, sq in enumerate(doc["squares"]) if sq["id"] == square)


def found(doc: dict) -> list[tuple[ReadCode, str, str | None]]:
    return [(p.code, p.where, p.square) for p in problems(doc)]


def test_a_sound_board_has_none_and_loads():
    assert problems(small_board()) == []
    assert load(small_board()).id == "petit-anneau"


def test_a_problem_is_a_code_a_place_a_square_and_params():
    doc = small_board()
    doc["squares"][index(doc, "C3a")]["level"] = "high"
    [problem] = problems(doc)
    assert problem == Problem(ReadCode.EXPECTED_NUMBER, "squares[52].level", "C3a", {"got": "'high'"})
    assert str(problem) == "squares[52].level: expected a number, got 'high'"


def test_it_lists_every_problem_at_once_in_document_order():
    doc = small_board()
    doc["squares"][index(doc, "A2b")]["lane"] = "d"
    doc["squares"][index(doc, "A4b")]["corner"] = "T9"
    doc["edges"].append(["A1a", "nowhere"])
    doc["corners"][1]["stops"] = 4
    doc["grid"].append("G16b")
    doc["weather"]["sun"] = [9, 19]
    doc["colour"] = "red"
    assert found(doc) == [
        (ReadCode.UNKNOWN_FIELD, "colour", None),
        (ReadCode.WEATHER_COVER, "weather", None),
        (ReadCode.EXPECTED_ONE_OF, "squares[4].lane", "A2b"),
        (ReadCode.CORNER_STOPS, "corners[1].stops", None),
        (ReadCode.UNKNOWN_CORNER, "squares[10].corner", "A4b"),
        (ReadCode.UNKNOWN_SQUARE, f"edges[{len(doc['edges']) - 1}][1]", None),
        (ReadCode.SQUARE_ALREADY_SLOT, "grid[10]", "G16b"),
    ]
    with pytest.raises(CircuitError) as err:
        load(doc)
    assert (err.value.code, err.value.where) == (ReadCode.UNKNOWN_FIELD, "colour")


def _drop_edges_into(doc: dict, square: str) -> None:
    doc["edges"] = [e for e in doc["edges"] if e[1] != square]


def _drop_edges_out_of(doc: dict, square: str) -> None:
    doc["edges"] = [e for e in doc["edges"] if e[0] != square]


@pytest.mark.parametrize(
    ("change", "code", "square"),
    [
        (lambda d: _drop_edges_out_of(d, "C5a"), ReadCode.NO_WAY_FORWARD, "C5a"),
        (lambda d: _drop_edges_into(d, "E2c"), ReadCode.UNREACHABLE, "E2c"),
        (lambda d: d["edges"].append(["B1a", "A12a"]), ReadCode.LEVEL_NOT_RISING, "B1a"),
        (lambda d: d["edges"].append(["E4a", "E5c"]), ReadCode.LANE_SKIP, "E4a"),
        (lambda d: d["edges"].append(["E4a", "E5a"]), ReadCode.EDGE_TWICE, "E4a"),
        (lambda d: d["edges"].append(["G3c", "P1"]), ReadCode.PIT_EDGE, "G3c"),
        (lambda d: d["squares"].append({"id": "A1a", "lane": "a", "level": 1}), ReadCode.SQUARE_TWICE, "A1a"),
        (lambda d: d["squares"][0].update(level=0), ReadCode.LEVEL_POSITIVE, "A1a"),
        (lambda d: d["squares"][0].update(id="A 1"), ReadCode.SQUARE_ID, "A 1"),
        (lambda d: d["squares"][0].update(stand=True), ReadCode.STAND_OFF_PIT, "A1a"),
        (lambda d: d["squares"][0].update(outline=[[0, 0]]), ReadCode.OUTLINE, "A1a"),
        (lambda d: d["squares"][-1].update(level=61), ReadCode.LEVEL_BEYOND_LAP, "P12"),
        (lambda d: d["pit"]["lane"].pop(), ReadCode.PIT_SQUARE_OUTSIDE, "P12"),
        (lambda d: d["pit"].update(lane=["A1b"]), ReadCode.NOT_PIT_SQUARE, "A1b"),
        (lambda d: d["grid"].append("P3"), ReadCode.NOT_TRACK_SQUARE, "P3"),
    ],
    ids=lambda v: v.name if isinstance(v, ReadCode) else None,
)
def test_each_problem_points_at_its_square(change, code, square):
    doc = small_board()
    change(doc)
    assert (code, square) in [(c, s) for c, _, s in found(doc)]


def test_a_square_from_which_the_line_cannot_be_reached():
    doc = small_board()
    doc["squares"].append({"id": "X1", "lane": "c", "level": 30})
    doc["edges"] += [["E1c", "X1"], ["X1", "X1"]]  # a loop onto itself, going nowhere
    assert (ReadCode.NO_WAY_TO_LINE, "X1") in [(c, s) for c, _, s in found(doc)]


def test_a_board_whose_arrows_never_cross_the_line():
    doc = small_board()
    doc["edges"] = [e for e in doc["edges"] if not e[0].startswith("G16")]
    assert (ReadCode.NO_LINE, "edges", None) in found(doc)


@pytest.mark.parametrize("missing", ["id", "weather", "squares", "edges", "corners", "grid"])
def test_a_missing_key_is_named(missing):
    doc = small_board()
    del doc[missing]
    assert (ReadCode.MISSING, missing, None) in found(doc)


def test_a_corner_without_squares_and_a_pit_lane_without_squares():
    doc = small_board()
    doc["corners"].append({"id": "T4", "stops": 1})
    doc["pit"]["lane"] = []
    codes = found(doc)
    assert (ReadCode.CORNER_WITHOUT_SQUARES, "corners[3]", None) in codes
    assert (ReadCode.PIT_LANE_EMPTY, "pit.lane", None) in codes


def test_an_at_1_circuit_has_its_reader_s_first_problem():
    doc = json.loads((ROOT / "fixtures" / "circuits" / "ovale.json").read_text())
    assert problems(doc) == []
    doc["grid"].append("S9-a1")
    assert problems(doc) == [Problem(ReadCode.UNKNOWN_SQUARE, "grid[6]", "S9-a1", {"square": "S9-a1"})]


def test_what_is_not_an_object_is_one_problem():
    assert found([]) == [(ReadCode.EXPECTED_JSON_OBJECT, "circuit", None)]


GARBAGE = [None, True, 0, -3, 2.5, float("inf"), "", "x", [], [1], ["A1a"], {}, {"id": 1}, "A1a", "P3"]


def _mutate(doc, rng):
    """Replace one value somewhere in the document by garbage (or drop a key)."""
    node = doc
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return
        key = rng.choice(keys)
        value = node[key]
        if not isinstance(value, dict | list) or not value or rng.random() < 0.3:
            break
        node = value
    if isinstance(node, dict) and rng.random() < 0.2:
        del node[key]
    else:
        node[key] = rng.choice(GARBAGE)


def test_garbage_anywhere_is_a_problem_never_a_crash():
    import random

    rng = random.Random(23)
    for _ in range(400):
        doc = small_board()
        for _ in range(rng.randint(1, 3)):
            _mutate(doc, rng)
        found = problems(doc)
        assert all(isinstance(p, Problem) and isinstance(p.where, str) for p in found)
        try:
            load(doc)
        except CircuitError:
            assert found
        else:
            assert not found
