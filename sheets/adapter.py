"""The engine's results as the site's rows.

A verdict is stored as JSON (the sheet's `verdict`); this is the one place that reads it back
into the engine's objects (`rules.verdict.Placing`, `rules.ledger.XpChange`), so that the services
work on those, never on the JSON's keys, and turn them into the rows the races room writes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.ledger import XpChange
from rules.state import Cause
from rules.verdict import Placing, Standing


def placings(verdict: Mapping[str, Any] | None) -> tuple[Placing, ...]:
    """A stored verdict's classification, in finishing order."""
    found = (_placing(p) for p in (verdict or {}).get("classification") or ())
    return tuple(sorted(found, key=lambda p: p.position))


def _placing(data: Mapping[str, Any]) -> Placing:
    cause = data.get("cause")
    return Placing(
        position=int(data["position"]),
        car=str(data["car"]),
        status=Standing(data["status"]),
        turn=data.get("turn"),
        points=int(data.get("points") or 0),
        cause=Cause(cause) if cause else None,
    )


def experience_changes(verdict: Mapping[str, Any] | None) -> list[XpChange]:
    """The experience changes a stored verdict lists, in the order the race made them."""
    return [XpChange.from_json(change) for change in (verdict or {}).get("experience_changes", ())]


def grid_slots(verdict: Mapping[str, Any] | None) -> dict[str, int]:
    """A stored qualifying verdict's grid: car -> slot."""
    return {str(slot["car"]): int(slot["position"]) for slot in (verdict or {}).get("grid") or ()}
