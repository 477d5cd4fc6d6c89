"""Experience changes (rules X1–X3) as the replay makes them: the rows a league's ledger stores.

Amounts are tenths of a point (a spend is negative); turn 0 is before the start
(grid gains, a team point bought with the build). The reasons' values are the
site's ledger reasons, so a change is stored as it comes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rules.state import RaceState


class XpKind(StrEnum):
    DRIVER = "driver"
    TEAM = "team"


class XpReason(StrEnum):
    POLE = "pole"
    GRID_SECOND = "grid2"
    WIN = "win"
    SECOND = "second"
    THIRD = "third"
    ONE_TWO = "one_two"
    FRONT_ROW = "front_row"
    DIE = "die"  # X2
    WEAR = "wear"  # X3: +1 wear point, before or during the race
    FAST_STOP = "fast_stop"  # X3: a missed tyre stop made fast


# X1: the reason of each grid slot's and finishing place's gain, in the order of the RuleSet tables.
GRID_REASONS = (XpReason.POLE, XpReason.GRID_SECOND)
FINISH_REASONS = (XpReason.WIN, XpReason.SECOND, XpReason.THIRD)
GAINS = frozenset(GRID_REASONS + FINISH_REASONS + (XpReason.ONE_TWO, XpReason.FRONT_ROW))
DRIVER_SPENDS = frozenset({XpReason.DIE})
TEAM_SPENDS = frozenset({XpReason.WEAR, XpReason.FAST_STOP})


@dataclass(frozen=True, slots=True)
class XpChange:
    """One gain or spend: the car it comes from (a team's: the car that earned or used it; a
    one-two or front-row lockout names the other car as `partner`)."""

    car: str
    kind: XpKind
    reason: XpReason
    tenths: int
    turn: int = 0
    partner: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "car": self.car,
            "kind": self.kind.value,
            "reason": self.reason.value,
            "tenths": self.tenths,
            "turn": self.turn,
            "partner": self.partner,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> XpChange:
        """A change as `to_json` wrote it (a stored verdict's)."""
        return cls(
            car=data["car"],
            kind=XpKind(data["kind"]),
            reason=XpReason(data["reason"]),
            tenths=data["tenths"],
            turn=data.get("turn", 0),
            partner=data.get("partner"),
        )


def record(state: RaceState, change: XpChange) -> RaceState:
    """The state with one more experience change."""
    return state.with_(xp_changes=state.xp_changes + (change,))
