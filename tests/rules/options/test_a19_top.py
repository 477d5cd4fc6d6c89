"""A19 — Top.

« Le TOP permet d'ajouter ou de retrancher 1 case au cours d'un déplacement. En course, chaque
joueur dispose d'un seul et unique TOP par tour de circuit. Ce TOP doit être utilisé avant de
franchir la ligne, sinon il est définitivement perdu. Le Top peut se combiner avec tous les
autres coups (Aspi, Pédale au plancher, +1 du pneu tendre…) »

Unit under test: `rules.options.a19_top.prepare` (`option: {"top": 1}` or `{"top": -1}`),
played through `rules.replay_move.apply`.
"""

from __future__ import annotations

from dataclasses import replace

from rules.replay_move import apply
from tests.rules.conftest import move, placed, rules_of

A19 = ("A7", "A19")


def _game(ovale, options=A19, gear=1):
    return placed(ovale, {"7": "S1-b1"}, gears={"7": gear}, options=options)


def test_a_top_adds_one_square(ovale):
    game, state = _game(ovale)
    state, events = apply(game, state, move("7", 1, 2, "S1-b2", "S1-b3", "S1-b4", option={"top": 1}))
    assert rules_of(events) == []
    assert state.car("7").square == "S1-b4" and state.car("7").ext.top_lap == 1


def test_a_top_takes_one_square_off(ovale):
    game, state = _game(ovale, gear=2)
    state, events = apply(game, state, move("7", 2, 4, "S1-b2", "S1-b3", "S1-b4", option={"top": -1}))
    assert rules_of(events) == []
    assert state.car("7").square == "S1-b4"


def test_a_second_top_in_the_same_lap_breaks_a19(ovale):
    game, state = _game(ovale)
    state, _ = apply(game, state, move("7", 1, 2, "S1-b2", "S1-b3", "S1-b4", option={"top": 1}))
    _, events = apply(game, state, move("7", 2, 3, "S1-b5", "S1-b6", option={"top": -1}))
    assert rules_of(events) == ["A19"]


def test_a_top_is_one_square_no_more(ovale):
    game, state = _game(ovale, gear=2)
    _, events = apply(game, state, move("7", 2, 4, "S1-b2", "S1-b3", "S1-b4", "S1-b5", option={"top": 2}))
    assert rules_of(events) == ["A19"]


def test_a_top_without_a19_breaks_a19(ovale):
    game, state = _game(ovale, options=("A7",))
    _, events = apply(game, state, move("7", 1, 2, "S1-b2", "S1-b3", "S1-b4", option={"top": 1}))
    assert rules_of(events) == ["A19"]


def _near_the_line(ovale):
    game, state = placed(ovale, {"7": "S3-b2"}, gears={"7": 3}, options=A19)
    return replace(game, laps=3), state


CROSS = move("7", 3, 4, "S3-b6", "S1-b1", "S1-b2", "S1-b3")  # from S3-b5 over the line: lap 2


def test_each_lap_gives_a_new_top(ovale):
    game, state = _near_the_line(ovale)
    state, events = apply(game, state, move("7", 3, 4, "S3-b3", "S3-b4", "S3-b5", option={"top": -1}))
    assert rules_of(events) == []
    state, _ = apply(game, state, CROSS)
    state, events = apply(
        game, state, move("7", 3, 4, "S1-b4", "S1-b5", "S1-b6", "S1-b7", "S1-b8", option={"top": 1})
    )
    assert rules_of(events) == []
    assert state.car("7").ext.top_lap == 2


def test_a_top_not_used_before_the_line_is_lost(ovale):
    # No Top in lap 1: lap 2 still has one Top only.
    game, state = _near_the_line(ovale)
    state, _ = apply(game, state, move("7", 3, 4, "S3-b3", "S3-b4", "S3-b5", "S3-b6"))
    state, _ = apply(game, state, move("7", 3, 4, "S1-b1", "S1-b2", "S1-b3", "S1-b4"))
    state, events = apply(game, state, move("7", 3, 4, "S1-b5", "S1-b6", "S1-b7", option={"top": -1}))
    assert rules_of(events) == []
    _, events = apply(game, state, move("7", 3, 4, "S1-b8", "T1-b1", "T1-b2", option={"top": -1}))
    assert rules_of(events) == ["A19"]


def test_a_top_combines_with_pedal_to_the_metal(ovale):
    # « Le Top peut se combiner avec tous les autres coups »: roll 1 + Top 1 + pedal 1 = 3.
    game, state = _game(ovale, options=(*A19, "A10"))
    state, events = apply(
        game,
        state,
        move("7", 1, 1, "S1-b2", "S1-b3", "S1-b4", option={"top": 1, "pedal": True}, tests=[("debris", 12)]),
    )
    assert rules_of(events) == []
    assert state.car("7").square == "S1-b4" and state.car("7").wear.engine == 2
