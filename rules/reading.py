"""What the race-log and qualifying-sheet readers share: `LogFormatError` and small checks
whose errors name the place and say what is wrong there as a code with params
("turns[3].moves[1].roll: expected an integer, got 'x'" in English, see rules/messages/reading.py)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import rules.strict_json as strict_json
from rules.messages.reading import ReadCode, ReadingError
from rules.weather import Tyres


class LogFormatError(ReadingError):
    """The input is not a readable race log or qualifying sheet (CLI exit status 2): `code` and
    `params` say what is wrong at `where`; `str()` is the English sentence."""


_TYRES = {t.value: t for t in Tyres}


def _fail(where: str, code: ReadCode, **params: Any) -> LogFormatError:
    return LogFormatError(code, where, **params)


def _load(data: bytes | str | Mapping[str, Any], what: str) -> Mapping[str, Any]:
    if isinstance(data, Mapping):
        return data
    if not isinstance(data, str | bytes | bytearray):
        raise _fail(what, ReadCode.EXPECTED_TEXT_OR_OBJECT, type=type(data).__name__)
    try:
        doc = strict_json.loads(data, what=what)  # NaN, huge integers, twice-given keys, NUL… refused
    except strict_json.JsonInputError as exc:
        raise LogFormatError(exc.code, exc.where, **exc.params) from None
    if not isinstance(doc, dict):
        raise _fail(what, ReadCode.EXPECTED_JSON_OBJECT, type=type(doc).__name__)
    return doc


def _obj(value: Any, where: str, allowed: frozenset[str]) -> Mapping[str, Any]:
    if type(value) is not dict:
        raise _fail(where, ReadCode.EXPECTED_OBJECT, got=_show(value))
    if not value.keys() <= allowed:
        unknown = sorted(k for k in value if k not in allowed)[0]
        raise _fail(unknown if where in _TOPS else f"{where}.{unknown}", ReadCode.UNKNOWN_FIELD)
    return value


_TOPS = ("race log", "qualifying sheet")


def _show(value: Any) -> str:
    if isinstance(value, str):
        text = repr(value)
    else:
        text = json.dumps(value, ensure_ascii=False) if _jsonable(value) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _jsonable(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def _int(value: Any, where: str, minimum: int | None = None) -> int:
    if type(value) is not int:
        raise _fail(where, ReadCode.EXPECTED_INTEGER, got=_show(value))
    if minimum is not None and value < minimum:
        raise _fail(where, ReadCode.AT_LEAST, minimum=minimum, got=value)
    return value


def _str(value: Any, where: str) -> str:
    if type(value) is not str or not value:
        raise _fail(where, ReadCode.EXPECTED_STRING, got=_show(value))
    return value


def _choice(value: Any, where: str, choices: tuple[str, ...] | dict) -> Any:
    if type(value) is not str or value not in choices:
        names = ", ".join(repr(c) for c in choices)
        raise _fail(where, ReadCode.EXPECTED_ONE_OF, choices=names, got=_show(value))
    return choices[value] if isinstance(choices, dict) else value


def _tenths(value: Any, where: str) -> int:
    # `not 0 <= value <= 1e6` also refuses NaN and infinity (JSON's NaN, Infinity, 1e400)
    if type(value) not in (int, float) or not 0 <= value <= 1e6:
        raise _fail(where, ReadCode.EXPECTED_POINTS, got=_show(value))
    return round(value * 10)
