"""A15 — supercharging (« La sur-alimentation »).

« Elle peut être utilisée seulement en 4ème, en 5ème, en 6ème ou 7ème. Elle est interdite pour
entrer aux stands et pour en sortir. […] Si le résultat du dé est dans les 50% supérieur (>9 en
4ème, >15 en 5ème, >25 en 6ème, >41 en 7ème) […] un déplacement supplémentaire obligatoire de 2
cases en 4ème, 3 cases en 5ème, de 4 cases en 6ème, 5 cases en 7ème. Quel que soit la réussite
[…], le joueur doit faire un test moteur apportant la perte d'un point moteur pour un résultat
de 1 à 4 quel que soit la météo. Si le joueur qui "sur-alimente" a fait 20 en 5ème ou 30 en 6ème,
il n'effectue qu'un seul test moteur dommageable de 1 à 6 quel que soit la météo. »

Unit under test: `rules.options.a15_supercharging.prepare` (`option: {"supercharge": true}`),
played through `rules.replay_move.apply` on an oval with a long straight.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.replay_move import apply
from tests.rules.conftest import move, placed, row, rules_of

A15 = ("A7", "A15")
ON = {"supercharge": True}


@pytest.mark.parametrize(
    ("gear", "roll", "squares"),
    [
        (4, 10, 12),  # >9: +2
        (4, 9, 9),  # the lower half: nothing added
        (5, 16, 19),  # >15: +3
        (5, 15, 15),
        (6, 26, 30),  # >25: +4
        (6, 25, 25),
        (7, (15, 27), 47),  # 42 > 41: +5
    ],
)
def test_a_roll_in_the_top_half_adds_the_gears_mandatory_squares(long_oval, gear, roll, squares):
    game, state = placed(long_oval, {"7": "S2-b1"}, gears={"7": min(gear, 6)}, options=(*A15, "A13"))
    state, events = apply(
        game, state, move("7", gear, roll, *row(2, squares + 1), option=ON, tests=[("engine", 5)])
    )
    assert rules_of(events) == []
    assert state.car("7").square == f"S2-b{squares + 1}"


def test_the_added_squares_are_mandatory(long_oval):
    # Roll 10 in 4th: 12 squares, not 10 (the track is free: C7).
    game, state = placed(long_oval, {"7": "S2-b1"}, gears={"7": 4}, options=A15)
    _, events = apply(game, state, move("7", 4, 10, *row(2, 11), option=ON, tests=[("engine", 5)]))
    assert rules_of(events) == ["C7"]


def test_supercharging_always_calls_for_an_engine_test_lost_on_1_to_4_even_in_the_rain(long_oval):
    game, state = placed(long_oval, {"7": "S2-b1"}, gears={"7": 4}, options=A15, weather=2)
    _, events = apply(game, state, move("7", 4, 9, *row(2, 10), option=ON))
    assert rules_of(events) == ["D4"]  # failed, and still an engine test is due
    state, events = apply(game, state, move("7", 4, 9, *row(2, 10), option=ON, tests=[("engine", 4)]))
    assert rules_of(events) == []
    assert state.car("7").wear.engine == 2  # 4 loses in the rain (the usual rain limit is 3)


def test_a15_a_20_in_fifth_makes_the_movers_one_test_lose_on_1_to_6(long_oval):
    # Decision A15: « the supercharging test replaces the push test of the mover (1–4, or 1–6
    # with a push) »; car 3 in 6th tests as usual (1–4 dry).
    where = {"7": "S2-b1", "3": "S2-a40"}
    game, state = placed(long_oval, where, gears={"7": 5, "3": 6}, options=A15)
    path = row(2, 24)  # 20 + 3
    state, events = apply(
        game, state, move("7", 5, 20, *path, option=ON, tests=[("engine", 6), ("engine", "3", 5)])
    )
    assert rules_of(events) == []
    assert (state.car("7").wear.engine, state.car("3").wear.engine) == (2, 3)


def test_a15_after_a_20_in_fifth_the_mover_tests_only_once(long_oval):
    where = {"7": "S2-b1", "3": "S2-a40"}
    game, state = placed(long_oval, where, gears={"7": 5, "3": 6}, options=A15)
    tests = [("engine", 7), ("engine", 7), ("engine", "3", 5)]
    _, events = apply(game, state, move("7", 5, 20, *row(2, 24), option=ON, tests=tests))
    assert rules_of(events) == ["D4"]


def test_supercharging_below_4th_breaks_a15(long_oval):
    game, state = placed(long_oval, {"7": "S2-b1"}, gears={"7": 3}, options=A15)
    _, events = apply(game, state, move("7", 3, 8, *row(2, 9), option=ON))
    assert rules_of(events) == ["A15"]


def test_supercharging_into_the_pits_breaks_a15(ovale):
    game, state = placed(ovale, {"7": "S3-b1"}, gears={"7": 4}, options=A15)
    game.entries["7"] = replace(game.entries["7"], stand="PIT-3")
    to_stand = ("S3-c2", "PIT-1", "PIT-2", "PIT-3")
    _, events = apply(
        game,
        state,
        move("7", 4, 9, *to_stand, pit={"stop": "tyres"}, option=ON, tests=[("pit", 15), ("engine", 10)]),
    )
    assert rules_of(events) == ["A15"]


def test_supercharging_without_a15_breaks_a15(long_oval):
    game, state = placed(long_oval, {"7": "S2-b1"}, gears={"7": 4})
    _, events = apply(game, state, move("7", 4, 10, *row(2, 13), option=ON, tests=[("engine", 5)]))
    assert rules_of(events) == ["A15"]


def test_supercharging_out_of_the_pits_breaks_a15(ovale):
    # The car left in its stand PIT-3 (a missed stop) leaves in 4th, 9 squares, supercharging.
    game, state = placed(ovale, {"7": "PIT-3"}, gears={"7": 3}, options=A15)
    game.entries["7"] = replace(game.entries["7"], stand="PIT-3")
    parked = state.car("7")
    state = state.with_car(parked.with_(crossings=0, ext=parked.ext.with_(in_stand=True)))
    out = ("PIT-4", "PIT-5", "PIT-6", "S1-c3", "S1-c4", "S1-c5", "S1-c6", "S1-c7", "S1-c8")
    _, events = apply(game, state, move("7", 4, 9, *out))
    assert rules_of(events) == []
    _, events = apply(game, state, move("7", 4, 9, *out, option=ON, tests=[("engine", 10)]))
    assert rules_of(events) == ["A15"]
