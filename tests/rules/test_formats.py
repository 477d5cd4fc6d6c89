"""Reading race logs and qualifying sheets; every unreadable input names its place."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.formats import LogFormatError, read_qualifying, read_race_log
from tests.rules.conftest import car, mv, race


def _log(**kw) -> dict:
    return race([car("7", 1), car("3", 2)], [[mv("7", 1, 2, "S1-b1", "S1-b2")]], **kw)


def test_it_reads_the_examples_and_writes_them_back(examples_dir):
    for name in ("race-ovale-valid.json", "race-ovale-gear-skip.json"):
        doc = json.loads((examples_dir / name).read_text())
        log = read_race_log((examples_dir / name).read_bytes())
        assert log.circuit == "ovale" and log.move_count == 17
        assert read_race_log(log.to_json()) == log
        assert log.to_json()["turns"] == doc["turns"]
    sheet = read_qualifying((examples_dir / "qualifying-ovale.json").read_text())
    assert sheet.laps[0].seconds == 262 and read_qualifying(sheet.to_json()) == sheet


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["turns"][0]["moves"][0].update(roll="x"),
            "turns[0].moves[0].roll: expected an integer, got 'x'",
        ),
        (lambda d: d.update(format="formule-de/race-log@2"), "format: expected"),
        (lambda d: d.update(colour="red"), "colour: unknown field"),
        (lambda d: d["turns"][0]["moves"][0].update(speed=3), "turns[0].moves[0].speed: unknown field"),
        (lambda d: d["turns"][0]["moves"][0].update(car="9"), "turns[0].moves[0].car: unknown car '9'"),
        (lambda d: d["turns"][0]["moves"][0].pop("path"), "turns[0].moves[0]: needs 'path'"),
        (lambda d: d["turns"][0].update(turn=2), "turns[0].turn: expected turn 1"),
        (lambda d: d["cars"][1].update(car="7"), "cars[1].car: car '7' appears twice"),
        (lambda d: d["cars"][1].update(grid=1), "cars[1].grid: grid slot 1 is already taken"),
        (lambda d: d["cars"][0]["wear"].pop("body"), "cars[0].wear.body: missing"),
        (lambda d: d["cars"][0].update(tyres="slick"), "cars[0].tyres: expected one of"),
        (lambda d: d.update(weather={}), "weather.race: missing"),
        (
            lambda d: d["turns"][0]["moves"][0].update(tests=[{"test": "crash", "roll": 3}]),
            "turns[0].moves[0].tests[0].test: expected one of",
        ),
        (lambda d: d.update(result=["7", "8"]), "result[1]: unknown car '8'"),
        (lambda d: d.update(options=["A7", "A20"]), "options[1]: unknown option 'A20'"),
    ],
)
def test_it_rejects_an_unreadable_log_naming_the_place(change, message):
    doc = _log()
    change(doc)
    with pytest.raises(LogFormatError) as err:
        read_race_log(doc)
    assert str(err.value).startswith(message)


def test_it_rejects_text_that_is_not_json():
    with pytest.raises(LogFormatError, match="not JSON"):
        read_race_log("{")
    with pytest.raises(LogFormatError, match="not UTF-8"):
        read_race_log(b"\xff\xfe")
    with pytest.raises(LogFormatError, match="expected a JSON object"):
        read_race_log("[1, 2]")


def test_it_rejects_a_bad_qualifying_clock():
    sheet = {
        "format": "formule-de/qualifying@1",
        "circuit": "ovale",
        "laps": [{"car": "7", "throws": 18, "clock": "4m22"}],
    }
    with pytest.raises(LogFormatError, match=r"laps\[0\].clock: expected a clock time"):
        read_qualifying(sheet)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(json_values)
def test_it_only_ever_raises_log_format_errors_on_garbage(value):
    for reader in (read_race_log, read_qualifying):
        with contextlib.suppress(LogFormatError):
            reader(json.dumps(value))


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["cars", "turns", "weather", "options", "result", "laps"]), json_values)
def test_it_only_ever_raises_log_format_errors_on_a_mangled_log(key, value):
    doc = _log()
    doc[key] = value
    with contextlib.suppress(LogFormatError):
        read_race_log(doc)


# The lean move reader (`_move`) must agree with the thorough one (`_checked_move`) on every input.
_squares = st.sampled_from(["S1-a1", "S1-b2", "T1-c3", "", 7, None])
_tests = st.fixed_dictionaries(
    {"test": st.sampled_from(["collision", "engine", "handling", "weather", "bogus", 3])},
    optional={
        "roll": st.sampled_from([1, 20, 0, "4", None, True]),
        "car": st.sampled_from(["7", "3", "9", None, ["7"], {"id": "7"}]),
        "square": st.sampled_from(["S1-a1", "", None, 5]),
        "extra": st.just(1),
    },
)
_moves = st.fixed_dictionaries(
    {},
    optional={
        "car": st.sampled_from(["7", "3", "9", 7, None, ["7"]]),
        "gear": st.sampled_from([1, 3, 6, 0, -1, "3", True, None]),
        "roll": st.sampled_from([2, 7, 0, [11, 21], [1], "2", 2.0, None]),
        "path": st.lists(_squares, max_size=3) | st.none() | st.just("S1-a1"),
        "to": st.sampled_from(["S1-a2", "", None]),
        "brake": st.sampled_from([0, 1, -1, None, "1"]),
        "bonus": st.sampled_from([0, 2, -1, None]),
        "slipstream": st.sampled_from([0, 1]),
        "tests": st.lists(_tests, max_size=3) | st.none() | st.just({}),
        "wait": st.sampled_from(["pit", "nap"]),
        "xp": st.sampled_from([None, {"driver": "plus1", "natural": 3}]),
        "color": st.just("red"),
    },
)


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(_moves)
def test_the_lean_move_reader_agrees_with_the_thorough_one(raw):
    from rules.formats import _checked_move, _move

    def outcome(read):
        try:
            return read(raw, "turns[0].moves[0]", {"7", "3"})
        except LogFormatError as exc:
            return str(exc)

    lean = outcome(_move)
    assert lean == outcome(_checked_move)
    if not isinstance(lean, str) and lean.plain:  # the hint that lets the replay skip advanced rules
        assert (lean.wait, lean.slipstream, lean.pit, lean.xp, lean.option, lean.to) == (
            None,
            0,
            None,
            None,
            None,
            None,
        )
        assert type(lean.roll) is int and lean.path


def test_the_lean_reader_reads_a_bot_race_like_the_thorough_one(monkeypatch):
    import rules.formats as formats
    from rules.bot import write_race
    from tests.rules.test_bot import CIRCUITS

    text = json.dumps(write_race(CIRCUITS["spa"], cars=6, laps=1, seed=3))
    lean = read_race_log(text)
    monkeypatch.setattr(formats, "_move", formats._checked_move)
    assert lean.move_count > 20 and any(m.tests for t in lean.turns for m in t.moves)
    assert read_race_log(text) == lean
