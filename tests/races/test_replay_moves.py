"""`race_replay`'s moves and dashboards: what each move did and cost, every car's wear after each
turn, the cars off the board, an invalid version replayed as far as the engine follows it."""

from __future__ import annotations

import copy
import json

import pytest
from django.urls import reverse
from django.utils.translation import override

from rules.formats import read_race_log
from rules.replay import replay
from rules.track import load_circuit
from sheets.models import RaceSheet
from sheets.replay.frames import race_replay
from tests.races.replay_setup import bot_race_at_montreal, build_oval, make_steward, submit

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english(english: None) -> None:
    """Words asserted in English (tests/conftest.py)."""


@pytest.fixture
def steward():
    return make_steward()


@pytest.fixture
def oval(steward):
    return build_oval(steward)


@pytest.fixture
def example_log(examples_dir) -> dict:
    return json.loads((examples_dir / "race-ovale-valid.json").read_text(encoding="utf-8"))


def wear_after(log: dict, document: dict, turn: int) -> dict[str, dict[str, int]]:
    """Every car's parts after `turn`: the engine's verdict on the log cut there."""
    cut = copy.deepcopy(log)
    cut["turns"] = [t for t in cut["turns"] if t["turn"] <= turn]
    cut.pop("result", None)
    return {
        car: s["wear"]
        for car, s in replay(read_race_log(cut), load_circuit(document)).to_json()["cars"].items()
    }


def move_of(frames: dict, turn: int, car: str) -> dict:
    return next(m for t in frames["turns"] if t["turn"] == turn for m in t["moves"] if m["car"] == car)


def test_a_skipped_gear_is_a_move_with_its_gearbox_point_and_why(oval, example_log):
    frames = race_replay(sheet=submit(oval.race, example_log, oval.steward))

    move = move_of(frames, 7, "3")  # Bruno: 3rd to 1st, 2nd skipped
    assert (move["from"], move["gear"], move["roll"]) == (3, 1, 1)
    assert move["summary"] == "gear 3 → 1 · die 1 · 1 square"
    assert move["wear"] == [
        {"part": "gearbox", "label": "Gearbox", "n": 1, "why": "skipped 1 gear (over-revving 3 → 1)"}
    ]
    assert move["path"] == ["T2-a2", "T2-a3"]
    assert frames["turns"][6]["wear"]["3"]["gearbox"] == 2


def test_braking_costs_its_brake_points(oval, example_log):
    frames = race_replay(sheet=submit(oval.race, example_log, oval.steward))

    for car in ("7", "3"):
        move = move_of(frames, 6, car)
        assert "braked 1 square" in move["summary"]
        assert move["wear"] == [{"part": "brakes", "label": "Brakes", "n": 1, "why": "braked 1 square"}]


def test_the_words_are_french_for_a_french_reader(oval, example_log):
    sheet = submit(oval.race, example_log, oval.steward)
    with override("fr"):
        move = move_of(race_replay(sheet=sheet), 7, "3")
    assert move["summary"] == "rapport 3 → 1 · dé 1 · 1 case"
    assert move["wear"][0]["label"] == "Boîte"
    assert move["wear"][0]["why"].startswith("1 rapport sauté")


def test_the_dashboards_are_the_engines_wear_after_each_turn(oval, example_log):
    frames = race_replay(sheet=submit(oval.race, example_log, oval.steward))
    document = oval.race.circuit.document

    assert frames["wear0"] == wear_after(example_log, document, 0)
    for turn in frames["turns"]:
        assert turn["wear"] == wear_after(example_log, document, turn["turn"]), turn["turn"]


def test_finished_cars_are_off_the_board_after_the_turn_they_finish(oval, example_log):
    frames = race_replay(sheet=submit(oval.race, example_log, oval.steward))

    off = {t["turn"]: t["off"] for t in frames["turns"]}
    assert off[7] == [] and off[8] == ["7"] and sorted(off[9]) == ["3", "7"]


def test_in_a_bot_race_every_point_lost_has_its_reason_and_every_test_its_result(steward):
    """A bot's 10-car race at Montréal (collisions, corner exits, eliminations): the reasons of a
    turn's moves add up to each car's loss, none left unexplained, and the dashboards are the
    engine's."""
    sheet, log = bot_race_at_montreal(steward)
    assert sheet.status == RaceSheet.Status.VALID

    frames = race_replay(sheet=sheet)

    previous = frames["wear0"]
    tests = 0
    for turn in frames["turns"]:
        for move in turn["moves"]:
            assert all(r["why"] != "other cost of the move" for r in move["wear"]), (turn["turn"], move)
            tests += len(move["tests"])
            for test in move["tests"]:
                if test["kind"] in ("collision", "engine", "handling"):
                    assert test["result"] in (
                        "passed",
                        f"failed: 1 {test['kind'] if test['kind'] != 'collision' else 'body'} point",
                    )
        lost_by_reasons: dict[str, int] = {}
        for move in turn["moves"]:
            for reason in move.get("wear", []):
                lost_by_reasons[move["car"]] = lost_by_reasons.get(move["car"], 0) + reason["n"]
        for car, parts in turn["wear"].items():
            lost = sum(max(0, previous[car][p] - parts[p]) for p in parts)
            moved = any(m["car"] == car for m in turn["moves"])
            if moved:
                assert lost_by_reasons.get(car, 0) == lost, (turn["turn"], car)
        previous = turn["wear"]
    assert tests > 0
    last = frames["turns"][-1]
    assert last["wear"] == wear_after(log, sheet.race.circuit.document, last["turn"])


def test_an_invalid_version_replays_up_to_where_the_engine_stopped(oval, examples_dir, client):
    bad = submit(oval.race, (examples_dir / "race-ovale-gear-skip.json").read_bytes(), oval.steward)
    assert bad.status == RaceSheet.Status.INVALID

    frames = race_replay(sheet=bad)

    assert [t["turn"] for t in frames["turns"]] == [1, 2, 3, 4]
    assert [v["rule"] for v in frames["turns"][2]["violations"]] == ["G2"]
    assert frames["turns"][3]["violations"][0]["fatal"]
    assert all(car["status"] == "running" and car["position"] is None for car in frames["cars"])
    url = reverse("sheets:race-replay", args=[oval.race.pk])
    assert client.get(f"{url}?sheet={bad.pk}").status_code == 200
    assert client.get(url).status_code == 404  # no valid version stands for the race
    assert client.get(f"{url}?sheet=999999").status_code == 404


def test_a_log_that_no_longer_replays_says_why_in_the_readers_language(oval, example_log):
    from circuits.models import Circuit
    from sheets.replay.frames import ReplayUnavailable

    sheet = submit(oval.race, example_log, oval.steward)
    Circuit.objects.filter(pk=oval.race.circuit_id).update(document={"format": "formule-de/circuit@1"})
    said = {}
    for language in ("en", "fr"):
        with override(language), pytest.raises(ReplayUnavailable) as caught:
            race_replay(sheet=RaceSheet.objects.get(pk=sheet.pk))
        said[language] = str(caught.value)
    assert said["en"].startswith("id: ") and said["en"] != said["fr"]
    assert said["fr"] == "id : texte non vide attendu, reçu None"  # the reading error, in French
