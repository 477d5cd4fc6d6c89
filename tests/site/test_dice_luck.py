"""Dice luck: rolls against the real dice of rules G1, per gear."""

from __future__ import annotations

import json

import pytest

from sheets.dice_luck import EXPECTED, FACES, dice_luck, rolls_from_log
from tests.conftest import EXAMPLES


def test_the_expected_means_are_those_of_the_published_dice():
    assert EXPECTED[1] == 1.5
    assert EXPECTED[2] == pytest.approx(20 / 6)
    assert EXPECTED[3] == 51 / 8
    assert EXPECTED[4] == 10
    assert EXPECTED[5] == 15.5
    assert EXPECTED[6] == 25.5
    assert EXPECTED[7] == 41  # 5th and 6th dice together
    assert (min(FACES[7]), max(FACES[7]), len(FACES[7])) == (32, 50, 20 * 30)


def test_the_face_lists_are_the_engines():
    from rules.gearbox import FACES as ENGINE_FACES

    assert {gear: FACES[gear] for gear in ENGINE_FACES} == ENGINE_FACES


def test_known_rolls_give_mean_expected_and_delta_per_gear():
    luck = dice_luck([(1, 2), (1, 2), (1, 1), (4, 12), (4, 12), (6, 21), (2, 3)])

    by_gear = {g.gear: g for g in luck.gears}
    assert list(by_gear) == [1, 2, 4, 6]
    assert (by_gear[1].rolls, by_gear[1].mean, by_gear[1].expected) == (3, 5 / 3, 1.5)
    assert by_gear[1].delta == pytest.approx(1 / 6)
    assert (by_gear[4].die, by_gear[4].mean, by_gear[4].delta) == ("d12", 12, 2)
    assert by_gear[6].delta == -4.5
    assert luck.rolls == 7
    assert luck.squares == pytest.approx(0.5 + (3 - 20 / 6) + 4 - 4.5)
    assert luck.ignored == 0


def test_a_fair_set_of_rolls_is_exactly_average():
    luck = dice_luck((gear, face) for gear in range(1, 7) for face in FACES[gear])

    assert all(g.delta == pytest.approx(0) and g.z == pytest.approx(0) for g in luck.gears)
    assert luck.squares == pytest.approx(0)


def test_rolls_that_no_die_shows_are_ignored():
    luck = dice_luck([(1, 3), (2, 1), (3, 5), (8, 40), (0, 1)])

    assert luck.rolls == 1 and luck.ignored == 4


def test_luck_far_from_chance_has_a_large_z():
    luck = dice_luck([(5, 20)] * 30)

    assert luck.gears[0].z > 5


def test_a_logs_rolls_are_read_per_car_natural_dice_first():
    log = {
        "turns": [
            {"turn": 1, "moves": [{"car": "7", "gear": 1, "roll": 2}, {"car": "3", "gear": 1, "roll": 1}]},
            {
                "turn": 2,
                "moves": [{"car": "7", "gear": 2, "roll": 5, "xp": {"driver": "plus1", "natural": 4}}],
            },
            {
                "turn": 3,
                "moves": [{"car": "7", "gear": 3, "roll": 8, "xp": {"driver": "reroll", "natural": 4}}],
            },
            {"turn": 4, "moves": [{"car": "7", "gear": 7, "roll": [15, 27]}, {"car": "7", "wait": "pit"}]},
        ]
    }

    assert rolls_from_log(log, ["7"]) == [(1, 2), (2, 4), (3, 4), (3, 8), (7, 42)]
    assert rolls_from_log(log, ["3"]) == [(1, 1)]
    assert rolls_from_log({"turns": "garbage"}, ["7"]) == []


def test_the_shared_example_race_gives_every_roll_on_its_die(examples_dir):
    log = json.loads((examples_dir / "race-ovale-valid.json").read_text(encoding="utf-8"))

    luck = dice_luck(rolls_from_log(log, ["7"]))

    assert luck.rolls > 0 and luck.ignored == 0
    assert EXAMPLES.is_dir()
