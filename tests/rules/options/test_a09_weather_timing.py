"""A9 — alternative weather timing, « Météo Alternative » (rules/options/a09_weather_timing.py).

« L'alternative consiste, lorsqu'un 20 ou un 30 sort, à attendre que la dernière voiture se soit
déplacée pendant le tour où le 20 ou le 30 est sorti avant de tester la météo qui s'appliquera dès
le tour suivant […]. En procédant de cette façon la même météo s'applique au même moment à toutes
les voitures du circuit. »

Decisions « A9 »: the weather roll is logged on the move that caused it (the first of the turn);
it applies at the end of the turn; later pushes in the same turn call for no other weather roll.
A9 has no action of its own in a log: off, the roll applies at once (W1).
"""

from __future__ import annotations

from dataclasses import replace

from rules.messages import Code
from rules.options import a09_weather_timing
from rules.replay import play_turn
from rules.verdict import Event
from rules.weather import WeatherKind
from tests.rules.conftest import move, placed, rules_of

A9 = ("A7", "A9")
VARIABLE = 6  # the oval's scale: 5-8 variable (the race starts dry); a roll of 2 is rain
# car 1 on T1-b1 (T1's stop made), a 20 in 5th braked 3: 17 squares to T2-b4
PUSH_1 = ("T1-b2", "T1-b3", "T1-b4", *(f"S2-b{i}" for i in range(1, 11)), "T2-b1", "T2-b2", "T2-b3", "T2-b4")
RAIN_ROLL = [("engine", 15), ("weather", 2)]
# car 7 on S1-b5 in 3rd, roll 4 into T1: 4 squares dry, 4 + a slide of 3 in the rain
DRY_4 = ("S1-b6", "S1-b7", "S1-b8", "T1-b1")
WET_7 = (*DRY_4, "T1-b2", "T1-b3", "T1-b4")
# car 3 on S3-c2 on its way to lap 1, a 20 in 5th braked 3: over the line, 17 squares to T1-c5
PUSH_3 = (
    *(f"S3-c{i}" for i in range(3, 7)),
    *(f"S1-c{i}" for i in range(1, 9)),
    *(f"T1-c{i}" for i in range(1, 6)),
)


def _game(ovale, options, where, weather=VARIABLE):
    game, state = placed(
        ovale,
        where,
        gears={"1": 4, "7": 3, "3": 4},
        options=options,
        weather=weather,
        corner={"1": ("T1", 1)},
    )
    if "3" in where:
        state = state.with_car(state.car("3").with_(crossings=0))
    return replace(game, laps=3), replace(state, turn=0)


def _turn(game, state, *moves):
    state, out, stopped = play_turn(game, state, moves, 1)
    assert not stopped
    return state, out


def test_the_weather_roll_of_a_push_applies_once_the_turn_is_over(ovale):
    game, state = _game(ovale, A9, {"1": "T1-b1", "7": "S1-b5"})
    state, out = _turn(
        game, state, move("1", 5, 20, *PUSH_1, brake=3, tests=RAIN_ROLL), move("7", 3, 4, *DRY_4)
    )
    assert rules_of(out) == []  # car 7 still drove on a dry track: no slide
    assert state.weather.current is WeatherKind.RAIN and not state.weather.fixed
    assert [(e.kind, e.car) for e in out if isinstance(e, Event)][-1] == ("weather", "1")
    assert state.due == ()


def test_under_a9_a_car_after_the_push_in_the_same_turn_does_not_slide(ovale):
    game, state = _game(ovale, A9, {"1": "T1-b1", "7": "S1-b5"})
    _, out = _turn(game, state, move("1", 5, 20, *PUSH_1, brake=3, tests=RAIN_ROLL), move("7", 3, 4, *WET_7))
    assert rules_of(out) == ["C7"]


def test_without_a9_the_weather_roll_applies_at_once(ovale):
    game, state = _game(ovale, ("A7",), {"1": "T1-b1", "7": "S1-b5"})
    after, out = _turn(
        game, state, move("1", 5, 20, *PUSH_1, brake=3, tests=RAIN_ROLL), move("7", 3, 4, *WET_7)
    )
    assert rules_of(out) == [] and after.weather.is_rain
    _, out = _turn(game, state, move("1", 5, 20, *PUSH_1, brake=3, tests=RAIN_ROLL), move("7", 3, 4, *DRY_4))
    assert rules_of(out) == ["C7"]


def test_decision_later_pushes_in_the_same_turn_call_for_no_other_weather_roll(ovale):
    game, state = _game(ovale, A9, {"1": "T1-b1", "3": "S3-c2"})
    first = move("1", 5, 20, *PUSH_1, brake=3, tests=RAIN_ROLL)
    engines = [("engine", 15), ("engine", "1", 15)]  # car 3, then car 1 (now in 5th)
    after, out = _turn(game, state, first, move("3", 5, 20, *PUSH_3, brake=3, tests=engines))
    assert rules_of(out) == [] and after.weather.is_rain
    after, out = _turn(
        game, state, first, move("3", 5, 20, *PUSH_3, brake=3, tests=[*engines, ("weather", 12)])
    )
    assert rules_of(out) == ["W1"] and after.weather.is_rain


def test_decision_the_roll_is_logged_on_the_move_that_caused_it(ovale):
    game, state = _game(ovale, A9, {"1": "T1-b1", "7": "S1-b5"})
    after, out = _turn(
        game,
        state,
        move("1", 5, 20, *PUSH_1, brake=3, tests=[("engine", 15)]),
        move("7", 3, 4, *DRY_4, tests=[("weather", 2)]),
    )
    assert rules_of(out) == ["W1", "W1"]  # missing on the push; not called for on car 7's move
    assert after.weather.current is WeatherKind.VARIABLE


def test_the_unit_applies_the_turns_roll_at_the_end_of_the_turn(ovale):
    game, state = _game(ovale, A9, {"1": "T1-b1"})
    state = state.with_(due=(("weather", 2, "1"),))
    after, events = a09_weather_timing.end_turn(game, state)
    assert after.weather.current is WeatherKind.RAIN and after.due == ()
    assert [(e.kind, e.car) for e in events] == [("weather", "1")] and events[0].code is Code.WEATHER_ROLL_A9
