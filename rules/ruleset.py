"""A season's rules as one frozen `RuleSet`: options in force, points, blocking and experience tables.

`OPTIONS` (id -> `OptionSpec`) is the options' own declarations, collected by the registry."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules.options.registry import OPTIONS

DEFAULT_POINTS = (10, 8, 6, 5, 4, 3, 2, 1)
# C5: squares blocked (1..6) -> (brake points, tyre points); 7+ eliminates.
DEFAULT_BLOCKING = ((1, 0), (2, 0), (3, 0), (3, 1), (3, 2), (3, 3))


__all__ = ["OPTIONS", "RuleSet", "UnknownOptionError"]


class UnknownOptionError(ValueError):
    def __init__(self, option: str) -> None:
        self.option = option
        super().__init__(f"unknown option {option!r} (known: A1–A19)")


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Everything season-specific the replay needs. Build with `RuleSet.from_options`."""

    options: frozenset[str] = frozenset({"A7"})
    points: tuple[int, ...] = DEFAULT_POINTS
    laps: int | None = None
    blocking: tuple[tuple[int, int], ...] = DEFAULT_BLOCKING
    wear_total: int = 20
    # X1, in tenths of a point
    driver_grid_xp: tuple[int, ...] = (3, 1)
    driver_finish_xp: tuple[int, ...] = (5, 3, 1)
    team_finish_xp: tuple[int, ...] = (5, 2, 1)
    team_one_two_xp: int = 3
    team_front_row_xp: int = 1
    xp_cost: int = 10

    @classmethod
    def from_options(
        cls,
        options: Iterable[str],
        points: Sequence[int] = DEFAULT_POINTS,
        laps: int | None = None,
    ) -> RuleSet:
        """A rule set with these options on. Unknown option ids raise `UnknownOptionError`."""
        opts = frozenset(options)
        unknown = sorted(o for o in opts if o not in OPTIONS)
        if unknown:
            raise UnknownOptionError(unknown[0])
        if any(p < 0 for p in points):
            raise ValueError("points must not be negative")
        if laps is not None and laps < 1:
            raise ValueError("a race has at least one lap")
        return cls(options=opts, points=tuple(points), laps=laps)

    def has(self, option: str) -> bool:
        return option in self.options

    @property
    def experience(self) -> bool:
        return "A7" in self.options

    def points_for(self, position: int) -> int:
        return self.points[position - 1] if 1 <= position <= len(self.points) else 0

    def blocking_cost(self, squares: int) -> tuple[int, int] | None:
        """(brakes, tyres) for `squares` blocked, or None when it eliminates outright (7+)."""
        if squares <= 0:
            return (0, 0)
        if squares > len(self.blocking):
            return None
        return self.blocking[squares - 1]
