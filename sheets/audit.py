"""A race's stewarding history: every filing, decision, penalty, rejection, choice, publication, reopening.

One row per act, written inside the transaction of the service that acts, so the history
and the act stand or fall together. The stewards read all of it; the race page the public part.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db.models import QuerySet

from races.models import Penalty, Race
from sheets.models import Protest, RaceEvent, RaceSheet

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser


def audit_record(
    *,
    race: Race,
    kind: str,
    by: AbstractBaseUser | None,
    why: str = "",
    data: dict[str, Any] | None = None,
    sheet: RaceSheet | None = None,
    protest: Protest | None = None,
    penalty: Penalty | None = None,
) -> RaceEvent:
    """Add one line to the race's history (the caller holds the transaction)."""
    user = by if by is not None and by.is_authenticated else None
    event = RaceEvent(
        race=race,
        kind=kind,
        by=user,
        why=why,
        data=data or {},
        public=kind in RaceEvent.PUBLIC,
        sheet=sheet,
        protest=protest,
        penalty=penalty,
    )
    event.full_clean()
    event.save()
    return event


def race_history(*, race: Race, public_only: bool = False) -> QuerySet[RaceEvent]:
    """The race's history, oldest first; `public_only` for the race page."""
    events = RaceEvent.objects.filter(race=race).select_related("by").order_by("at", "pk")
    return events.filter(public=True) if public_only else events
