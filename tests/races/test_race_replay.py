"""`race_replay`: a valid race sheet told turn by turn, with the engine's positions and events."""

from __future__ import annotations

import json

import pytest

from sheets.models import RaceSheet
from sheets.replay.frames import race_replay, standing_race_sheet
from tests.factories import OVAL
from tests.races.replay_setup import (
    Oval,
    bot_race_at_montreal,
    build_oval,
    last_squares,
    make_steward,
    submit,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def steward():
    return make_steward()


@pytest.fixture
def oval(steward) -> Oval:
    return build_oval(steward)


@pytest.fixture
def example_log(examples_dir) -> dict:
    return json.loads((examples_dir / "race-ovale-valid.json").read_text(encoding="utf-8"))


def test_the_cars_after_the_last_turn_stand_where_their_last_move_stopped(oval, example_log):
    sheet = submit(oval.race, example_log, oval.steward)
    assert sheet.status == RaceSheet.Status.VALID

    frames = race_replay(sheet=sheet)

    assert [turn["turn"] for turn in frames["turns"]] == [turn["turn"] for turn in example_log["turns"]]
    assert frames["turns"][-1]["squares"] == last_squares(example_log)
    assert frames["start"] == {"7": OVAL["grid"][0], "3": OVAL["grid"][1]}


def test_each_move_gives_the_square_the_car_stopped_on(oval, example_log):
    frames = race_replay(sheet=submit(oval.race, example_log, oval.steward))

    for turn, told in zip(frames["turns"], example_log["turns"], strict=True):
        assert [(m["car"], m["square"]) for m in turn["moves"]] == [
            (m["car"], m["path"][-1]) for m in told["moves"] if m.get("path")
        ]


def test_the_cars_carry_their_driver_team_colour_and_result(oval, example_log):
    frames = race_replay(sheet=submit(oval.race, example_log, oval.steward))

    cars = {car["id"]: car for car in frames["cars"]}
    assert cars["7"]["driver"] == "Alice Martin"
    assert (cars["7"]["team"], cars["7"]["colour"]) == ("Écurie Rouge", "#c8102e")
    assert (cars["3"]["team"], cars["3"]["colour"]) == ("Écurie Bleue", "#1e4fa3")
    assert (cars["7"]["status"], cars["7"]["position"], cars["7"]["turn"]) == ("finished", 1, 8)
    assert (cars["3"]["status"], cars["3"]["position"], cars["3"]["turn"]) == ("finished", 2, 9)
    assert frames["laps"] == 1


def test_the_events_tell_each_car_finishing_in_its_turn(oval, example_log):
    sheet = submit(oval.race, example_log, oval.steward)

    frames = race_replay(sheet=sheet)

    finishes = {
        event["car"]: turn["turn"]
        for turn in frames["turns"]
        for event in turn["events"]
        if event["kind"] == "finished"
    }
    placings = {p["car"]: p["turn"] for p in sheet.verdict["classification"]}
    assert finishes == placings == {"7": 8, "3": 9}
    finished = next(e for t in frames["turns"] for e in t["events"] if e["kind"] == "finished")
    assert finished["label"] == "Finished" and "last time" in finished["text"]


def test_eliminations_appear_in_the_turn_the_engine_puts_them(steward):
    """A bot's 10-car race at Montréal, three cars out: each elimination shows in its turn."""
    sheet, log = bot_race_at_montreal(steward)
    assert sheet.status == RaceSheet.Status.VALID, sheet.verdict["violations"][:3]

    frames = race_replay(sheet=sheet)

    out = {p["car"]: p["turn"] for p in sheet.verdict["classification"] if p["status"] == "eliminated"}
    assert len(out) == 3
    told = {
        event["car"]: turn["turn"]
        for turn in frames["turns"]
        for event in turn["events"]
        if event["kind"] == "eliminated"
    }
    assert told == out
    # A car out stays drawn where it went out; the others finish where their last move stopped.
    assert frames["turns"][-1]["squares"] == last_squares(log)
    cars = {car["id"]: car for car in frames["cars"]}
    assert all(cars[car]["status"] == "eliminated" and cars[car]["cause"] for car in out)
    leads = [e["text"] for turn in frames["turns"] for e in turn["events"] if e["kind"] == "lap"]
    assert leads == ["leads the race into lap 2 of 3", "leads the race into lap 3 of 3"]


def test_the_replay_is_cached_until_the_sheet_changes(oval, example_log, django_assert_num_queries):
    sheet = submit(oval.race, example_log, oval.steward)
    first = race_replay(sheet=sheet)

    with django_assert_num_queries(0):
        assert race_replay(sheet=sheet) == first

    sheet.save(update_fields=["updated_at"])
    with django_assert_num_queries(2):  # the race, its entries: replayed again
        race_replay(sheet=sheet)


def test_the_sheet_that_stands_is_the_chosen_one_else_the_latest_valid(oval, example_log, examples_dir):
    race = oval.race
    assert standing_race_sheet(race=race) is None
    invalid = (examples_dir / "race-ovale-gear-skip.json").read_bytes()

    bad = submit(race, invalid, oval.steward)
    assert bad.status == RaceSheet.Status.INVALID
    assert standing_race_sheet(race=race) is None

    first = submit(race, example_log, oval.steward)
    second = submit(race, example_log, oval.steward)
    assert first.chosen and not second.chosen
    assert standing_race_sheet(race=race) == first

    RaceSheet.objects.filter(pk=first.pk).update(chosen=False)
    assert standing_race_sheet(race=race) == second
