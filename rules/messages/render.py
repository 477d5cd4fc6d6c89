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
from rules.messages.words import WORD_PARAMS

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


def _is_message(value: Any) -> bool:
    return type(value) is tuple and len(value) == 2 and isinstance(value[0], Code)


def _is_json_message(value: Any) -> bool:
    return isinstance(value, dict) and value.keys() == {"code", "params"}


def _pairs(values: Params | Mapping[str, Any]) -> Iterable[tuple[str, Any]]:
    return values.items() if isinstance(values, Mapping) else values


class Renderer(string.Formatter):
    """Fills a code's template with its params. English here; a reader in another language
    subclasses it (the site does, with gettext) and overrides the hooks: `template` (the text of a
    code), `word` (a param that is a word of `WORDS`), `ordinal` (`{gear:nth}`), `plural` (`{n:s}`).
    Nested messages are rendered by the same renderer, so they come out in the same language."""

    def template(self, code: Code) -> str:
        return TEMPLATES[code]

    def word(self, vocabulary: str, word: str) -> str:
        return word

    def ordinal(self, n: int) -> str:
        return _nth(n)

    def plural(self, n: int) -> str:
        return "" if n == 1 else "s"

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "s":
            return self.plural(value)
        if format_spec == "nth":
            return self.ordinal(value)
        return super().format_field(value, format_spec)

    def _nested(self, value: Any) -> str:
        return self.render(*value) if _is_message(value) else self.render(value["code"], value["params"])

    def _words(self, vocabulary: str, value: Any) -> Any:
        if isinstance(value, str):
            return self.word(vocabulary, value)
        if isinstance(value, dict):  # a wear dict: its keys are parts
            return {self.word(vocabulary, k): v for k, v in value.items()}
        return value

    def render(self, code: Code | str, values: Params | Mapping[str, Any] = ()) -> str:
        """The text of a message. `values` as the engine gives them, or as `to_json` writes them
        (a dict; nested messages as {"code", "params"})."""
        code = Code(code)
        words = WORD_PARAMS.get(code)
        filled: dict[str, Any] = {}
        for name, value in _pairs(values):
            if _is_message(value) or _is_json_message(value):
                value = self._nested(value)
            elif type(value) is list and value and all(_is_message(v) or _is_json_message(v) for v in value):
                value = "".join(self._nested(v) for v in value)
            elif words is not None and name in words:
                value = self._words(words[name], value)
            filled[name] = value
        return self.vformat(self.template(code), (), filled)


ENGLISH = Renderer()


def render(code: Code | str, values: Params | Mapping[str, Any] = ()) -> str:
    """The English text of a message (see `Renderer.render`)."""
    return ENGLISH.render(code, values)


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
