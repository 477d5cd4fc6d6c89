"""Who races, as race night's API is told it: the header's `cars` are the drivers present, and
`absent` lists the other entries (non-partants). Read here, checked against the race's entries
by the table service (`sheets.engine.header_check`, `races.presence`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from live.services import TableRefused

ABSENT = "absent"
MAX_ABSENT = 100  # a board seats 10; a list longer than any race's entries is refused unread


def header_and_absent(data: Any) -> tuple[Any, tuple[str, ...]]:
    """The header and the absent cars of a table's creation: `{"header": {…}, "absent": [...]}`,
    or the header itself as the body with `absent` beside its fields (taken out: it is not a
    race-log field). Raises `TableRefused` (400) when `absent` is not a list of car numbers."""
    if isinstance(data, Mapping) and isinstance(data.get("header"), Mapping):
        header, raw = data["header"], data.get(ABSENT, [])
    elif isinstance(data, Mapping) and ABSENT in data:
        header, raw = {k: v for k, v in data.items() if k != ABSENT}, data[ABSENT]
    else:
        return data, ()
    return header, _cars(raw)


def _cars(raw: Any) -> tuple[str, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or len(raw) > MAX_ABSENT:
        raise TableRefused(_("absent: a list of car numbers, got %(v)s") % {"v": _show(raw)})
    cars = []
    for car in raw:
        if isinstance(car, bool) or not isinstance(car, str | int) or str(car) == "":
            raise TableRefused(_("absent: a list of car numbers, got %(v)s") % {"v": _show(car)})
        cars.append(str(car))
    return tuple(cars)


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"
