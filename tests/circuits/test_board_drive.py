"""The test drive alone: the bot's races on a board, each replayed; a board that cannot race fails."""

from __future__ import annotations

import copy

from circuits.drives import CARS, board_drive
from circuits.tracing import trace_document
from tests.circuits import known_board as kb


def test_the_known_board_passes_its_drive_in_both_formats() -> None:
    for document in (kb.V1, trace_document(kb.trace(), circuit_id="essai", name="Essai")):
        report = board_drive(document)

        assert report.passed, report.reason
        assert [race["seed"] for race in report.races] == [1, 2, 3]
        assert all(race["valid"] and race["finished"] >= 1 for race in report.races)


def test_a_board_without_a_pit_lane_fails_its_drive() -> None:
    document = copy.deepcopy(kb.V1)
    del document["pit"]

    report = board_drive(document)

    assert (report.passed, report.code) == (False, "pit")


def test_a_grid_too_short_for_ten_cars_fails_its_drive() -> None:
    document = copy.deepcopy(kb.V1) | {"grid": kb.V1["grid"][: CARS - 1]}

    report = board_drive(document)

    assert (report.passed, report.code) == (False, "grid")
    assert "9 squares" in report.reason


def test_a_board_the_engine_cannot_load_fails_its_drive() -> None:
    report = board_drive({"format": "formule-de/circuit@2", "id": "x"})

    assert (report.passed, report.code) == (False, "load")
