"""One strict JSON reader for every input the league takes: race logs, API bodies, form uploads.

`json.loads` accepts things no league document needs and some that break what comes after:
`NaN` and `Infinity`, integers of thousands of digits (Python refuses to read past 4,300),
a key given twice (the last silently wins), `\\u0000` (PostgreSQL refuses it in text and JSON),
lone surrogates (no UTF-8 encoding exists for them) and nesting deep enough to exhaust the stack.
`loads` refuses each with a `JsonInputError` whose message names the place: "turns[3].moves[1].gear:
a number too large (5000 digits)". Pure Python, no Django: the API's parser uses it too.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from rules.messages.reading import ReadCode, ReadingError

MAX_DEPTH = 64  # a race log nests 6 deep; the API's bodies less
MAX_INT_DIGITS = 100  # the largest number a league document holds is a few digits long

# Only an escape can put NUL or a surrogate into a decoded string: look for the slow walk's reasons first.
_SUSPECT_ESCAPE = re.compile(r"\\u(?:0000|[dD][89a-fA-F])")
_SURROGATE = re.compile("[\ud800-\udfff]")


class JsonInputError(ReadingError):
    """The text is not JSON, or JSON no league document may hold; `where` names the place."""


class _Refused(Exception):
    """Raised by the fast path's hooks: read again the slow way, which names the place."""


class _Bad:
    """Stands where the slow path's scanner read something refused, for the walk to say where."""

    __slots__ = ("code", "params")

    def __init__(self, code: ReadCode, **params: Any) -> None:
        self.code = code
        self.params = params


class _Duplicate(dict):
    __slots__ = ("key",)


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _Refused
    return out


def _refuse(_text: str) -> Any:
    raise _Refused


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused
    return value


def _marked_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                dup = _Duplicate(out)
                dup.key = key
                return dup
            seen.add(key)
    return out


def _marked_int(text: str) -> Any:
    digits = len(text.lstrip("-"))
    return _Bad(ReadCode.NUMBER_TOO_LARGE, digits=digits) if digits > MAX_INT_DIGITS else int(text)


def _marked_float(text: str) -> Any:
    value = float(text)
    return value if math.isfinite(value) else _Bad(ReadCode.NUMBER_OUT_OF_RANGE, text=text[:20])


def _marked_constant(name: str) -> Any:
    return _Bad(ReadCode.NOT_A_JSON_NUMBER, name=name)


# Every digit as "0", anything else as " ": a run of too many digits is then a plain substring search.
_DIGITS_ONLY = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))
_LONG_RUN = b"0" * (MAX_INT_DIGITS + 1)
_NOT_SHAPE = bytes(b for b in range(256) if b not in b'[]{}"\\')


def _too_deep(raw: bytes, max_depth: int) -> bool | None:
    """Whether the brackets nest deeper than `max_depth`, at C speed, or None when a string holds a
    bracket (then only the walk can tell): keep brackets and quotes, drop escapes and the strings,
    then peel the innermost pairs off, one level a pass."""
    shape = raw.replace(b"\\\\", b"").replace(b'\\"', b"").translate(None, _NOT_SHAPE).replace(b'""', b"")
    if b'"' in shape:
        return None
    for _level in range(max_depth):
        if not shape:
            return False
        shape = shape.replace(b"[]", b"").replace(b"{}", b"")
    return bool(shape)


def loads(text: str | bytes, *, what: str = "JSON", max_depth: int = MAX_DEPTH) -> Any:
    """Read JSON text (UTF-8 bytes or str) strictly; raises `JsonInputError` naming the place."""
    if isinstance(text, bytes | bytearray):
        raw = bytes(text)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JsonInputError(ReadCode.NOT_UTF8, what, why=exc.reason, byte=exc.start) from None
        strings = _SUSPECT_ESCAPE.search(text) is not None  # decoded UTF-8 holds no lone surrogate
    else:
        try:
            raw = text.encode("utf-8")
            strings = _SUSPECT_ESCAPE.search(text) is not None
        except UnicodeEncodeError:
            raw, strings = text.encode("utf-8", "surrogatepass"), True
    huge = _LONG_RUN in raw.translate(_DIGITS_ONLY)  # a regex here costs more than the parse
    try:
        doc = json.loads(
            text,
            object_pairs_hook=_pairs,
            parse_float=_float,
            parse_constant=_refuse,
            parse_int=_refuse if huge else None,
        )
    except json.JSONDecodeError as exc:
        raise JsonInputError(
            ReadCode.NOT_JSON, what, why=exc.msg, line=exc.lineno, column=exc.colno
        ) from None
    except RecursionError:
        raise JsonInputError(ReadCode.TOO_DEEP, what, depth=max_depth) from None
    except _Refused:
        strings = True
    else:
        if not strings and _too_deep(raw, max_depth) is False:
            return doc
    # Something is refused: read again, marking what, and walk to the first refused place.
    doc = json.loads(
        text,
        object_pairs_hook=_marked_pairs,
        parse_int=_marked_int,
        parse_float=_marked_float,
        parse_constant=_marked_constant,
    )
    _walk(doc, what, max_depth)
    return doc


def _walk(doc: Any, what: str, max_depth: int) -> None:
    stack: list[tuple[Any, str, int]] = [(doc, "", 1)]
    while stack:
        value, path, depth = stack.pop()
        where = path or what
        if isinstance(value, dict | list) and depth > max_depth:
            raise JsonInputError(ReadCode.TOO_DEEP, where, depth=max_depth)
        if isinstance(value, dict):
            if isinstance(value, _Duplicate):
                raise JsonInputError(ReadCode.KEY_TWICE, where, key=value.key)
            for key, item in value.items():
                _check_string(key, where, key=True)
                stack.append((item, _place(path, key), depth + 1))
        elif isinstance(value, list):
            stack.extend((item, _place(path, i), depth + 1) for i, item in enumerate(value))
        elif isinstance(value, _Bad):
            raise JsonInputError(value.code, where, **value.params)
        elif isinstance(value, str):
            _check_string(value, where)


def _place(path: str, key: Any) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


def _check_string(value: str, where: str, key: bool = False) -> None:
    if "\x00" in value:
        raise JsonInputError(ReadCode.KEY_NUL if key else ReadCode.NUL, where)
    found = _SURROGATE.search(value)
    if found:
        code = ReadCode.KEY_LONE_SURROGATE if key else ReadCode.LONE_SURROGATE
        raise JsonInputError(code, where, codepoint=f"{ord(found.group()):04X}")
