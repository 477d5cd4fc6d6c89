"""Properties of the reader and the replay, checked with hypothesis.

- Bad input is a `LogFormatError`, never another exception: random bytes, random JSON values,
  byte-level damage to a valid log.
- A log that reads always gets a verdict: random mutations of the golden logs (moves dropped,
  duplicated, swapped; rolls, gears, paths, squares, wear changed; fields deleted; values of the
  wrong type) either fail to read with a `LogFormatError` or replay to a `Verdict`.
- The same log always gets the same verdict, also once written back with `RaceLog.to_json()`.
- Every race the seeded bot (`rules/bot.py`) writes replays as valid: 2 to 10 cars (as many as
  the grid takes) on every circuit of `fixtures/circuits/`.
"""

from __future__ import annotations

import copy
import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rules import LogFormatError, RaceLog, Verdict, load_circuit, read_race_log, replay
from rules.bot import write_race
from rules.messages import Code

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / "fixtures" / "race_logs"
TRACKS = {
    p.stem: load_circuit(json.loads(p.read_text()))
    for p in sorted((ROOT / "fixtures" / "circuits").glob("*.json"))
}


def _race_logs() -> list[dict]:
    """The golden race logs small enough to mutate quickly (every feature of the format is in
    them: tests, brakes, bonuses, experience, pits, slipstream, options)."""
    docs = []
    for path in sorted(LOGS.rglob("*.json")):
        if path.name.endswith((".expected.json", ".verdict.json")) or "tools" in path.parts:
            continue
        if path.stat().st_size > 40_000:
            continue
        doc = json.loads(path.read_text())
        if doc.get("format") == "formule-de/race-log@1" and doc.get("circuit") in TRACKS:
            docs.append(doc)
    return docs


SEEDS = _race_logs()
PROPERTY = settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])

# Replay needs the circuit to know what the reader cannot: a grid slot the circuit does not have
# (decisions: unreadable, exit 2). An option id outside A1-A19 is the reader's to refuse.
REPLAY_UNREADABLE = ("cars[",)


def read_or_none(data: Any) -> RaceLog | None:
    """The log, or None when it is unreadable; any exception but `LogFormatError` escapes."""
    try:
        return read_race_log(data)
    except LogFormatError:
        return None


def verdict_of(log: RaceLog) -> Verdict | None:
    """The replay's verdict on a log that reads (None if the circuit finds it unreadable)."""
    track = TRACKS.get(log.circuit)
    if track is None:
        return None  # an unknown circuit: the CLI's exit 2, nothing to replay
    try:
        verdict = replay(log, track)
    except LogFormatError as exc:
        assert str(exc).startswith(REPLAY_UNREADABLE), f"replay called a readable log unreadable: {exc}"
        return None
    assert isinstance(verdict, Verdict)
    out = verdict.to_json()
    json.dumps(out)
    assert out["valid"] is (not out["violations"])
    return verdict


# -- random input ----------------------------------------------------------------------------
finite = st.floats(allow_nan=False, allow_infinity=False, min_value=-1e6, max_value=1e6)
scalars = st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.floats() | st.text(max_size=8)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=16,
)
# Inside a log, numbers stay small: a roll of millions is replayed in time and memory that grow
# with it (see test_a_huge_roll_is_replayed_quickly).
small_scalars = st.none() | st.booleans() | st.integers(-500, 500) | st.floats() | st.text(max_size=8)
small_json_values = st.recursive(
    small_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=16,
)


@PROPERTY
@given(st.binary(max_size=300))
@example(b"")
@example(b"\xff\xfe{}")
@example(b"[" * 5000)
@example(b'{"format": "formule-de/race-log@1"}')
def test_random_bytes_never_raise_anything_but_log_format_error(data):
    log = read_or_none(data)
    if log is not None:
        verdict_of(log)


@pytest.mark.slow
@PROPERTY
@given(json_values)
@example(
    {"format": "formule-de/race-log@1", "circuit": "ovale", "weather": {"race": 9}, "cars": [], "turns": []}
)
def test_random_json_values_never_raise_anything_but_log_format_error(value):
    for data in (value, json.dumps(value)):
        log = read_or_none(data)
        if log is not None:
            verdict_of(log)


