"""The one strict JSON reader (rules/strict_json.py): what json.loads lets through is refused, by place."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.formats import LogFormatError, read_race_log
from rules.strict_json import MAX_DEPTH, JsonInputError, loads


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"cars": [{"car": "7", "car": "8"}]}', "cars[0]: the key 'car' is given twice"),
        ('{"a": [1, {"b": NaN}]}', "a[1].b: NaN is not a number"),
        ('{"a": -Infinity}', "a: -Infinity is not a number"),
        ('{"a": 1e400}', "a: a number out of range"),
        ('{"x": [' + "9" * 5000 + "]}", "x[0]: a number too large (5000 digits)"),
        ('{"x": {"name": "a\\u0000b"}}', "x.name: the character U+0000 (NUL)"),
        ('{"x": ["\\ud800"]}', "x[0]: a lone surrogate (U+D800)"),
        ('{"x\\u0000": 1}', "JSON: a key: the character U+0000"),
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "[0]"),
        ("[" * 100_000 + "]" * 100_000, f"JSON: nested more than {MAX_DEPTH} deep"),
        ('{"a": "[[[[", "b": ' + "[" * 80 + "]" * 80 + "}", "b[0]"),
    ],
)
def test_it_refuses_what_no_league_document_holds_naming_the_place(text, message):
    with pytest.raises(JsonInputError) as err:
        loads(text)
    assert message in str(err.value)
    with pytest.raises(JsonInputError):
        loads(text.encode())


def test_nesting_too_deep_is_named_as_such():
    with pytest.raises(JsonInputError, match=f"nested more than {MAX_DEPTH} deep"):
        loads("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))


def test_it_reads_what_json_reads_otherwise():
    text = '{"a": [1, 2.5, "\\ud83d\\ude00 [{", {"b": null}], "c": "x\\\\\\"]"}'
    assert loads(text) == json.loads(text)
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH) == json.loads("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    with pytest.raises(JsonInputError, match="not UTF-8"):
        loads(b"\xff")
    with pytest.raises(JsonInputError, match="not JSON"):
        loads("{")


def test_a_raw_lone_surrogate_in_a_str_is_refused():
    with pytest.raises(JsonInputError, match="lone surrogate"):
        loads('{"a": "\ud800"}')


def test_the_race_log_reader_refuses_them_as_unreadable():
    with pytest.raises(LogFormatError, match="the key 'format' is given twice"):
        read_race_log('{"format": "x", "format": "y"}')
    with pytest.raises(LogFormatError, match="weather.race: a number too large"):
        read_race_log('{"format": "formule-de/race-log@1", "weather": {"race": ' + "1" * 4400 + "}}")


_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=30,
)


@settings(max_examples=150, deadline=None)
@given(_values)
def test_it_agrees_with_json_on_ordinary_documents(value):
    text = json.dumps(value)
    if "\\u0000" in text or any(0xD800 <= ord(c) <= 0xDFFF for c in json.dumps(value, ensure_ascii=False)):
        with pytest.raises(JsonInputError):
            loads(text)
    else:
        assert loads(text) == json.loads(text)
