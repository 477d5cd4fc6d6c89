"""A16 — Super Top.

« Le Super Top permet d'effectuer, à son tour de jeu, le coup que l'on souhaite. […] le joueur
choisit normalement sa vitesse puis annonce qu'il utilise son Super Top (sans lancer le dé). Il
avance sa voiture du nombre de cases qu'il souhaite, dans la limite de ce que lui permet sa
vitesse. Dans le cas d'un 20 en 5ème ou 30 en 6ème, l'ensemble des voitures en 5ème, 6ème et
7ème devront effectuer un test moteur. […] Chaque joueur dispose d'un seul et unique Super Top
par course. Le Super Top peut se combiner avec tous les autres coups […] »

Unit under test: `rules.options.a16_super_top.prepare` (`option: {"supertop": true}`, `roll` =
the number chosen), played through `rules.replay_move.apply`.
"""

from __future__ import annotations

from rules.replay_move import apply
from rules.state import CarStatus
from rules.verdict import Violation
from tests.rules.conftest import move, placed, row, rules_of

A16 = ("A7", "A16")
ON = {"supertop": True}


def test_a_super_top_moves_the_number_chosen_and_is_used_up(ovale):
    game, state = placed(ovale, {"7": "S1-b1"}, gears={"7": 2}, options=A16)
    state, events = apply(
        game, state, move("7", 3, 8, *[f"S1-b{i}" for i in range(2, 9)], "T1-b1", option=ON)
    )
    assert rules_of(events) == []
    assert state.car("7").square == "T1-b1" and state.car("7").ext.supertop


def test_a_second_super_top_in_a_race_breaks_a16(long_oval):
    game, state = placed(long_oval, {"7": "S2-b1"}, gears={"7": 2}, options=A16)
    state, events = apply(game, state, move("7", 3, 8, *row(2, 9), option=ON))
    assert rules_of(events) == []
    _, events = apply(game, state, move("7", 3, 8, *row(10, 17), option=ON))
    assert rules_of(events) == ["A16"]


def test_a_super_top_beyond_the_gears_range_breaks_a16(long_oval):
    # « dans la limite de ce que lui permet sa vitesse »: 5 in 2nd (2–4).
    game, state = placed(long_oval, {"7": "S2-b1"}, gears={"7": 2}, options=A16)
    _, events = apply(game, state, move("7", 2, 5, *row(2, 6), option=ON))
    assert rules_of(events) == ["A16"]


def test_a_super_top_without_a16_breaks_a16(long_oval):
    game, state = placed(long_oval, {"7": "S2-b1"}, gears={"7": 2})
    _, events = apply(game, state, move("7", 2, 4, *row(2, 5), option=ON))
    assert rules_of(events) == ["A16"]


def test_a_20_chosen_in_fifth_calls_for_the_engine_tests_as_if_rolled(long_oval):
    # Every car in 5th–7th tests (car 3 in 6th; car 5 in 4th does not), and under variable
    # weather the weather roll follows (W1).
    where = {"7": "S2-b1", "3": "S2-a40", "5": "S2-c45"}
    game, state = placed(long_oval, where, gears={"7": 4, "3": 6, "5": 4}, options=A16, weather=6)
    _, events = apply(game, state, move("7", 5, 20, *row(2, 21), option=ON))
    assert sorted((v.car, v.rule) for v in events if isinstance(v, Violation)) == [
        ("3", "D4"),
        ("7", "D4"),
        ("7", "W1"),
    ]
    tests = [("engine", 10), ("engine", "3", 2), ("weather", 12)]
    state, events = apply(game, state, move("7", 5, 20, *row(2, 21), option=ON, tests=tests))
    assert rules_of(events) == []
    assert state.car("3").wear.engine == 2


def test_a_super_top_combines_with_a_top(long_oval):
    # « peut se combiner avec tous les autres coups »: 4 chosen in 2nd, +1 Top: 5 squares.
    game, state = placed(long_oval, {"7": "S2-b1"}, gears={"7": 2}, options=(*A16, "A19"))
    state, events = apply(game, state, move("7", 2, 4, *row(2, 6), option={"supertop": True, "top": 1}))
    assert rules_of(events) == []
    assert state.car("7").square == "S2-b6"


def test_a16_forty_nine_or_fifty_chosen_in_seventh_make_every_car_in_fifth_to_seventh_test(long_oval):
    # « Idem pour un 20 et/ou 30 en 7ème »: only a 20 or a 30 on a die reaches 49 or 50.
    where = {"7": "S2-b1", "3": "S2-a55", "5": "S2-c58"}
    game, state = placed(long_oval, where, gears={"7": 6, "3": 5, "5": 4}, options=("A7", "A13", "A16"))
    _, events = apply(game, state, move("7", 7, 49, *row(2, 50), option=ON))
    assert sorted((v.car, v.rule) for v in events if isinstance(v, Violation)) == [("3", "D4"), ("7", "D4")]
    tests = [("engine", 10), ("engine", "3", 15)]
    _, events = apply(game, state, move("7", 7, 49, *row(2, 50), option=ON, tests=tests))
    assert rules_of(events) == []


# « Le Super Top peut aussi éviter une élimination sur perte de point de moteur, tenue de route ou
# carrosserie (… comme si on ajoutait un point de structure … on ne pose pas de débris) ».
def _knock(ovale, used=False):
    game, state = placed(
        ovale, {"3": "S1-a5", "7": "S1-b2"}, wear={"3": {"body": 1, "handling": 6}}, options=A16
    )
    if used:
        c = state.car("3")
        state = state.with_car(c.with_(ext=c.ext.with_(supertop=True)))
    tests = [("collision", "3", 1)] if used else [("collision", "3", 1), ("collision", 15)]
    return game, apply(game, state, move("7", 2, 3, "S1-b3", "S1-b4", "S1-b5", tests=tests))


def test_a16_the_super_top_saves_a_car_from_elimination_without_a_sticker(ovale):
    game, (state, events) = _knock(ovale)
    assert rules_of(events) == []  # still in the race: the mover rolls against it as well
    saved = state.car("3")
    assert saved.racing and saved.wear.body == 1 and saved.ext.supertop
    assert state.dangerous == frozenset()
    # and it has no Super Top left to move with
    _, events = apply(
        game, state, move("3", 3, 5, *[f"S1-a{i}" for i in range(6, 9)], "T1-a1", "T1-a2", option=ON)
    )
    assert "A16" in rules_of(events)


def test_a16_a_super_top_already_used_saves_nothing(ovale):
    _, (state, events) = _knock(ovale, used=True)
    assert rules_of(events) == []
    assert state.car("3").status is CarStatus.OUT and "S1-a5" in state.dangerous
