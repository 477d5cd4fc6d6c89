"""The seeded bot (`rules/bot.py`) plays legal races on every circuit and writes them as race logs."""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from rules import load_circuit, read_race_log, replay
from rules.bot import _Bot, main, write_race
from rules.replay import play_turn, start
from rules.ruleset import OPTIONS
from rules.state import CarStatus, Cause
from rules.weather import WeatherKind

ROOT = Path(__file__).resolve().parents[2]
CIRCUITS = {
    p.stem: load_circuit(json.loads(p.read_text()))
    for p in sorted((ROOT / "fixtures" / "circuits").glob("*.json"))
}
RACES = [(name, cars) for name, track in CIRCUITS.items() for cars in range(2, min(10, len(track.grid)) + 1)]


def _replayed(doc: dict, name: str):
    log = read_race_log(json.dumps(doc))
    return log, replay(log, CIRCUITS[name])


@pytest.mark.slow
@pytest.mark.parametrize(("name", "cars"), RACES, ids=[f"{n}-{c}" for n, c in RACES])
def test_every_bot_race_replays_as_valid(name, cars):
    """2 to 10 cars (up to the grid) on every circuit, one lap, a different seed each time."""
    doc = write_race(CIRCUITS[name], cars=cars, laps=1, seed=cars * 7 + len(name))
    log, verdict = _replayed(doc, name)
    assert verdict.valid, [str(v) for v in verdict.violations[:3]]
    assert verdict.result_matches is True
    assert len(log.cars) == cars and log.laps == 1
    assert {p.status for p in verdict.classification} <= {"finished", "eliminated"}


@pytest.mark.slow
def test_an_all_options_rain_race_with_pit_stops_and_slipstreams_is_valid():
    """10 cars, 3 laps on Spa in the rain, every option on, stands for every car: the bot stops in
    its stand when its tyres run low (S3, A3), takes slipstreams (S1) and uses the options' actions
    (A19 Top, A10 pedal, A16 Super Top) when they are worth it."""
    track = CIRCUITS["spa"]
    options = list(OPTIONS)
    rain = next(r for r in range(1, 21) if track.weather.kind_for(r) is WeatherKind.RAIN)
    doc = write_race(track, cars=10, laps=3, seed=52, options=options, weather_roll=rain, pits=True)
    log, verdict = _replayed(doc, "spa")
    assert verdict.valid, [str(v) for v in verdict.violations[:3]]
    assert set(log.options) == set(options) and log.laps == 3 and len(log.cars) == 10
    moves = [m for t in log.turns for m in t.moves]
    assert any(m.pit is not None for m in moves)
    assert any(m.slipstream for m in moves)
    used = {key for m in moves if m.option for key in m.option}
    assert {"top", "pedal", "supertop"} <= used
    assert {c.wing for c in log.cars} == {"low", "high"}  # A1 and A2 both on: the cars pick


@pytest.mark.slow
def test_the_bot_supercharges_when_it_pays():
    track = CIRCUITS["monza"]
    sun = next(r for r in range(1, 21) if track.weather.kind_for(r) is WeatherKind.SUN)
    doc = write_race(track, cars=10, laps=3, seed=2, options=list(OPTIONS), weather_roll=sun)
    log, verdict = _replayed(doc, "monza")
    assert verdict.valid, [str(v) for v in verdict.violations[:3]]
    charged = [m for t in log.turns for m in t.moves if m.option and m.option.get("supercharge")]
    assert charged and all(4 <= m.gear <= 7 for m in charged)


@pytest.mark.slow
def test_an_all_options_race_restarts_after_a_red_flag():
    track = CIRCUITS["spa"]
    rain = next(r for r in range(1, 21) if track.weather.kind_for(r) is WeatherKind.RAIN)
    doc = write_race(track, cars=10, laps=3, seed=1, options=list(OPTIONS), weather_roll=rain, pits=True)
    log, verdict = _replayed(doc, "spa")
    assert verdict.valid, [str(v) for v in verdict.violations[:3]]
    assert any(t.restart is not None for t in log.turns)
    assert any(e.kind == "red-flag" for e in verdict.events)


