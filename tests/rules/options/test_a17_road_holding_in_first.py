"""A17 — road holding in 1st (« Tenue de route »).

« Petite vitesse : Si une voiture passe sur une case dangereuse alors qu'elle se trouve en 1ère
vitesse, alors le jet de probabilité de Tenue de route ne sera pas effectué. »

Unit under test: the D5 handling tests of `rules.replay_move.apply` (`game.on_handling`: no dangerous
square counts for a move in 1st) and `rules.damage.handling_tests`.
"""

from __future__ import annotations

import pytest

from rules.replay_move import apply
from tests.rules.conftest import move, placed, rules_of

A17 = ("A7", "A17")
DANGER = frozenset({"S1-b2"})


def _game(ovale, options=A17, gear=1, weather=14):
    return placed(
        ovale, {"7": "S1-b1"}, gears={"7": gear}, options=options, weather=weather, dangerous=DANGER
    )


def test_a_car_in_first_passes_over_a_dangerous_square_without_a_handling_test(ovale):
    game, state = _game(ovale)
    state, events = apply(game, state, move("7", 1, 2, "S1-b2", "S1-b3"))
    assert rules_of(events) == []
    assert state.car("7").wear.handling == 4


def test_a_car_in_first_stops_on_a_dangerous_square_without_a_handling_test(ovale):
    game, state = _game(ovale, weather=2)  # rain changes nothing
    state, events = apply(game, state, move("7", 1, 1, "S1-b2"))
    assert rules_of(events) == []
    assert state.car("7").wear.handling == 4


def test_a_handling_roll_in_first_is_not_called_for(ovale):
    game, state = _game(ovale)
    state, events = apply(
        game, state, move("7", 1, 2, "S1-b2", "S1-b3", tests=[("handling", "7", "S1-b2", 3)])
    )
    assert rules_of(events) == ["D5"]
    assert state.car("7").wear.handling == 4


@pytest.mark.parametrize(
    ("gear", "options"),
    [
        pytest.param(2, A17, id="in-second"),
        pytest.param(1, ("A7",), id="in-first-without-a17"),
    ],
)
def test_the_dangerous_square_calls_for_a_handling_test(ovale, gear, options):
    game, state = _game(ovale, gear=gear, options=options)
    _, events = apply(game, state, move("7", gear, 2, "S1-b2", "S1-b3"))
    assert rules_of(events) == ["D5"]
    state, events = apply(
        game, state, move("7", gear, 2, "S1-b2", "S1-b3", tests=[("handling", "7", "S1-b2", 4)])
    )
    assert rules_of(events) == [] and state.car("7").wear.handling == 3


def test_it_is_the_gear_of_the_move_that_counts(ovale):
    # From 3rd down to 1st (2nd skipped: 1 gearbox point, G3): the move is in 1st, no test.
    game, state = _game(ovale, gear=3)
    state, events = apply(game, state, move("7", 1, 2, "S1-b2", "S1-b3"))
    assert rules_of(events) == []
    assert (state.car("7").wear.handling, state.car("7").wear.gearbox) == (4, 2)
