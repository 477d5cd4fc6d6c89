"""The league's events and who hears of them; each queues its messages after commit."""

from __future__ import annotations

from league.models import EntryRequest


def entry_decided(request: EntryRequest) -> None:
    """Entry accepted or refused: the player (or the manager who asked) is told."""
