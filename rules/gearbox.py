"""The gearbox and its dice (rules G1–G4)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.messages import Code, Message, msg
from rules.state import Wear

FACES: dict[int, tuple[int, ...]] = {
    1: (1, 1, 2, 2),
    2: (2, 3, 3, 4, 4, 4),
    3: (4, 5, 6, 6, 7, 7, 8, 8),
    4: (7, 8, 9, 9, 10, 10, 10, 11, 11, 11, 12, 12),
    5: tuple(n for n in range(11, 21) for _ in range(2)),
    6: tuple(n for n in range(21, 31) for _ in range(3)),
}
CORE_TOP_GEAR = max(FACES)  # 6th: a higher gear is an option's (`OptionSpec.top_gear`)
RANGES: dict[int, tuple[int, int]] = {g: (min(f), max(f)) for g, f in FACES.items()}
# 7th gear (A13): the 5th and 6th gear dice thrown together
SEVENTH = (5, 6)
RANGES[7] = (sum(RANGES[g][0] for g in SEVENTH), sum(RANGES[g][1] for g in SEVENTH))
FACE_SETS: dict[int, frozenset[int]] = {g: frozenset(f) for g, f in FACES.items()}
_FACE_SETS = FACE_SETS
D20 = range(1, 21)

CORE_SKIP = 3  # G3: gears skipped going down at most, but from 7th (A13's 7 → 2: 4)
# G3: gears skipped -> (gearbox, brakes, engine)
OVER_REV = {1: (1, 0, 0), 2: (1, 1, 0), 3: (1, 1, 1), 4: (1, 1, 1)}


def is_face(gear: int, roll: int) -> bool:
    """Whether `roll` can show on the die of `gear` (G1)."""
    faces = _FACE_SETS.get(gear)
    return faces is not None and roll in faces


def pushes_engine(gear: int, die: int) -> bool:
    """A 20 in 5th or a 30 in 6th: engine tests (D4) and, in variable weather, a weather roll (W1)."""
    return (gear == 5 and die == 20) or (gear == 6 and die == 30)


@dataclass(frozen=True, slots=True)
class Shift:
    """A gear change: the gears skipped going down and what over-revving costs (G3)."""

    skipped: int
    gearbox: int = 0
    brakes: int = 0
    engine: int = 0


NO_SHIFT_COST = Shift(0)


def check_shift(
    previous: int, gear: int, wear: Wear, *, spun: bool, top_gear: int = 6
) -> tuple[Shift, tuple[str, Message] | None]:
    """Check a gear change; returns its cost and, if it breaks a rule, (rule id, message)."""
    if previous and not spun and previous - 1 <= gear <= previous + 1 and 1 <= gear <= top_gear:
        return NO_SHIFT_COST, None  # the usual move: the same gear, or one up or down
    if not 1 <= gear <= top_gear:
        return NO_SHIFT_COST, ("G1", msg(Code.G1_NO_SUCH_GEAR, gear=gear, top_gear=top_gear))
    if previous == 0 and gear != 1:
        return NO_SHIFT_COST, ("G4", msg(Code.G4_FIRST_MOVE_1ST_GEAR, gear=gear))
    if spun and gear != 1:
        return NO_SHIFT_COST, ("G4", msg(Code.G4_AFTER_SPIN_NEXT_MOVE, gear=gear))
    if previous == 0 or spun:
        return NO_SHIFT_COST, None
    if gear > previous + 1:
        return NO_SHIFT_COST, ("G2", msg(Code.G2_SKIP_UP, previous=previous, gear=gear))
    skipped = previous - gear - 1
    if skipped <= 0:
        return NO_SHIFT_COST, None
    limit = CORE_SKIP + 1 if previous == 7 else CORE_SKIP
    if skipped > limit:
        return NO_SHIFT_COST, (
            "G2",
            msg(Code.G2_SKIP_DOWN_TOO_FAR, previous=previous, gear=gear, skipped=skipped, limit=limit),
        )
    gearbox, brakes, engine = OVER_REV[skipped]
    cost = Shift(skipped, gearbox, brakes, engine)
    if wear.gearbox < 1:
        return cost, ("G3", msg(Code.G3_SKIP_NO_GEARBOX, previous=previous, gear=gear, skipped=skipped))
    if skipped >= 2 and wear.brakes < 1:
        return cost, ("G3", msg(Code.G3_SKIP_NO_BRAKES, previous=previous, gear=gear, skipped=skipped))
    if skipped >= 3 and wear.engine <= 1:
        return cost, (
            "G3",
            msg(
                Code.G3_SKIP_LAST_ENGINE,
                previous=previous,
                gear=gear,
                skipped=skipped,
                engine=wear.engine,
            ),
        )
    return cost, None


def _gears(n: int) -> str:
    return "1 gear" if n == 1 else f"{n} gears"


def _nth(gear: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(gear, f"{gear}th")


nth = _nth