@PROPERTY
@given(st.sampled_from(SEEDS), st.data())
def test_byte_damage_to_a_valid_log_never_raises_anything_but_log_format_error(doc, data):
    text = bytearray(json.dumps(doc).encode())
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text) - 1))
        what = data.draw(st.sampled_from(["drop", "flip", "insert"]))
        if what == "drop":
            del text[i]
        elif what == "flip":
            text[i] = data.draw(st.integers(0, 255))
        else:
            text[i:i] = data.draw(st.sampled_from([b",", b"]", b"}", b'"', b"-", b"0", b"\\", b"null"]))
    log = read_or_none(bytes(text))
    if log is not None:
        verdict_of(log)


@pytest.mark.parametrize("number", ["NaN", "Infinity", "1e400"])
def test_a_non_finite_experience_balance_is_a_log_format_error(number):
    doc = copy.deepcopy(SEEDS[0])
    doc["cars"][0]["experience"] = {"driver": 0.5, "team": 0.0}
    text = json.dumps(doc).replace('"driver": 0.5', f'"driver": {number}')
    assert math.isnan(float(number)) or math.isinf(float(number))
    with pytest.raises(LogFormatError):
        read_race_log(text)


@pytest.mark.parametrize("where", ["move", "test"])
def test_a_car_id_of_the_wrong_type_is_a_log_format_error(where):
    doc = copy.deepcopy(SEEDS[0])
    move = doc["turns"][0]["moves"][0]
    if where == "move":
        move["car"] = [move["car"]]
    else:
        move["tests"] = [{"test": "collision", "car": {"id": "7"}, "roll": 3}]
    with pytest.raises(LogFormatError):
        read_race_log(json.dumps(doc))


@pytest.mark.parametrize("options", [["A7"], ["A7", "A13"]], ids=["without-A13", "with-A13"])
def test_a_seventh_gear_roll_with_an_experience_spend_gets_a_verdict(options):
    doc = copy.deepcopy(next(d for d in SEEDS if d["circuit"] == "ovale" and d.get("laps") == 1))
    doc["options"] = options
    doc["cars"][0]["experience"] = {"driver": 1.0, "team": 0.0}
    doc["turns"][0]["moves"][0].update(gear=7, roll=[11, 21], xp={"driver": "plus1", "natural": 11})
    verdict = replay(read_race_log(json.dumps(doc)), TRACKS["ovale"])
    assert isinstance(verdict, Verdict)
    # `natural` is one number: which of the two dice it changes, the log cannot say (decisions)
    assert any(v.rule == "X2" and v.code is Code.X2_SPENDS_DRIVER_EXPERIENCE_TWO for v in verdict.violations)


HUGE_ROLL = """
import json, sys
from rules import load_circuit, read_race_log, replay
doc = json.loads(sys.argv[1])
track = load_circuit(json.loads(open(sys.argv[2]).read()))
replay(read_race_log(doc), track)
"""


@pytest.mark.parametrize("how", ["path", "to"])
def test_a_huge_roll_is_replayed_quickly(how):
    """A roll of a million (a G1 violation) is judged like any other, in well under a second."""
    doc = copy.deepcopy(next(d for d in SEEDS if d["circuit"] == "ovale" and d.get("laps") == 1))
    move = doc["turns"][1]["moves"][0]
    move["roll"] = 10**6
    if how == "to":
        move["to"] = move.pop("path")[-1]
    circuit = ROOT / "fixtures" / "circuits" / "ovale.json"
    try:
        subprocess.run(
            [sys.executable, "-c", HUGE_ROLL, json.dumps(doc), str(circuit)],
            cwd=ROOT,
            timeout=3,
            check=True,
            capture_output=True,
        )
    except subprocess.TimeoutExpired:
        pytest.fail("the replay of a roll of 10**6 did not end within 3 s")


# -- mutations of valid logs ----------------------------------------------------------------
ANY_INT = st.integers(-3, 40) | st.integers(-500, 500)


def _moves(doc: dict) -> list[tuple[int, int]]:
    turns = doc.get("turns")
    if not isinstance(turns, list):
        return []
    return [
        (t, m)
        for t, turn in enumerate(turns)
        if isinstance(turn, dict) and isinstance(turn.get("moves"), list)
        for m in range(len(turn["moves"]))
    ]


def _a_move(doc: dict, data) -> dict | None:
    where = _moves(doc)
    if not where:
        return None
    t, m = data.draw(st.sampled_from(where))
    move = doc["turns"][t]["moves"][m]
    return move if isinstance(move, dict) else None


def _renumber(doc: dict) -> None:
    for i, turn in enumerate(doc.get("turns") or []):
        if isinstance(turn, dict):
            turn["turn"] = i + 1


def _squares(doc: dict) -> list[str]:
    track = TRACKS.get(doc.get("circuit"))
    return list(track.squares) if track else ["S1-a1"]


