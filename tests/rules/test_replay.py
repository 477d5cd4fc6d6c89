"""Replaying whole logs: the worked examples' verdicts, turn order, finish, results."""

from __future__ import annotations

import copy
import json

import pytest

from rules import load_circuit, read_race_log, replay
from rules.messages import Code
from rules.ruleset import RuleSet
from tests.rules.conftest import car, mv, race


def _load(examples_dir, name: str) -> dict:
    return json.loads((examples_dir / name).read_text())


@pytest.fixture
def valid_doc(examples_dir) -> dict:
    return _load(examples_dir, "race-ovale-valid.json")


def _verdict(doc, ovale, ruleset=None):
    return replay(read_race_log(doc), ovale, ruleset)


def test_the_valid_example_is_valid_with_its_exact_verdict(valid_doc, ovale):
    verdict = _verdict(valid_doc, ovale)
    out = verdict.to_json()
    assert out["valid"] is True
    assert out["violations"] == []
    assert out["classification"] == [
        {"position": 1, "car": "7", "status": "finished", "turn": 8, "points": 10},
        {"position": 2, "car": "3", "status": "finished", "turn": 9, "points": 8},
    ]
    assert out["cars"]["7"]["wear"] == {
        "tyres": 4,
        "brakes": 2,
        "gearbox": 3,
        "body": 3,
        "engine": 3,
        "handling": 4,
    }
    assert out["cars"]["3"]["wear"] == {
        "tyres": 4,
        "brakes": 2,
        "gearbox": 2,
        "body": 3,
        "engine": 3,
        "handling": 4,
    }
    assert out["cars"]["7"]["experience"] == {"driver": 0.8, "team": 0.5}
    assert out["cars"]["3"]["experience"] == {"driver": 0.4, "team": 0.2}
    assert out["cars"]["7"]["laps"] == [{"lap": 1, "turn": 8}]
    assert out["cars"]["7"]["penalties"] == []
    assert out["result_matches"] is True


def test_the_gear_skip_example_is_invalid_first_at_turn_3_car_7_rule_g2(examples_dir, ovale):
    verdict = _verdict(_load(examples_dir, "race-ovale-gear-skip.json"), ovale)
    assert verdict.valid is False
    first = verdict.to_json()["violations"][0]
    assert (first["turn"], first["car"], first["rule"]) == (3, "7", "G2")
    assert (first["code"], first["params"]) == ("g2.skip_up", {"previous": 2, "gear": 4})


def test_it_finds_the_same_verdict_when_moves_give_only_their_stop(valid_doc, ovale):
    for turn in valid_doc["turns"]:
        for move in turn["moves"]:
            move["to"] = move.pop("path")[-1]
    verdict = _verdict(valid_doc, ovale)
    assert verdict.valid, [str(v) for v in verdict.violations]
    assert [p.car for p in verdict.classification] == ["7", "3"]


def test_it_rejects_a_turn_played_out_of_order(valid_doc, ovale):
    moves = valid_doc["turns"][2]["moves"]
    moves.reverse()
    verdict = _verdict(valid_doc, ovale)
    assert [(v.turn, v.car, v.rule) for v in verdict.violations] == [(3, "3", "T4")]


def test_it_rejects_a_car_that_skips_a_turn(valid_doc, ovale):
    del valid_doc["turns"][1]["moves"][1]
    verdict = _verdict(valid_doc, ovale)
    assert (2, "3", "T5") in [(v.turn, v.car, v.rule) for v in verdict.violations]


def test_it_rejects_a_move_by_a_car_that_has_finished(valid_doc, ovale):
    valid_doc["turns"][8]["moves"].append(mv("7", 4, 8, "S1-b9"))
    verdict = _verdict(valid_doc, ovale)
    bad = [v for v in verdict.violations if v.rule == "T5"]
    assert bad and bad[0].car == "7" and bad[0].code is Code.T5_CAR_FINISHED_MOVES_NO_MORE
    assert dict(bad[0].params)["turn"] == 8


