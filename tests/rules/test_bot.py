"""The seeded bot (`rules/bot.py`) plays legal races on every circuit and writes them as race logs."""

from __future__ import annotations

import io
import json
from collections import Counter
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from rules import load_circuit, read_race_log, replay
from rules.bot import main, write_race
from rules.ruleset import OPTIONS
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


@pytest.mark.parametrize(("name", "cars"), RACES, ids=[f"{n}-{c}" for n, c in RACES])
def test_every_bot_race_replays_as_valid(name, cars):
    """2 to 10 cars (up to the grid) on every circuit, one lap, a different seed each time."""
    doc = write_race(CIRCUITS[name], cars=cars, laps=1, seed=cars * 7 + len(name))
    log, verdict = _replayed(doc, name)
    assert verdict.valid, [str(v) for v in verdict.violations[:3]]
    assert verdict.result_matches is True
    assert len(log.cars) == cars and log.laps == 1
    assert {p.status for p in verdict.classification} <= {"finished", "eliminated"}


def test_an_all_options_rain_race_with_pit_stops_and_slipstreams_is_valid():
    """10 cars, 3 laps on Spa in the rain, every option on, stands for every car: the bot stops in
    its stand when its tyres run low (S3, A3), takes slipstreams (S1) and restarts after a red
    flag (A5)."""
    track = CIRCUITS["spa"]
    options = list(OPTIONS)
    rain = next(r for r in range(1, 21) if track.weather.kind_for(r) is WeatherKind.RAIN)
    doc = write_race(track, cars=10, laps=3, seed=11, options=options, weather_roll=rain, pits=True)
    log, verdict = _replayed(doc, "spa")
    assert verdict.valid, [str(v) for v in verdict.violations[:3]]
    assert set(log.options) == set(options) and log.laps == 3 and len(log.cars) == 10
    moves = [m for t in log.turns for m in t.moves]
    assert any(m.pit is not None for m in moves)
    assert any(m.slipstream for m in moves)
    assert any(t.restart is not None for t in log.turns)  # a red flag fell (A5) and the race restarted


def test_a_driver_out_early_takes_the_spare_car_when_a5_is_on():
    track = CIRCUITS["spa"]
    rain = next(r for r in range(1, 21) if track.weather.kind_for(r) is WeatherKind.RAIN)
    doc = write_race(track, cars=10, laps=3, seed=15, options=list(OPTIONS), weather_roll=rain, pits=True)
    log, verdict = _replayed(doc, "spa")
    assert verdict.valid, [str(v) for v in verdict.violations[:3]]
    spares = [(t.turn, m.car) for t in log.turns for m in t.moves if m.option and "spare" in m.option]
    assert spares and all(turn <= 8 for turn, _ in spares)
    taken = {car for _, car in spares}
    assert {e.car for e in verdict.events if e.kind == "spare"} == taken


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
