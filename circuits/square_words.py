"""A board's squares in words: a message (an event, a violation) that names a square says it as
the table names it (`rules.circuits.names`), in the reader's language; its params keep the id.
Race night's events and the replay's read them so."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from core.messages import message_text
from rules.circuits.names import square_names
from rules.track import Track

_NAMES: dict[tuple[int, str | None], tuple[Track, dict[str, str]]] = {}
_KEPT = 64
_LOCK = threading.Lock()


def track_names(track: Track) -> dict[str, str]:
    """Each square's name on this track in the active language (kept per track and language)."""
    key = (id(track), get_language())
    with _LOCK:
        hit = _NAMES.get(key)
    if hit is not None and hit[0] is track:  # an id is only unique while its track lives
        return hit[1]
    try:
        names = square_names(track, translate=_)
    except (TypeError, ValueError, KeyError):  # a document the names cannot read: the ids
        names = {}
    with _LOCK:
        if len(_NAMES) >= _KEPT:
            _NAMES.clear()
        _NAMES[key] = (track, names)
    return names


def _named(value: Any, names: Mapping[str, str]) -> Any:
    if type(value) is str and value in names:
        return names[value]
    if isinstance(value, list) and value and all(type(v) is str and v in names for v in value):
        return [names[v] for v in value]
    return value


def named_message(code: Any, params: Any, names: Mapping[str, str]) -> str | None:
    """The message with every square it names in words, or None when it names none."""
    if not names or not isinstance(params, tuple):
        return None
    named = tuple((key, _named(value, names)) for key, value in params)
    if named == params:
        return None
    return message_text(code, named)
