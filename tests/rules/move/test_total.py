"""Step 3 of a move (rules/move/total.py): its total and the T1 check of its stop."""

from __future__ import annotations

from rules.journal import Journal
from rules.messages import Code
from rules.move.total import size, total_text
from tests.rules.conftest import move, placed, rules_of


def _size(game, state, mv, roll):
    out = Journal()
    return size(game, state, state.car("7"), mv, None, roll, out), out


def test_the_total_is_the_die_plus_bonus_less_brakes(ovale):
    game, state = placed(ovale, {"7": "S1-b2"})
    sized, out = _size(game, state, move("7", 3, 5, "S1-b3", brake=1), 5)
    in_corner, effect, forced, total = sized
    assert (in_corner, forced, total) == (False, 0, 4) and not out
    assert effect.multiplier == 1


def test_a_stop_that_is_no_square_is_fatal(ovale):
    game, state = placed(ovale, {"7": "S1-b2"})
    sized, out = _size(game, state, move("7", 3, 5, to="nowhere"), 5)
    assert sized is None and rules_of(out) == ["T1"] and out[0].fatal


def test_too_many_bonus_squares_or_brake_points_are_refused(ovale):
    game, state = placed(ovale, {"7": "S1-b2"}, wear={"7": {"brakes": 1}})
    sized, out = _size(game, state, move("7", 3, 5, "S1-b3", bonus=3, brake=2), 5)
    assert rules_of(out) == ["W2", "C4"] and sized[-1] == 5 + 3 - 2


def test_the_terms_of_a_total_read_in_a_row():
    def codes(*terms):
        return [code for code, _ in total_text(*terms)]

    assert codes(5, 1, 0, 2) == [Code.C7_TERM_ROLL, Code.C7_TERM_SLIDE, Code.C7_TERM_BRAKE]
    assert codes(5, -1, 1, 0) == [Code.C7_TERM_ROLL, Code.C7_TERM_TYRES, Code.C7_TERM_BONUS]
    assert codes(5, 0, 0, 0) == [Code.C7_TERM_ROLL]
