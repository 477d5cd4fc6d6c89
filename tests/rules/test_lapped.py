"""T4 / M6-2-5: lapped cars play in their place on the track, lose a move when lapped."""

from __future__ import annotations

from rules.journal import Journal
from rules.order import after_move, play_order
from tests.rules.conftest import placed


def test_a_lapped_car_plays_in_its_place_on_the_track(ovale):
    game, state = placed(ovale, {"1": "S2-b5", "2": "S1-b5", "4": "S2-a2"})
    state = state.with_car(state.car("1").with_(crossings=2))  # a lap ahead of car 4
    assert play_order(ovale, state) == ("1", "4", "2")


def test_a_car_lapped_before_it_plays_loses_its_move_and_gets_it_back_past_the_leader(ovale):
    game, state = placed(ovale, {"1": "S2-b5", "4": "S2-a7"})
    state = state.with_car(state.car("1").with_(crossings=1))
    state = state.with_car(state.car("4").with_(crossings=0))
    before = 32 + 18.0
    state = state.with_car(state.car("1").with_(square="S2-b9"))
    out = Journal()
    state, lost, again = after_move(ovale, state, "1", before - 32 + 32, set(), out)
    assert lost == ["4"] and state.car("4").ext.owed == 1 and not again


def test_drawing_level_with_a_car_a_lap_down_is_not_lapping_it(ovale):
    # M6-2-5 « il ne rejoue pas avant le pilote qui le dépasse »: passing laps, ending alongside
    # (same level, S2-b7 beside S2-a7) does not; passing it from there does.
    game, state = placed(ovale, {"1": "S2-b7", "4": "S2-a7"})
    state = state.with_car(state.car("4").with_(crossings=0))
    out = Journal()
    state, lost, again = after_move(ovale, state, "1", 32 + 13.0, set(), out)
    assert lost == [] and state.car("4").ext.owed == 0 and out == []
    level = 32 + 19.0  # car 1's progress on S2-b7
    state = state.with_car(state.car("1").with_(square="S2-b8"))
    state, lost, again = after_move(ovale, state, "1", level, set(), out)
    assert lost == ["4"] and state.car("4").ext.owed == 1