def _square(doc: dict, data) -> str:
    return data.draw(st.sampled_from(_squares(doc)) | st.sampled_from(["", "S1-z9", "PIT-99", "T1-b0"]))


def drop_move(doc, data):
    where = _moves(doc)
    if where:
        t, m = data.draw(st.sampled_from(where))
        del doc["turns"][t]["moves"][m]


def duplicate_move(doc, data):
    where = _moves(doc)
    if where:
        t, m = data.draw(st.sampled_from(where))
        t2, _ = data.draw(st.sampled_from(where))
        doc["turns"][t2]["moves"].append(copy.deepcopy(doc["turns"][t]["moves"][m]))


def swap_moves(doc, data):
    where = _moves(doc)
    if len(where) >= 2:
        (t1, m1), (t2, m2) = data.draw(st.sampled_from(where)), data.draw(st.sampled_from(where))
        a, b = doc["turns"][t1]["moves"], doc["turns"][t2]["moves"]
        a[m1], b[m2] = b[m2], a[m1]


def drop_turn(doc, data):
    if doc.get("turns"):
        del doc["turns"][data.draw(st.integers(0, len(doc["turns"]) - 1))]
        _renumber(doc)


def duplicate_turn(doc, data):
    if doc.get("turns"):
        i = data.draw(st.integers(0, len(doc["turns"]) - 1))
        doc["turns"].insert(i, copy.deepcopy(doc["turns"][i]))
        _renumber(doc)


def set_roll(doc, data):
    if (move := _a_move(doc, data)) is not None:
        move["roll"] = data.draw(ANY_INT | st.lists(st.integers(0, 35), min_size=2, max_size=2))


def set_gear(doc, data):
    if (move := _a_move(doc, data)) is not None:
        move["gear"] = data.draw(st.integers(-1, 8))


def change_path(doc, data):
    move = _a_move(doc, data)
    if move is None or not isinstance(move.get("path"), list) or not move["path"]:
        return
    path = move["path"]
    what = data.draw(st.sampled_from(["truncate", "extend", "replace", "reverse", "to", "empty"]))
    if what == "truncate":
        del path[data.draw(st.integers(0, len(path) - 1)) :]
        if not path:
            path.append(_square(doc, data))
    elif what == "extend":
        path.append(_square(doc, data))
    elif what == "replace":
        path[data.draw(st.integers(0, len(path) - 1))] = _square(doc, data)
    elif what == "reverse":
        path.reverse()
    elif what == "to":
        move["to"] = data.draw(st.sampled_from([path[-1], _square(doc, data)]))
        del move["path"]
    else:
        move["path"] = []


def set_number(doc, data):
    if (move := _a_move(doc, data)) is not None:
        move[data.draw(st.sampled_from(["brake", "bonus", "slipstream"]))] = data.draw(st.integers(-2, 12))


def add_test(doc, data):
    if (move := _a_move(doc, data)) is None:
        return
    cars = [c.get("car") for c in doc.get("cars", []) if isinstance(c, dict)]
    test: dict[str, Any] = {
        "test": data.draw(st.sampled_from(["collision", "engine", "handling", "weather", "pit"])),
        "roll": data.draw(st.integers(-2, 25)),
    }
    if data.draw(st.booleans()) and cars:
        test["car"] = data.draw(st.sampled_from(cars))
    if data.draw(st.booleans()):
        test["square"] = _square(doc, data)
    tests = move.setdefault("tests", [])
    if isinstance(tests, list):
        tests.insert(data.draw(st.integers(0, len(tests))), test)


def add_xp(doc, data):
    if (move := _a_move(doc, data)) is not None:
        move["xp"] = data.draw(
            st.fixed_dictionaries(
                {"driver": st.sampled_from(["plus1", "minus1", "reroll"]), "natural": st.integers(-1, 31)}
            )
            | st.fixed_dictionaries({"team": st.sampled_from(["wear", "fast-stop"])})
        )


def set_wear(doc, data):
    cars = doc.get("cars")
    if (
        isinstance(cars, list)
        and cars
        and isinstance(cars[0], dict)
        and isinstance(cars[0].get("wear"), dict)
    ):
        car = data.draw(
            st.sampled_from([c for c in cars if isinstance(c, dict) and isinstance(c.get("wear"), dict)])
        )
        part = data.draw(st.sampled_from(["tyres", "brakes", "gearbox", "body", "engine", "handling"]))
        car["wear"][part] = data.draw(st.integers(-1, 20))


