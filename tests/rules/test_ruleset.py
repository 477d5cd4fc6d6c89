"""A season's rule set (options, points, blocking table)."""

from __future__ import annotations

import pytest

from rules.ruleset import OPTIONS, RuleSet, Support, UnknownOptionError


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
    assert {o for o, u in OPTIONS.items() if u.support is Support.CORE} == {"A14"}