def test_it_rejects_a_claimed_result_that_differs_from_the_replay(valid_doc, ovale):
    valid_doc["result"] = ["3", "7"]
    verdict = _verdict(valid_doc, ovale)
    assert verdict.result_matches is False
    assert [v.rule for v in verdict.violations] == ["F3"]
    assert [p.car for p in verdict.classification] == ["7", "3"]


def test_it_rejects_a_log_that_ends_with_cars_still_racing(valid_doc, ovale):
    del valid_doc["turns"][-1]
    valid_doc["result"] = ["7"]
    verdict = _verdict(valid_doc, ovale)
    assert [(v.car, v.rule) for v in verdict.violations] == [("3", "F2")]
    assert verdict.to_json()["classification"][1] == {
        "position": 2,
        "car": "3",
        "status": "running",
        "turn": None,
        "points": 0,
    }


def test_it_stops_the_replay_when_a_car_leaves_the_track(valid_doc, ovale):
    valid_doc["turns"][1]["moves"][0]["path"] = ["S1-b3", "S1-b5", "S1-b6"]
    verdict = _verdict(valid_doc, ovale)
    assert verdict.stopped
    assert [v.rule for v in verdict.violations] == ["T1"]
    assert verdict.violations[0].code is Code.STOPPED_REPLAY_STOPPED


def test_it_rejects_a_first_move_not_in_first_gear(ovale):
    doc = race([car("7", 1)], [[mv("7", 2, 3, "S1-b1", "S1-b2", "S1-b3")]])
    verdict = _verdict(doc, ovale)
    assert verdict.violations[0].rule == "G4"


def test_it_rejects_a_roll_that_is_not_on_the_die(ovale):
    doc = race([car("7", 1)], [[mv("7", 1, 3, "S1-b1", "S1-b2", "S1-b3")]])
    verdict = _verdict(doc, ovale)
    assert verdict.violations[0].rule == "G1"
    assert verdict.violations[0].code is Code.G1_ROLL_NOT_ON_DIE
    assert dict(verdict.violations[0].params) == {"roll": 3, "gear": 1, "low": 1, "high": 2}


def test_it_reports_a_season_whose_options_differ_from_the_log(valid_doc, ovale):
    verdict = _verdict(valid_doc, ovale, RuleSet.from_options(["A7", "A8"]))
    assert ("O", None) in [(v.rule, v.car) for v in verdict.violations]


def test_a_restart_with_no_red_flag_stops_the_replay(valid_doc, ovale):
    valid_doc["options"] = ["A7", "A5"]
    valid_doc["turns"][2]["restart"] = {"pits": []}
    verdict = _verdict(valid_doc, ovale)
    assert verdict.stopped and [(v.turn, v.rule) for v in verdict.violations] == [(3, "A5")]


def test_it_checks_a_claimed_slipstream_and_goes_on(valid_doc, ovale):
    valid_doc["turns"][7]["moves"][0]["slipstream"] = 1
    verdict = _verdict(valid_doc, ovale)
    assert (8, "S1") in [(v.turn, v.rule) for v in verdict.violations]
    assert not verdict.stopped


def test_it_rejects_wear_points_that_do_not_add_up_to_20(valid_doc, ovale):
    valid_doc["cars"][0]["wear"]["body"] = 9
    verdict = _verdict(valid_doc, ovale)
    assert [(v.turn, v.car, v.rule) for v in verdict.violations] == [(0, "7", "D1")]


def test_the_verdict_json_has_the_contract_shape(valid_doc, ovale):
    out = _verdict(copy.deepcopy(valid_doc), ovale).to_json()
    contract = {"valid", "violations", "classification", "cars", "result_matches"}
    assert set(out) == contract | {"points", "experience_changes"}  # the site's facts, added
    assert set(out["cars"]["7"]) == {"wear", "penalties", "laps", "experience"}


def test_a_circuit_without_laps_defaults_to_three(ovale_doc):
    del ovale_doc["laps"]
    assert load_circuit(ovale_doc).laps == 3
