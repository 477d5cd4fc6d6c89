"""A season's rule set (options, points, blocking table)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.ruleset import OPTIONS, RuleSet, UnknownOptionError


def test_it_builds_a_rule_set_from_options():
    rules = RuleSet.from_options(["A7", "A8"], points=(25, 18, 15), laps=3)
    assert rules.experience and rules.has("A8") and rules.laps == 3
    assert rules.points_for(2) == 18 and rules.points_for(4) == 0


def test_it_rejects_an_unknown_option():
    with pytest.raises(UnknownOptionError):
        RuleSet.from_options(["A42"])


def test_the_blocking_table_eliminates_from_seven_squares():
    rules = RuleSet.from_options([])
    assert rules.blocking_cost(1) == (1, 0) and rules.blocking_cost(6) == (3, 3)
    assert rules.blocking_cost(7) is None


def test_every_option_has_a_unit_the_engine_plays():
    assert sorted(OPTIONS, key=lambda o: int(o[1:])) == [f"A{i}" for i in range(1, 20)]
    root = Path(__file__).resolve().parents[2]
    assert all((root / u.unit).is_file() for u in OPTIONS.values())
    tests = {p.name.split("_")[1] for p in (root / "tests" / "rules" / "options").glob("test_a*.py")}
    assert tests == {f"a{i:02d}" for i in range(1, 20)}  # one test file per option
