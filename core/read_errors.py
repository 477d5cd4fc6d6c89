"""Why an input cannot be read (a race log, a qualifying sheet, a circuit, an API body), in the
reader's language: the engine's reading errors (`rules.messages.reading`) are a code, a place and
params; their English templates are the msgids. Apart from `core.messages` so that models and the
API's parser can use it without the sheets."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, pgettext

from rules.messages.reading import PLACES, READ_TEMPLATES, READ_WORDS, ReadCode, ReadingError


def reading_message(code: ReadCode | str, params: Mapping[str, Any]) -> str:
    """`where: what` in the active language; `where` a field path as the input spells it, or the
    name of the whole document ("race log"), translated."""
    code = ReadCode(code)
    values = dict(params)
    where = values.pop("where", "")
    if where in PLACES:
        where = pgettext("place", where)
    for name, vocabulary in READ_WORDS.get(code, {}).items():
        if isinstance(values.get(name), str):
            values[name] = pgettext(vocabulary, values[name])
    text = gettext(READ_TEMPLATES[code]).format(**values)
    # Translators: a place in a log (a field path such as turns[3].moves[1].roll), then what is wrong there.
    return gettext("%(where)s: %(what)s") % {"where": where, "what": text} if where else text


def reading_text(error: ReadingError) -> str:
    """A `LogFormatError`, `CircuitError` or `JsonInputError` in the active language."""
    return reading_message(error.code, error.to_json()["params"])