def set_car_field(doc, data):
    cars = [c for c in doc.get("cars") or [] if isinstance(c, dict)]
    if cars:
        car = data.draw(st.sampled_from(cars))
        key = data.draw(st.sampled_from(["grid", "tyres", "team", "experience"]))
        car[key] = data.draw(
            {
                "grid": st.integers(0, 12),
                "tyres": st.sampled_from(["hard", "soft", "rain", "slick"]),
                "team": st.sampled_from(["rouge", "bleu", "team7"]),
                "experience": st.fixed_dictionaries({"driver": finite, "team": finite}),
            }[key]
        )


def set_top_field(doc, data):
    key = data.draw(st.sampled_from(["weather", "laps", "options", "result", "circuit"]))
    cars = [c.get("car") for c in doc.get("cars") or [] if isinstance(c, dict)]
    doc[key] = data.draw(
        {
            "weather": st.fixed_dictionaries({"race": st.integers(-2, 25)}),
            "laps": st.none() | st.integers(-1, 4),
            "options": st.lists(st.sampled_from([f"A{i}" for i in range(1, 20)] + ["A20", "B1"]), max_size=4),
            "result": st.lists(st.sampled_from(cars or ["7"]), max_size=4, unique=True),
            "circuit": st.sampled_from(sorted(TRACKS) + ["nowhere"]),
        }[key]
    )


def _slots(node: Any, out: list) -> list:
    """Every (container, key) in a JSON tree."""
    if isinstance(node, dict):
        for key, value in node.items():
            out.append((node, key))
            _slots(value, out)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out.append((node, i))
            _slots(value, out)
    return out


def delete_field(doc, data):
    slots = [(c, k) for c, k in _slots(doc, []) if isinstance(c, dict)]
    if slots:
        container, key = data.draw(st.sampled_from(slots))
        del container[key]


def change_type(doc, data):
    slots = _slots(doc, [])
    if slots:
        container, key = data.draw(st.sampled_from(slots))
        container[key] = data.draw(small_json_values)


MUTATIONS = [
    drop_move,
    duplicate_move,
    swap_moves,
    drop_turn,
    duplicate_turn,
    set_roll,
    set_gear,
    change_path,
    set_number,
    add_test,
    add_xp,
    set_wear,
    set_car_field,
    set_top_field,
    delete_field,
    change_type,
]


def mutated(doc: dict, data) -> dict:
    doc = copy.deepcopy(doc)
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        data.draw(st.sampled_from(MUTATIONS), label="mutation")(doc, data)
    return doc


@pytest.mark.slow
@settings(PROPERTY, max_examples=300)
@given(st.sampled_from(SEEDS), st.data())
def test_a_mutated_log_fails_to_read_cleanly_or_gets_a_verdict(doc, data):
    doc = mutated(doc, data)
    for form in (doc, json.dumps(doc)):
        log = read_or_none(form)
        if log is not None:
            verdict_of(log)


@pytest.mark.slow
@settings(PROPERTY, max_examples=120)
@given(st.sampled_from(SEEDS), st.data())
def test_the_same_log_always_gets_the_same_verdict(doc, data):
    """Replayed twice, on a freshly built circuit, and after `to_json()` and back: one verdict."""
    if data.draw(st.booleans(), label="mutate"):
        doc = mutated(doc, data)
    log = read_or_none(json.dumps(doc))
    if log is None or (first := verdict_of(log)) is None:
        return
    track = TRACKS[log.circuit]
    fresh = load_circuit(copy.deepcopy(dict(track.document)))
    again = replay(read_race_log(json.dumps(doc)), fresh)
    assert again.to_json() == first.to_json()
    assert replay(log, track).to_json() == first.to_json()
    written = read_race_log(json.dumps(log.to_json()))
    assert replay(written, track).to_json() == first.to_json()


# -- the bot -----------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("circuit", sorted(TRACKS))
@settings(deadline=None, max_examples=5, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_race_the_bot_writes_is_valid(circuit, data):
    track = TRACKS[circuit]
    cars = data.draw(st.integers(2, min(10, len(track.grid))), label="cars")
    seed = data.draw(st.integers(0, 10**6), label="seed")
    doc = write_race(track, cars=cars, laps=1, seed=seed)
    log = read_race_log(json.dumps(doc))
    verdict = replay(log, track)
    assert verdict.valid, [str(v) for v in verdict.violations[:3]]
    assert verdict.result_matches is True
    assert len(log.cars) == cars
    assert {p.status for p in verdict.classification} <= {"finished", "eliminated"}
    assert write_race(track, cars=cars, laps=1, seed=seed) == doc, "the same seed wrote another race"
