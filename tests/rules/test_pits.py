"""S2, S3, A3 pit stops and the pit-lane play order (rules/pits.py)."""

from __future__ import annotations

from dataclasses import replace

from rules.order import play_order
from rules.replay_move import apply
from tests.rules.conftest import move, placed, rules_of

TO_STAND = ("S3-c2", "PIT-1", "PIT-2", "PIT-3")


def _game(ovale, options=("A7",), **kw):
    game, state = placed(ovale, {"3": "S3-a6", "7": "S3-b1"}, gears={"3": 4, "7": 3}, options=options, **kw)
    game.entries["7"] = replace(game.entries["7"], stand="PIT-3")
    return game, state


def test_a_missed_stop_leaves_the_car_in_its_stand_with_fresh_tyres(ovale):
    game, state = _game(ovale, tyres={"7": "hard"})
    state, events = apply(
        game, state, move("7", 3, 6, *TO_STAND, pit={"stop": "tyres", "tyres": "soft"}, tests=[("pit", 15)])
    )
    assert rules_of(events) == []
    car = state.car("7")
    assert car.square == "PIT-3" and car.ext.in_stand and car.tyres.value == "soft"


def test_a_fast_stop_moves_half_the_roll_rounded_up_in_4th(ovale):
    game, state = _game(ovale)
    state, events = apply(
        game, state, move("7", 3, 6, *TO_STAND, "PIT-4", "PIT-5", pit={"stop": "tyres"}, tests=[("pit", 3)])
    )
    assert rules_of(events) == []
    assert state.car("7").square == "PIT-5" and state.car("7").gear == 4


def test_a_long_stop_repairs_from_two_pit_points_only(ovale):
    game, state = _game(ovale)
    worn = state.car("7").wear._replace(brakes=1, body=2)
    state = state.with_car(state.car("7").with_(wear=worn))
    _, events = apply(
        game, state, move("7", 3, 6, *TO_STAND, pit={"stop": "long", "repair": {"brakes": 2, "body": 1}})
    )
    assert rules_of(events) == ["S3"]


def test_a3_wants_the_stand_reached_exactly(ovale):
    game, state = _game(ovale, options=("A7", "A3"))
    _, events = apply(game, state, move("7", 3, 5, *TO_STAND, pit={"stop": "tyres"}, tests=[("pit", 15)]))
    assert rules_of(events) == ["A3"]


def test_cars_in_the_pit_lane_play_after_cars_past_the_entry_and_before_the_others(ovale):
    game, state = placed(ovale, {"1": "S3-a6", "2": "PIT-2", "3": "PIT-4", "4": "S3-b2"})
    assert play_order(ovale, state) == ("1", "3", "2", "4")


def test_leaving_in_5th_breaks_the_rule_of_the_stop_made(ovale):
    # R: after a missed tyre stop « repartir en 4ème vitesse maximum » (S2); after a long stop
    # « Il repartira alors au maximum en 4ème vitesse » (S3).
    leave = ("PIT-4", "PIT-5", "PIT-6", *(f"S1-c{i}" for i in range(3, 9)), "T1-c1", "T1-c2")
    for pit, tests, rule in (({"stop": "tyres"}, [("pit", 15)], "S2"), ({"stop": "long"}, [], "S3")):
        game, state = _game(ovale)
        state, events = apply(game, state, move("7", 3, 6, *TO_STAND, pit=pit, tests=tests))
        assert rules_of(events) == [] and state.car("7").ext.in_stand
        state, events = apply(game, replace(state, turn=2), move("7", 5, 11, *leave))
        assert rules_of(events) == [rule]
        assert not state.car("7").ext.in_stand and not state.car("7").ext.long_stop


def _exit_behind(ovale, gear_ahead=4, options=("A7",)):
    """Car 7 (3rd) four squares from its stand PIT-3; car 3 on S1-c5, where a fast exit of 5
    squares (PIT-4..6, S1-c3, S1-c4) ends right behind it."""
    game, state = placed(
        ovale, {"3": "S1-c5", "7": "S3-b1"}, gears={"3": gear_ahead, "7": 3}, options=options
    )
    game.entries["7"] = replace(game.entries["7"], stand="PIT-3")
    return game, state


EXIT = ("PIT-4", "PIT-5", "PIT-6", "S1-c3", "S1-c4")


def _exit_slip(pit_roll: int):
    """To the stand (4 squares), the fast exit's 5 squares, a slipstream (pattern b)."""
    path = (*TO_STAND, *EXIT, "S1-b5", "S1-b6", "S1-b7")
    return move("7", 3, 4, *path, pit={"stop": "tyres"}, tests=[("pit", pit_roll)], slipstream=1)


def test_a_fast_stop_may_leave_by_a_slipstream_in_4th(ovale):
    # M6-3 step 13: « En cas de réussite d'un arrêt rapide et de sortie des stands, la voiture (en
    # 4ème) peut éventuellement bénéficier d'une aspiration ».
    for options in (("A7",), ("A7", "A3")):  # A3: the stand reached exactly, the 3 squares aside
        game, state = _exit_behind(ovale, options=options)
        state, events = apply(game, state, _exit_slip(9))
        assert rules_of(events) == []
        assert state.car("7").square == "S1-b7" and state.car("7").gear == 4


def test_the_exit_slipstream_follows_s1(ovale):
    # out in 4th, the car follows no car in 5th (S1); a missed stop (11-20) gives no slipstream
    game, state = _exit_behind(ovale, gear_ahead=5)
    _, events = apply(game, state, _exit_slip(9))
    assert rules_of(events) == ["S1"]
    game, state = _exit_behind(ovale)
    _, events = apply(game, state, _exit_slip(15))
    assert rules_of(events)[:2] == ["S2", "S1"]
