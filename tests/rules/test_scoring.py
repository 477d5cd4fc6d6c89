"""Classification, points and experience (F3, F4, X1, X2)."""

from __future__ import annotations

import json

from rules import read_race_log, replay
from rules.replay import apply
from rules.ruleset import RuleSet
from rules.scoring import classify
from rules.state import CarStatus, Cause
from tests.rules.conftest import move, placed, rules_of


def _valid(examples_dir) -> dict:
    return json.loads((examples_dir / "race-ovale-valid.json").read_text())


def test_a_season_may_set_its_own_points_table(examples_dir, ovale):
    verdict = replay(
        read_race_log(_valid(examples_dir)), ovale, RuleSet.from_options(["A7"], points=(25, 18))
    )
    assert [p.points for p in verdict.classification] == [25, 18]


def test_a_team_one_two_and_front_row_lockout_earn_team_experience(examples_dir, ovale):
    doc = _valid(examples_dir)
    for entry in doc["cars"]:
        entry["team"] = "rouge"
    out = replay(read_race_log(doc), ovale).to_json()
    assert out["cars"]["7"]["experience"]["team"] == 0.5 + 0.2 + 0.3 + 0.1


def test_without_option_a7_no_experience_is_earned(examples_dir, ovale):
    doc = _valid(examples_dir)
    doc["options"] = []
    out = replay(read_race_log(doc), ovale).to_json()
    assert out["cars"]["7"]["experience"] == {"driver": 0.0, "team": 0.0}


def test_eliminated_cars_rank_after_finishers_later_elimination_first(ovale):
    game, state = placed(ovale, {"1": "S1-a1", "2": "S1-b1", "3": "S1-c1"})
    state = state.with_car(state.car("1").with_(status=CarStatus.FINISHED, finish_turn=9))
    state = state.with_car(state.car("2").with_(status=CarStatus.OUT, cause=Cause.BODY, out_turn=3))
    state = state.with_car(state.car("3").with_(status=CarStatus.OUT, cause=Cause.ENGINE, out_turn=7))
    placings = classify(ovale, game.rules, state)
    assert [(p.car, p.status, p.points, p.cause) for p in placings] == [
        ("1", "finished", 10, None),
        ("3", "eliminated", 0, "engine"),
        ("2", "eliminated", 0, "body"),
    ]


def test_a_driver_spends_one_experience_point_once_to_change_a_die(ovale):
    game, state = placed(ovale, {"7": "S1-b1"})
    state = state.with_car(state.car("7").with_(driver_xp=13))
    from rules.formats import XpUse

    state, events = apply(
        game, state, move("7", 3, 5, "S1-b2", "S1-b3", "S1-b4", "S1-b5", "S1-b6", xp=XpUse("plus1", 4))
    )
    assert rules_of(events) == [] and state.car("7").driver_xp == 3
    _, events = apply(
        game, state, move("7", 3, 5, "S1-b7", "S1-b8", "T1-b1", "T1-b2", "T1-b3", xp=XpUse("minus1", 6))
    )
    assert "X2" in rules_of(events)


def test_a_driver_cannot_spend_experience_it_does_not_have(ovale):
    from rules.formats import XpUse

    game, state = placed(ovale, {"7": "S1-b1"})
    _, events = apply(
        game, state, move("7", 3, 5, "S1-b2", "S1-b3", "S1-b4", "S1-b5", "S1-b6", xp=XpUse("reroll", 4))
    )
    assert rules_of(events) == ["X2"]
