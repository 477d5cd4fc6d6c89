"""A season's rules as one frozen `RuleSet`: options in force, points, blocking and experience tables."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

DEFAULT_POINTS = (10, 8, 6, 5, 4, 3, 2, 1)
# C5: squares blocked (1..6) -> (brake points, tyre points); 7+ eliminates.
DEFAULT_BLOCKING = ((1, 0), (2, 0), (3, 0), (3, 1), (3, 2), (3, 3))


@dataclass(frozen=True, slots=True)
class OptionUnit:
    """An option of "Règles avancées ++" and the module that plays it (its tests:
    `tests/rules/options/test_aNN_*.py`)."""

    id: str
    name: str
    unit: str


OPTIONS: dict[str, OptionUnit] = {
    u.id: u
    for u in (
        OptionUnit("A1", "wing low", "rules/options/a01_wing_low.py"),
        OptionUnit("A2", "wing high", "rules/options/a02_wing_high.py"),
        OptionUnit("A3", "pit rules", "rules/pits.py"),
        OptionUnit("A4", "engine failure inertia", "rules/options/a04_engine_inertia.py"),
        OptionUnit("A5", "red flag and spare car", "rules/options/a05_red_flag.py"),
        OptionUnit("A6", "debris scatter", "rules/options/a06_debris_scatter.py"),
        OptionUnit("A7", "experience", "rules/scoring.py"),
        OptionUnit("A8", "slide by gear", "rules/weather.py"),
        OptionUnit("A9", "alternative weather timing", "rules/options/a09_weather_timing.py"),
        OptionUnit("A10", "pedal to the metal", "rules/options/a10_pedal_to_the_metal.py"),
        OptionUnit("A11", "structure points", "rules/pits.py"),
        OptionUnit("A12", "refuelling", "rules/options/a12_refuelling.py"),
        OptionUnit("A13", "7th gear", "rules/options/a13_seventh_gear.py"),
        OptionUnit("A14", "road exit", "rules/options/a14_road_exit.py"),
        OptionUnit("A15", "supercharging", "rules/options/a15_supercharging.py"),
        OptionUnit("A16", "Super Top", "rules/options/a16_super_top.py"),
        OptionUnit("A17", "road holding in 1st", "rules/damage.py"),
        OptionUnit("A18", "severe spin", "rules/options/a18_severe_spin.py"),
        OptionUnit("A19", "Top", "rules/options/a19_top.py"),
    )
}


class UnknownOptionError(ValueError):
    pass


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
            raise UnknownOptionError(f"unknown option {unknown[0]!r} (known: A1–A19)")
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
