"""Dice luck: the movement rolls a driver threw against the real dice of rules G1.

Pure Python (no Django): the selectors feed it rolls read from validated race
sheets. "Luck" is how far a driver's mean roll in a gear sits from the die's
expected mean; `z` says whether that is more than chance (|z| > 2 is rare).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import product
from typing import Any

from rules.gearbox import FACES as GEAR_FACES
from rules.gearbox import SEVENTH

# rules.md G1: the dice of the rules engine. A roll that is not a face of its gear's die is ignored.
FACES: dict[int, tuple[int, ...]] = dict(GEAR_FACES)
# G1, option A13: 7th gear throws two gears' dice together (rules.gearbox.SEVENTH) and adds them.
FACES[7] = tuple(sum(roll) for roll in product(*(GEAR_FACES[g] for g in SEVENTH)))
# A die is named by its faces: the 1st gear's four faces make a d4.
DICE = {gear: f"d{len(faces)}" for gear, faces in GEAR_FACES.items()}
DICE[7] = "+".join(DICE[g] for g in SEVENTH)


def _mean(values: tuple[int, ...]) -> float:
    return sum(values) / len(values)


def _stdev(values: tuple[int, ...]) -> float:
    mean = _mean(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))


EXPECTED = {gear: _mean(faces) for gear, faces in FACES.items()}
SPREAD = {gear: _stdev(faces) for gear, faces in FACES.items()}
_FACE_SETS = {gear: frozenset(faces) for gear, faces in FACES.items()}


@dataclass(frozen=True)
class GearLuck:
    gear: int
    die: str
    rolls: int
    mean: float  # the driver's mean roll in this gear
    expected: float  # the die's mean (G1 faces)

    @property
    def delta(self) -> float:
        """Squares per roll above (+) or below (−) what the die gives on average."""
        return self.mean - self.expected

    @property
    def z(self) -> float:
        """The delta in standard errors: how unusual this mean is for this many rolls."""
        return self.delta / (SPREAD[self.gear] / math.sqrt(self.rolls))


@dataclass(frozen=True)
class DiceLuck:
    gears: tuple[GearLuck, ...]  # gears with at least one roll, 1st first
    ignored: int  # rolls that are not a face of their gear's die (or of no gear)

    @property
    def rolls(self) -> int:
        return sum(g.rolls for g in self.gears)

    @property
    def squares(self) -> float:
        """Squares gained (+) or lost (−) to the dice over every roll, against the expected means."""
        return sum(g.delta * g.rolls for g in self.gears)


def dice_luck(rolls: Iterable[tuple[int, int]]) -> DiceLuck:
    """Per gear: how many rolls, their mean and the die's expected mean (rules G1)."""
    by_gear: dict[int, list[int]] = defaultdict(list)
    ignored = 0
    for gear, roll in rolls:
        if roll in _FACE_SETS.get(gear, ()):
            by_gear[gear].append(roll)
        else:
            ignored += 1
    gears = tuple(
        GearLuck(
            gear=gear,
            die=DICE[gear],
            rolls=len(values),
            mean=sum(values) / len(values),
            expected=EXPECTED[gear],
        )
        for gear, values in sorted(by_gear.items())
    )
    return DiceLuck(gears=gears, ignored=ignored)


def rolls_from_log(log: Mapping[str, Any], cars: Iterable[str]) -> list[tuple[int, int]]:
    """The movement dice thrown by `cars` in a `formule-de/race-log@1` document.

    A die changed with experience (X2) counts as first thrown (`xp.natural`);
    a re-roll adds the second throw. 7th gear's two dice count as their sum.
    Moves that are not readable are skipped: only validated sheets reach here.
    """
    wanted = {str(car) for car in cars}
    rolls: list[tuple[int, int]] = []
    turns = log.get("turns") if isinstance(log, Mapping) else None
    for turn in turns if isinstance(turns, list) else ():
        moves = turn.get("moves") if isinstance(turn, Mapping) else None
        for move in moves if isinstance(moves, list) else ():
            if not isinstance(move, Mapping) or str(move.get("car")) not in wanted:
                continue
            gear, roll = move.get("gear"), move.get("roll")
            if isinstance(roll, list) and all(isinstance(r, int) for r in roll):
                roll = sum(roll)
            if not isinstance(gear, int) or not isinstance(roll, int):
                continue
            xp = move.get("xp")
            natural = xp.get("natural") if isinstance(xp, Mapping) else None
            if isinstance(natural, int):
                rolls.append((gear, natural))
                if xp.get("driver") == "reroll":
                    rolls.append((gear, roll))
            else:
                rolls.append((gear, roll))
    return rolls
