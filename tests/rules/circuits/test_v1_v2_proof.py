"""Proof that `formule-de/circuit@2` changes nothing: every golden log and every bot race the suite
plays replays to the same verdict JSON on an `@1` circuit and on its `@2` compilation written as
JSON text and read back, and the two load the same tables (successor order included)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from rules import LogFormatError, RuleSet, read_race_log, replay
from rules.bot import write_race
from rules.circuits import compile_v1, load
from rules.ruleset import OPTIONS
from rules.weather import WeatherKind

ROOT = Path(__file__).resolve().parents[3]
LOGS = ROOT / "fixtures" / "race_logs"
CIRCUITS = ROOT / "fixtures" / "circuits"
EXAMPLES = ROOT / "fixtures" / "examples"
NAMES = sorted(p.stem for p in CIRCUITS.glob("*.json"))
ALL = tuple(sorted(OPTIONS, key=lambda o: int(o[1:])))


@cache
def v1(name: str):
    return load(json.loads((CIRCUITS / f"{name}.json").read_text(encoding="utf-8")))


@cache
def v2(name: str):
    doc = json.loads((CIRCUITS / f"{name}.json").read_text(encoding="utf-8"))
    return load(json.loads(json.dumps(compile_v1(doc))))


def tables(track) -> dict:
    """Every table the engine reads, corners and sections by id (they are objects of each track)."""
    ids = lambda seg: None if seg is None else seg.id  # noqa: E731
    return {
        "squares": track.squares,
        "grid": track.grid,
        "lap": (track.lap_length, type(track.lap_length)),
        "successors": {sq: list(v) for sq, v in track.successor_map.items()},
        "levels": track.level_map,
        "track_levels": track.track_level_map,
        "lanes": track.lane_map,
        "corners": {sq: ids(c) for sq, c in track.corner_map.items()},
        "beside": track.beside_map,
        "risk": track.risk_map,
        "steps": {
            sq: [(n, e[0], ids(e[1]), e[2], e[4]) for n, e in v.items()] for sq, v in track.step_map.items()
        },
        "ahead": {
            sq: [(n, lane, ids(c), plain) for n, lane, c, plain in v] for sq, v in track.ahead_map.items()
        },
        "segment_index": track.segment_index,
        "corner_table": track.corner_table,
        "segments": [
            (s.id, s.index, s.kind, s.cells, s.stops, s.turn, s.angle, s.start_level, s.length, s.lanes)
            for s in track.segments
        ],
        "pit": track.pit,
        "pit_lane": track.pit_lane,
        "about": (track.id, track.name, track.laps, track.weather),
    }


@pytest.mark.parametrize("name", NAMES)
def test_the_compiled_circuit_read_back_from_json_loads_the_same_tables(name):
    assert tables(v2(name)) == tables(v1(name))
    assert v1(name).compiled == v2(name).document == v2(name).compiled


def _golden() -> list[Path]:
    """The race logs of fixtures/race_logs and the worked examples of fixtures/examples."""
    out = []
    for path in [*sorted(LOGS.rglob("*.json")), *sorted(EXAMPLES.glob("race-*.json"))]:
        if path.name.endswith((".expected.json", ".verdict.json")) or "tools" in path.parts:
            continue
        if json.loads(path.read_bytes()).get("format") == "formule-de/race-log@1":
            out.append(path)
    return out


def _ruleset(path: Path) -> RuleSet | None:
    expected = path.with_name(path.name.removesuffix(".json") + ".expected.json")
    spec = json.loads(expected.read_text()).get("ruleset") if expected.exists() else None
    if spec is None:
        return None
    return RuleSet.from_options(
        spec.get("options", ["A7"]), **{k: v for k, v in spec.items() if k != "options"}
    )


def test_every_golden_log_gets_the_same_verdict_on_both():
    compared = 0
    for path in _golden():
        try:
            log = read_race_log(path.read_bytes())
        except LogFormatError:
            continue
        if log.circuit not in NAMES:
            continue
        rules = _ruleset(path)
        one, two = (
            replay(log, v1(log.circuit), rules).to_json(),
            replay(log, v2(log.circuit), rules).to_json(),
        )
        assert one == two, path.relative_to(ROOT)
        compared += 1
    assert compared > 150  # every race log there (the others are qualifying sheets or unreadable)


def _weather(name: str, kind: WeatherKind) -> int:
    return next(r for r in range(1, 21) if v1(name).weather.kind_for(r) is kind)


# (circuit, cars, laps, seed, options, weather, pits): the races of tests/rules/test_bot.py,
# tests/rules/test_messages.py (BOT_RACES) and tests/rules/play/test_bot_races.py's quick ones
BOT = [
    *[
        (n, cars, 1, cars * 7 + len(n), (), None, False)
        for n in NAMES
        for cars in range(2, min(10, len(v1(n).grid)) + 1)
    ],
    ("spa", 10, 3, 52, ALL, _weather("spa", WeatherKind.RAIN), True),
    ("monza", 10, 3, 2, ALL, _weather("monza", WeatherKind.SUN), False),
    ("spa", 10, 3, 1, ALL, _weather("spa", WeatherKind.RAIN), True),
    ("ovale", 3, 2, 2, ("A5", "A7"), None, True),
    *[("spa", 10, 3, seed, (), 10, False) for seed in (1, 2, 3)],
    *[("monza", 6, 2, seed, (), 5, False) for seed in (1, 2)],
    ("montreal", 3, 3, 5, ("A7", "A17"), None, False),
    ("ovale", 2, 1, 4, (), None, False),
    ("ovale", 6, 2, 3, (), None, False),
    ("montreal", 10, 2, 3, ("A7",), None, False),
    ("monaco", 8, 2, 1, ("A7",), None, True),
    ("spa", 10, 2, 1, ALL, None, True),
    ("monza", 10, 2, 2, ALL, None, True),
    ("ovale", 3, 1, 1, ("A7",), None, True),
    ("monaco", 4, 1, 2, ALL, None, True),
    # tests/rules/test_formats.py and tests/rules/play/test_every_legal_move.py
    ("spa", 6, 1, 3, (), None, False),
    *[
        (n, cars, 1, seed, ("A7",), None, False)
        for n, cars, seed in (("ovale", 4, 1), ("ovale", 6, 3), ("monaco", 5, 2))
    ],
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "cars", "laps", "seed", "options", "weather", "pits"), BOT)
def test_a_bot_race_gets_the_same_verdict_on_both(name, cars, laps, seed, options, weather, pits):
    """Written by the bot on the `@2` track, replayed on both."""
    doc = write_race(
        v2(name), cars=cars, laps=laps, seed=seed, options=options, weather_roll=weather, pits=pits
    )
    log = read_race_log(json.dumps(doc))
    one, two = replay(log, v1(name)).to_json(), replay(log, v2(name)).to_json()
    assert one == two
    assert one["valid"]


@pytest.mark.parametrize("seed", [1, 2])
def test_the_bot_writes_the_same_race_on_both(seed):
    kwargs = {"cars": 6, "laps": 1, "seed": seed, "options": ALL, "pits": True}
    assert write_race(v1("ovale"), **kwargs) == write_race(v2("ovale"), **kwargs)