def test_the_bot_gives_a_driver_out_early_the_spare_car():
    """Drivers rarely retire in the first 8 turns of a bot race: one is put out by hand."""
    track = CIRCUITS["ovale"]
    doc = write_race(track, cars=3, laps=2, seed=2, options=["A5", "A7"], pits=True)
    log = read_race_log(json.dumps(doc))
    game, state, _ = start(log, track)
    for t in log.turns[:2]:
        state, _, _ = play_turn(game, state, t.moves, t.turn, t.restart)
    state = state.with_car(
        state.car("2").with_(status=CarStatus.OUT, cause=Cause.CORNER, out_turn=2, square=None)
    )
    after, moves = _Bot(game, random.Random(1)).play_turn(state, 3)
    assert "spare" in moves[-1].get("option", {}) and moves[-1]["car"] == "2"  # the turn's last move
    assert moves[-1]["gear"] <= 4 and sum(moves[-1]["option"]["spare"].values()) == 2
    spare = after.car("2")
    assert spare.status is CarStatus.RACING and spare.ext.spare


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_ten_car_race_on_spa_is_valid_and_rolls_every_kind_of_test(seed):
    doc = write_race(CIRCUITS["spa"], cars=10, laps=3, seed=seed, weather_roll=10)  # variable weather
    log, verdict = _replayed(doc, "spa")
    assert verdict.valid, [str(v) for v in verdict.violations[:3]]
    assert doc["result"], "nobody finished"
    kinds = Counter(t.kind.value for turn in log.turns for m in turn.moves for t in m.tests)
    gears = Counter(m.gear for turn in log.turns for m in turn.moves)
    assert kinds["collision"] > 0
    assert max(gears) >= 4 and gears[1] >= 10  # starts in 1st, shifts up on the straights


@pytest.mark.slow
def test_monza_long_straights_see_5th_gear_and_engine_tests():
    counts = Counter()
    for seed in (1, 2):
        doc = write_race(CIRCUITS["monza"], cars=6, laps=2, seed=seed, weather_roll=5)  # variable
        log, verdict = _replayed(doc, "monza")
        assert verdict.valid, [str(v) for v in verdict.violations[:3]]
        counts.update(m.gear for turn in log.turns for m in turn.moves)
        counts.update(t.kind.value for turn in log.turns for m in turn.moves for t in m.tests)
    assert counts[5] > 0 and counts["engine"] > 0


def test_the_same_seed_writes_the_same_race_and_another_seed_another():
    track = CIRCUITS["monaco"]
    a = write_race(track, cars=4, laps=1, seed=11)
    assert write_race(track, cars=4, laps=1, seed=11) == a
    assert write_race(track, cars=4, laps=1, seed=12) != a


@pytest.mark.slow
def test_the_weather_roll_comes_from_the_seed_unless_given():
    track = CIRCUITS["spa"]
    rolls = {write_race(track, cars=2, laps=1, seed=s)["weather"]["race"] for s in range(8)}
    assert len(rolls) > 1
    doc = write_race(track, cars=2, laps=1, seed=3, weather_roll=2)  # rain on Spa: rain tyres
    assert doc["weather"] == {"race": 2}
    assert {c["tyres"] for c in doc["cars"]} == {"rain"}


def test_it_writes_a_complete_race_log():
    doc = write_race(CIRCUITS["montreal"], cars=3, seed=5, options=["A7", "A17"])
    assert doc["format"] == "formule-de/race-log@1" and doc["circuit"] == "montreal"
    assert doc["laps"] == 3 and doc["options"] == ["A7", "A17"]
    assert [c["grid"] for c in doc["cars"]] == [1, 2, 3]
    for car in doc["cars"]:
        assert sum(car["wear"].values()) == 20 and min(car["wear"].values()) >= 1
    assert [t["turn"] for t in doc["turns"]] == list(range(1, len(doc["turns"]) + 1))
    assert all(m["gear"] == 1 for m in doc["turns"][0]["moves"])
    _, verdict = _replayed(doc, "montreal")
    assert verdict.valid and doc["result"] == [
        p.car for p in verdict.classification if p.status == "finished"
    ]


def test_it_refuses_more_cars_than_the_grid():
    track = CIRCUITS["spa"]
    with pytest.raises(ValueError, match="grid squares"):
        write_race(track, cars=len(track.grid) + 1)


def test_the_command_prints_a_race_log():
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(["ovale", "--cars", "2", "--laps", "1", "--seed", "4"])
    assert status == 0
    doc = json.loads(out.getvalue())
    assert doc["circuit"] == "ovale" and len(doc["cars"]) == 2
    assert doc == write_race(CIRCUITS["ovale"], cars=2, laps=1, seed=4)
