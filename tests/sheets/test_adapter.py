"""The stored verdict read back as the engine's objects, the one place the site reads its keys."""

from __future__ import annotations

from rules.ledger import XpChange, XpKind, XpReason
from rules.state import Cause
from rules.verdict import Placing, Standing
from sheets.adapter import experience_changes, grid_slots, placings


def test_the_classification_comes_back_as_the_engines_placings_in_finishing_order():
    verdict = {
        "classification": [
            {"position": 2, "car": "3", "status": "eliminated", "turn": 9, "points": 0, "cause": "corner"},
            {"position": 1, "car": "7", "status": "finished", "turn": 14, "points": 10},
        ]
    }

    assert placings(verdict) == (
        Placing(position=1, car="7", status=Standing.FINISHED, turn=14, points=10),
        Placing(position=2, car="3", status=Standing.ELIMINATED, turn=9, points=0, cause=Cause.CORNER),
    )


def test_a_verdict_with_no_classification_has_no_placing():
    assert placings(None) == () == placings({"valid": False, "violations": []})


def test_the_experience_changes_and_the_grid_come_back_as_data():
    change = XpChange(kind=XpKind.DRIVER, car="7", reason=XpReason.POLE, tenths=5)
    verdict = {
        "experience_changes": [change.to_json()],
        "grid": [{"car": "7", "position": 1}, {"car": 3, "position": 2}],
    }

    assert experience_changes(verdict) == [change]
    assert grid_slots(verdict) == {"7": 1, "3": 2}
