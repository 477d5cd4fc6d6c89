"""Step 4 of a move (rules/move/path.py): the path, its walk and its length."""

from __future__ import annotations

from rules.journal import Journal
from rules.move.path import SEARCH_CAP, drive, length, route
from rules.replay_move import SEARCH_CAP as EXPORTED
from tests.rules.conftest import move, placed, rules_of


def _drive(game, state, mv, total):
    out = Journal()
    return drive(game, state, state.car(mv.car), mv, None, mv.roll, False, 0, total, out), out


def test_a_path_of_the_total_is_walked_and_blocks_nothing(ovale):
    game, state = placed(ovale, {"7": "S1-b2"})
    driven, out = _drive(game, state, move("7", 3, 4, "S1-b3", "S1-b4", "S1-b5", "S1-b6"), 4)
    after, x, path, w, blocked, occupied = driven
    assert not out and after is state and x is None and blocked == 0
    assert path == ("S1-b3", "S1-b4", "S1-b5", "S1-b6") and w.crossings == 0
    assert SEARCH_CAP == EXPORTED


def test_a_move_given_by_its_stop_is_routed(ovale):
    game, state = placed(ovale, {"7": "S1-b2"})
    driven, out = _drive(game, state, move("7", 3, 4, to="S1-b6"), 4)
    assert not out and len(driven[2]) == 4 and driven[2][-1] == "S1-b6"
    assert route(game, state, state.car("7"), move("7", 3, 4, to="S1-b6"), None, "S1-b6", 4, {}) == driven[2]


def test_a_stop_out_of_reach_or_a_path_off_the_track_is_fatal(ovale):
    game, state = placed(ovale, {"7": "S1-b2"})
    driven, out = _drive(game, state, move("7", 3, 4, to="S2-b5"), 4)
    assert driven is None and rules_of(out) == ["T1"] and out[0].fatal
    driven, out = _drive(game, state, move("7", 3, 2, "S1-b3", "S1-b7"), 2)
    assert driven is None and out[0].fatal


def test_a_path_longer_than_the_total_is_a_c7_violation(ovale):
    game, state = placed(ovale, {"7": "S1-b2"})
    _, out = _drive(game, state, move("7", 3, 3, "S1-b3", "S1-b4", "S1-b5", "S1-b6"), 3)
    assert rules_of(out) == ["C7"]


def test_a_short_path_is_blocking_only_where_no_path_goes_further(ovale):
    game, state = placed(ovale, {"7": "S1-b2"})
    _, out = _drive(game, state, move("7", 3, 5, "S1-b3", "S1-b4"), 5)
    assert rules_of(out) == ["C7"]
    game, state = placed(ovale, {"1": "S1-a5", "2": "S1-b5", "3": "S1-c5", "7": "S1-b2"})
    driven, out = _drive(game, state, move("7", 3, 5, "S1-b3", "S1-b4"), 5)
    assert not out and driven[4] == 3
    out = Journal()
    mv = move("7", 3, 5, "S1-b3", "S1-b4")
    occupied = {"S1-a5": "1", "S1-b5": "2", "S1-c5": "3"}
    assert length(game, state, state.car("7"), mv, None, mv.path, 5, 0, 5, 5, occupied, out) == 3


def test_a_zig_zag_is_refused_when_a_straight_way_gets_there(ovale):
    game, state = placed(ovale, {"7": "S1-b2"})
    _, out = _drive(game, state, move("7", 3, 4, "S1-a3", "S1-b4", "S1-a5", "S1-b6"), 4)
    assert "T2" in rules_of(out)
