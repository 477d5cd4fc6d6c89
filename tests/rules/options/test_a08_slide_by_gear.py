"""A8 — slide by gear, « Glissade des pneus non pluie sous la pluie » (rules/weather.py:
`slide_for_gear`, `move_terms`, read by rules/replay_move.py through `Game.slide_by_gear`).

« 1 case en 1ère vitesse, 2 cases en 2ème vitesse, 3 cases au-delà (règle standard). »

rules.md W2: hard and soft tyres slide 3 in a corner in the rain (rain tyres 1), mandatory;
« Option A8: non-rain tyres slide only 1 in 1st gear and 2 in 2nd ». The decisions (W2): the
slide applies to a move that starts in, enters or crosses a corner. A8 has no action of its own
in a log: off, the standard slide is due.
"""

from __future__ import annotations

from rules.replay_move import apply
from rules.weather import Tyres, move_terms, slide_for_gear, tyre_effect
from tests.rules.conftest import move, placed, rules_of

A8 = ("A7", "A8")
RAIN = 2  # the oval's scale: 1-4 rain
INTO_T1 = ("S1-b8", "T1-b1", "T1-b2", "T1-b3", "T1-b4")  # from S1-b7


def _game(ovale, options=A8, square="S1-b7", gear=1, tyres="hard", weather=RAIN, **kw):
    return placed(
        ovale, {"7": square}, gears={"7": gear}, options=options, weather=weather, tyres={"7": tyres}, **kw
    )


def test_the_unit_gives_non_rain_tyres_a_slide_of_1_in_1st_2_in_2nd_3_above():
    for tyres in (Tyres.HARD, Tyres.SOFT):
        rain = tyre_effect(tyres, True, 1)
        assert [slide_for_gear(rain, tyres, gear, a8=True) for gear in (1, 2, 3, 4, 6)] == [1, 2, 3, 3, 3]
        assert [slide_for_gear(rain, tyres, gear, a8=False) for gear in (1, 2, 3)] == [3, 3, 3]
    wet = tyre_effect(Tyres.RAIN, True, 1)
    assert [slide_for_gear(wet, Tyres.RAIN, gear, a8=True) for gear in (1, 2, 3)] == [1, 1, 1]


def test_a_1st_gear_move_into_a_corner_in_the_rain_slides_1_square(ovale):
    game, state = _game(ovale)
    state, events = apply(game, state, move("7", 1, 1, *INTO_T1[:2]))
    assert rules_of(events) == []
    assert state.car("7").square == "T1-b1"


def test_a_2nd_gear_move_into_a_corner_in_the_rain_slides_2_squares(ovale):
    game, state = _game(ovale, gear=2)
    state, events = apply(game, state, move("7", 2, 2, *INTO_T1[:4]))
    assert rules_of(events) == []
    assert state.car("7").square == "T1-b3"


def test_from_3rd_gear_the_standard_slide_of_3_stays(ovale):
    game, state = _game(ovale, square="S1-c6", gear=2)
    into_t1_c = ("S1-c7", "S1-c8", "T1-c1", "T1-c2", "T1-c3", "T1-c4", "T1-c5")  # 4 + 3
    state, events = apply(game, state, move("7", 3, 4, *into_t1_c))
    assert rules_of(events) == []
    assert state.car("7").square == "T1-c5"


def test_soft_tyres_are_non_rain_tyres_too(ovale):
    game, state = _game(ovale, tyres="soft")
    state, events = apply(game, state, move("7", 1, 1, *INTO_T1[:2]))
    assert rules_of(events) == []
    assert state.car("7").square == "T1-b1"


def test_decision_a_move_that_starts_in_a_corner_gets_the_reduced_slide_too(ovale):
    game, state = _game(ovale, square="T1-b1", corner={"7": ("T1", 1)})
    state, events = apply(game, state, move("7", 1, 1, "T1-b2", "T1-b3"))
    assert rules_of(events) == []
    assert state.car("7").square == "T1-b3"


def test_without_a8_a_1st_gear_move_slides_the_full_3_squares(ovale):
    game, state = _game(ovale, options=("A7",))
    after, events = apply(game, state, move("7", 1, 1, *INTO_T1[:4]))
    assert rules_of(events) == []
    assert after.car("7").square == "T1-b3"
    _, events = apply(game, state, move("7", 1, 1, *INTO_T1[:2]))
    assert rules_of(events) == ["C7"]


def test_a8_changes_nothing_in_a_straight_or_in_the_dry():
    # (effect, mandatory squares, bonus max): no slide in a straight, none in the sun
    assert move_terms(Tyres.HARD, True, 1, 1, True, False)[1:] == (0, 0)
    assert move_terms(Tyres.HARD, False, 1, 1, True, True)[1:] == (0, 0)
    assert move_terms(Tyres.HARD, True, 1, 1, True, True)[1:] == (1, 0)
