"""Per-car state of the championship and advanced rules (S, T4, X3, options A1–A19).

Kept apart from `CarState` so the core replay copies one field, not ten: a car
that never pits, laps or uses an option shares the single `NO_EXTRAS` value.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True, slots=True)
class CarExtras:
    """What the advanced rules remember about one car.

    `pit_points`: S3 repair points left (R: 2 in the stand; A11: the keys).
    `in_stand`: stopped in its stand (missed or long stop), leaves next turn in ≤ 4th; `long_stop`:
    that stop was a long one (S3), not a missed tyre stop (S2).
    `team_part`: X3, the part given +1 wear point this race (once per car). `owed`: T4 moves lost by
    being lapped. `top_lap`: A19, the last lap a Top was used. `supertop`: A16 used.
    `fuel`/`fuel_from`: A12, the tank (laps, 0 = option off) and the crossing its first lap starts at. `stalled`: A18, skips its next turn.
    `inertia`: A4, the engine broke: one last move in 4th. `spare`: A5 spare car taken.
    """

    pit_points: int = 2
    in_stand: bool = False
    long_stop: bool = False
    team_part: str | None = None
    owed: int = 0
    top_lap: int = 0
    supertop: bool = False
    super_top: bool = False  # A16 in force: the car was given a Super Top (`supertop`: used)
    fuel: int = 0
    fuel_from: int = 1
    stalled: bool = False
    inertia: bool = False
    spare: bool = False
    wing: str | None = None

    def with_(self, **changes) -> CarExtras:
        return replace(self, **changes)


NO_EXTRAS = CarExtras()
