"""What the sheets room tells the rooms above it, as it happens: signals its services send.

As `races/events.py`: the services say what happened; `notifications` (connected in its
AppConfig.ready) decides who hears of it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from django.dispatch import Signal

if TYPE_CHECKING:
    from races.models import Race, RaceEntry
    from sheets.models import Protest, RaceSheet

SHEETS_JUDGED = Signal()  # sheets: the verdicts stored together; entries: {race id: {car: entry}}
PROTEST_FILED = Signal()  # protest
PROTEST_DECIDED = Signal()  # protest
RESULTS_PUBLISHED = Signal()  # race


def sheets_judged(sheets: Iterable[RaceSheet], *, entries: Mapping[int, Mapping[str, RaceEntry]]) -> None:
    SHEETS_JUDGED.send(sender=None, sheets=sheets, entries=entries)


def protest_filed(protest: Protest) -> None:
    PROTEST_FILED.send(sender=type(protest), protest=protest)


def protest_decided(protest: Protest) -> None:
    PROTEST_DECIDED.send(sender=type(protest), protest=protest)


def results_published(race: Race) -> None:
    RESULTS_PUBLISHED.send(sender=type(race), race=race)
