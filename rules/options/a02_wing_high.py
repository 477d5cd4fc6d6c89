"""A2 — high wing ("Aileron en position haute"): in a corner the car may move one square less
(`option: {"highwing": true}`); in a straight its die counts at most 11 in 4th, 18 in 5th, 26 in
6th, 44 in 7th (a 20 or 30 rolled still calls for engine tests)."""

from __future__ import annotations

CAPS = {4: 11, 5: 18, 6: 26, 7: 44}


def acts(move) -> bool:
    """Whether the high wing may change this move with no `highwing` option: a die over its cap
    (in a straight; the car then needs a `Plan`)."""
    cap = CAPS.get(move.gear)
    return cap is not None and (type(move.roll) is not int or move.roll > cap)


def prepare(move, plan) -> None:
    plan.cap = CAPS.get(move.gear)
    if plan.options.get("highwing") or (move.option and move.option.get("highwing")):
        plan.corner_add -= 1
