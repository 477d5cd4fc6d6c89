"""What a move (or a turn, or the start) says, in order: violations and events as they are found.

A `Journal` is the list the rules append to; `violation` and `event` build the entry from a
message code and its params (the English text is made only when someone reads `.message`)."""

from __future__ import annotations

from typing import Any

from rules.messages import Code, Kind, Message
from rules.verdict import Event, Violation


class Journal(list):
    """Violations and events in the order the rules found them (a list: `extend`, iterate, …)."""

    __slots__ = ()

    def violation(
        self, turn: int, car: str | None, rule: str, code: Code, /, fatal: bool = False, **params: Any
    ) -> None:
        self.append(Violation(turn, car, rule, code, tuple(params.items()), fatal))

    def event(self, turn: int, car: str | None, kind: Kind, code: Code, /, **params: Any) -> None:
        self.append(Event(turn, car, kind, code, tuple(params.items())))

    def broken(self, turn: int, car: str | None, rule: str, message: Message, fatal: bool = False) -> None:
        """A violation whose message was made elsewhere (`msg(...)`: a gear change's, a path's)."""
        self.append(Violation(turn, car, rule, message[0], message[1], fatal))
