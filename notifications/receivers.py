"""The rooms below say what happened (their `events` signals); here each is turned into notices."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from notifications import events
from races.events import ENTRY_DECIDED
from sheets.events import PROTEST_DECIDED, PROTEST_FILED, RESULTS_PUBLISHED, SHEETS_JUDGED


@receiver(ENTRY_DECIDED, dispatch_uid="notifications.entry_decided")
def on_entry_decided(*, request: Any, **_: Any) -> None:
    events.entry_decided(request)


@receiver(SHEETS_JUDGED, dispatch_uid="notifications.sheets_judged")
def on_sheets_judged(*, sheets: Any, entries: Any, **_: Any) -> None:
    events.sheets_judged(sheets, entries=entries)


@receiver(PROTEST_FILED, dispatch_uid="notifications.protest_filed")
def on_protest_filed(*, protest: Any, **_: Any) -> None:
    events.protest_filed(protest)


@receiver(PROTEST_DECIDED, dispatch_uid="notifications.protest_decided")
def on_protest_decided(*, protest: Any, **_: Any) -> None:
    events.protest_decided(protest)


@receiver(RESULTS_PUBLISHED, dispatch_uid="notifications.results_published")
def on_results_published(*, race: Any, **_: Any) -> None:
    events.results_published(race)
