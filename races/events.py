"""What the races room tells the rooms above it, as it happens: signals its services send.

A lower room never imports a higher one, so it cannot call the notifications itself; it says what
happened here, and `notifications` (connected in its AppConfig.ready) decides who hears of it.
A signal with no receiver costs nothing; a receiver's error is the sender's, as a call would be.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.dispatch import Signal

if TYPE_CHECKING:
    from league.models import EntryRequest

ENTRY_DECIDED = Signal()  # request: EntryRequest, accepted, waiting or refused


def entry_decided(request: EntryRequest) -> None:
    ENTRY_DECIDED.send(sender=type(request), request=request)
