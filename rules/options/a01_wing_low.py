"""A1 — low wing ("Aileron en position basse"): +1 mandatory square in 4th–7th, and +1 tyre
point per corner-exit square in those gears (a car with `"wing": "low"`)."""

from __future__ import annotations

FROM_GEAR = 4


def acts(move) -> bool:
    """Whether the low wing changes this move (the car then needs a `Plan`)."""
    return move.gear >= FROM_GEAR


def prepare(car, move, plan) -> None:
    if move.gear >= FROM_GEAR:
        plan.add += 1
        plan.exit_extra += 1
