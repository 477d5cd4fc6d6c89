"""Messages as data: `(code, params)`, rendered to English only when someone reads them.

`params` is a tuple of `(name, value)` pairs; a value is JSON-able (str, int, float, bool, None,
a list or dict of those), a nested message `(Code, params)`, rendered first (e.g. the reason
inside "eliminated: {why}"), or a list of nested messages, rendered one after the other (the
terms of a move's total). Templates are `str.format` strings with two extra format specs:
`{n:s}` gives "s" unless n is 1 (English plural), `{gear:nth}` an English ordinal ("2nd")."""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping
from typing import Any, TypeAlias

from rules.messages.codes import Code
from rules.messages.english import TEMPLATES

Params: TypeAlias = tuple[tuple[str, Any], ...]
Message: TypeAlias = tuple[Code, Params]


def params(**values: Any) -> Params:
    """A message's params, in the order given."""
    return tuple(values.items())


def msg(code: Code, **values: Any) -> Message:
    """A message to pass around before it becomes (part of) a violation or an event."""
    return (code, tuple(values.items()))


def _nth(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


class _English(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "s":
            return "" if value == 1 else "s"
        if format_spec == "nth":
            return _nth(value)
        return super().format_field(value, format_spec)


_FORMAT = _English().vformat


def _is_message(value: Any) -> bool:
    return type(value) is tuple and len(value) == 2 and isinstance(value[0], Code)


def _is_json_message(value: Any) -> bool:
    return isinstance(value, dict) and value.keys() == {"code", "params"}


def _pairs(values: Params | Mapping[str, Any]) -> Iterable[tuple[str, Any]]:
    return values.items() if isinstance(values, Mapping) else values


def render(code: Code | str, values: Params | Mapping[str, Any] = ()) -> str:
    """The English text of a message. `values` as the engine gives them, or as `to_json` writes
    them (a dict; nested messages as {"code", "params"})."""
    filled: dict[str, Any] = {}
    for name, value in _pairs(values):
        if _is_message(value):
            value = render(*value)
        elif _is_json_message(value):
            value = render(value["code"], value["params"])
        elif type(value) is list and value and all(_is_message(v) or _is_json_message(v) for v in value):
            value = "".join(render(*v) if _is_message(v) else render(v["code"], v["params"]) for v in value)
        filled[name] = value
    return _FORMAT(TEMPLATES[Code(code)], (), filled)


def _message_json(message: Message) -> dict[str, Any]:
    return {"code": message[0].value, "params": params_json(message[1])}


def params_json(values: Params) -> dict[str, Any]:
    """Params as JSON: a dict; a nested message becomes {"code": …, "params": {…}}."""
    out: dict[str, Any] = {}
    for name, value in values:
        if _is_message(value):
            value = _message_json(value)
        elif type(value) is list and value and all(_is_message(v) for v in value):
            value = [_message_json(v) for v in value]
        out[name] = value
    return out
