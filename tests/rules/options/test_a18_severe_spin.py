"""A18 — severe spin (« Tête à Queue grave »).

« Lors d'un tête-à-queue, on jette le D20 noir, si le (1) sort, la voiture cale et passe un
tour ! Si le (20) sort, le pilote récupère le coup la voiture reste dans le sens de la piste en
3ième. »

Unit under test: `rules.options.a18_severe_spin` (`roll`: the `spin` d20 after a C6 spin;
`wait`: the turn a stalled car sits out, `{"car": …, "wait": "stalled"}`).
"""

from __future__ import annotations

from rules.formats import Move
from rules.replay_move import apply
from rules.verdict import Event
from tests.rules.conftest import move, placed, rules_of

A18 = ("A7", "A18")
# From S1-b8 through T1 (1 stop) without stopping, 1 square past it: with 1 tyre point left,
# the last one goes (hard, dry: x1): a spin (C6).
SPIN_PATH = ("T1-b1", "T1-b2", "T1-b3", "T1-b4", "S2-b1")
ON_1ST = move("7", 1, 2, "S2-b2", "S2-b3")
ON_2ND = move("7", 2, 3, "S2-b2", "S2-b3", "S2-b4")
STALLED = Move("7", "test", wait="stalled")


def _game(ovale, options=A18, dangerous=()):
    wear = {"7": {"tyres": 1, "handling": 7}}
    return placed(ovale, {"7": "S1-b8"}, wear=wear, options=options, dangerous=frozenset(dangerous))


def _spin(ovale, roll, options=A18):
    game, state = _game(ovale, options)
    state, events = apply(game, state, move("7", 3, 5, *SPIN_PATH, tests=[("spin", roll)]))
    return game, state, events


def test_a_spin_roll_from_2_to_19_is_a_normal_spin(ovale):
    game, state, events = _spin(ovale, 5)
    assert rules_of(events) == []
    assert state.car("7").spun and state.car("7").wear.tyres == 0
    assert rules_of(apply(game, state, ON_1ST)[1]) == []
    assert rules_of(apply(game, state, ON_2ND)[1]) == ["G4"]


def test_a_1_stalls_the_car_which_sits_out_its_next_turn(ovale):
    game, state, events = _spin(ovale, 1)
    assert rules_of(events) == []
    assert [e.kind for e in events if isinstance(e, Event)][-1] == "stalled"
    assert rules_of(apply(game, state, ON_1ST)[1]) == ["A18"]  # moves instead of sitting out
    state, events = apply(game, state, STALLED)
    assert rules_of(events) == [] and not state.car("7").ext.stalled
    # the spin still holds: the move after the turn sat out is in 1st
    assert rules_of(apply(game, state, ON_2ND)[1]) == ["G4"]


def test_a18_a_20_catches_the_spin_and_the_car_stays_in_3rd(ovale):
    # Decision A18: « on 20 the car keeps 3rd ». The car spins in 4th (T1-b1..b4, 3 squares
    # past T1 with 3 tyre points) and is caught: in 3rd, not spun; the next move may be in 4th
    # (one up from 3rd), not 5th.
    game, state = placed(
        ovale, {"7": "S1-b8"}, gears={"7": 4}, wear={"7": {"tyres": 3, "handling": 5}}, options=A18
    )
    path = (*SPIN_PATH, "S2-b2", "S2-b3")
    state, events = apply(game, state, move("7", 4, 7, *path, tests=[("spin", 20)]))
    assert rules_of(events) == []
    caught = state.car("7")
    assert (caught.spun, caught.gear, caught.wear.tyres) == (False, 3, 0)
    assert rules_of(apply(game, state, move("7", 4, 7, *[f"S2-b{i}" for i in range(4, 11)]))[1]) == []
    fifth = [*(f"S2-b{i}" for i in range(4, 11)), "T2-b1", "T2-b2", "T2-b3", "T2-b4"]
    assert rules_of(apply(game, state, move("7", 5, 11, *fifth))[1]) == ["G2"]


def test_a_spin_without_its_roll_breaks_a18(ovale):
    game, state = _game(ovale)
    state, events = apply(game, state, move("7", 3, 5, *SPIN_PATH))
    assert rules_of(events) == ["A18"]
    assert state.car("7").spun  # taken as a normal spin


def test_a18_the_spin_roll_comes_after_the_handling_tests(ovale):
    # Decision A18: « the spin roll comes after handling and blocking tests ».
    game, state = _game(ovale, dangerous=("T1-b2",))
    _, events = apply(game, state, move("7", 3, 5, *SPIN_PATH, tests=[("handling", 10), ("spin", 5)]))
    assert rules_of(events) == []
    _, events = apply(game, state, move("7", 3, 5, *SPIN_PATH, tests=[("spin", 5), ("handling", 10)]))
    assert rules_of(events) == ["D5", "D5"]  # the handling roll missing, then one not called for


def test_without_a18_a_spin_roll_is_not_called_for(ovale):
    game, state, events = _spin(ovale, 1, options=("A7",))
    assert rules_of(events) == ["A18"]
    assert not state.car("7").ext.stalled


def test_without_a18_sitting_out_a_turn_breaks_a18(ovale):
    game, state = _game(ovale, options=("A7",))
    _, events = apply(game, state, STALLED)
    assert rules_of(events) == ["A18"]


def test_sitting_out_a_turn_without_having_stalled_breaks_a18(ovale):
    game, state, _ = _spin(ovale, 5)
    _, events = apply(game, state, STALLED)
    assert rules_of(events) == ["A18"]
