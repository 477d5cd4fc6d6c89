"""Weather and tyres (rules W1–W3): the d20 scale, variable weather, the tyre table."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class WeatherKind(StrEnum):
    """What a d20 weather roll gives on a circuit's scale."""

    RAIN = "rain"
    VARIABLE = "variable"
    SUN = "sun"


_RAIN = WeatherKind.RAIN  # looked up once: `WeatherKind.RAIN` is a slow lookup in Python 3.11
_VARIABLE = WeatherKind.VARIABLE


class WeatherLabel(StrEnum):
    """The weather as a message tells it: the season's, or a variable one's state now (W1)."""

    SUN = "sun"
    RAIN = "rain"
    VARIABLE_DRY = "variable (dry)"
    RAIN_FIXED = "rain (fixed)"
    RAIN_TEMPORARY = "rain (temporary)"
    SUN_FIXED = "sun (fixed)"
    SUN_TEMPORARY = "sun (temporary)"


class Tyres(StrEnum):
    HARD = "hard"
    SOFT = "soft"
    RAIN = "rain"


@dataclass(frozen=True, slots=True)
class WeatherScale:
    """A circuit's d20 scale: three inclusive ranges covering 1–20 exactly."""

    rain: tuple[int, int]
    variable: tuple[int, int]
    sun: tuple[int, int]

    def kind_for(self, roll: int) -> WeatherKind:
        for kind, (low, high) in (
            (WeatherKind.RAIN, self.rain),
            (WeatherKind.VARIABLE, self.variable),
            (WeatherKind.SUN, self.sun),
        ):
            if low <= roll <= high:
                return kind
        raise ValueError(f"weather roll {roll} is not on the scale 1–20")

    def to_json(self) -> dict:
        return {"rain": list(self.rain), "variable": list(self.variable), "sun": list(self.sun)}


@dataclass(frozen=True, slots=True)
class Weather:
    """The race weather at one moment (W1).

    `kind` is how the race began (the scale's verdict). Under variable weather
    `current` is what the track is now (VARIABLE = dry), `fixed` says whether
    two equal sun/rain rolls in a row have settled it for the rest of the race.
    """

    kind: WeatherKind
    current: WeatherKind
    fixed: bool = False

    @classmethod
    def start(cls, kind: WeatherKind) -> Weather:
        return cls(kind=kind, current=kind, fixed=kind is not WeatherKind.VARIABLE)

    @property
    def is_rain(self) -> bool:
        return self.current is _RAIN

    @property
    def evolves(self) -> bool:
        """A 20 in 5th or 30 in 6th calls for a new weather roll (W1)."""
        return self.kind is _VARIABLE and not self.fixed

    def after_roll(self, rolled: WeatherKind) -> Weather:
        """The weather after a new roll under variable weather (R, "conditions atmosphériques")."""
        if not self.evolves:
            return self
        if rolled is WeatherKind.VARIABLE:
            return Weather(self.kind, WeatherKind.VARIABLE, False)
        if rolled is self.current:
            return Weather(self.kind, rolled, True)
        return Weather(self.kind, rolled, False)

    def label(self) -> WeatherLabel:
        if self.kind is not WeatherKind.VARIABLE:
            return WeatherLabel(self.kind.value)
        if self.current is WeatherKind.VARIABLE:
            return WeatherLabel.VARIABLE_DRY
        return WeatherLabel(f"{self.current.value} ({'fixed' if self.fixed else 'temporary'})")


@dataclass(frozen=True, slots=True)
class TyreEffect:
    """One cell of the W2 table for a lap on the set: corner and straight adjustments, multiplier.

    A positive adjustment is an optional bonus; a negative one or a slide is mandatory.
    """

    corner: int
    straight: int
    corner_is_slide: bool
    multiplier: int


def _row(corners: tuple[int, ...], straights: tuple[int, ...], mult: tuple[int, ...], slide: bool):
    return tuple(TyreEffect(c, s, slide, m) for c, s, m in zip(corners, straights, mult, strict=True))


# Columns: trial (qualifying), race lap 1, 2, 3 on this set of tyres.
_SUNNY = {
    Tyres.HARD: _row((0, 0, 0, 0), (0, 0, 0, 0), (1, 1, 1, 1), False),
    Tyres.SOFT: _row((1, 1, 0, 0), (1, 1, 0, -1), (2, 2, 2, 3), False),
    Tyres.RAIN: _row((0, 0, 0, 0), (0, 0, 0, 0), (2, 2, 2, 3), False),
}
_RAINY = {
    Tyres.HARD: _row((3, 3, 3, 3), (0, 0, 0, 0), (1, 1, 1, 1), True),
    Tyres.SOFT: _row((3, 3, 3, 3), (0, 0, 0, -1), (2, 2, 2, 3), True),
    Tyres.RAIN: _row((1, 1, 1, 1), (0, 0, 0, 0), (1, 1, 1, 1), True),
}


def tyre_effect(tyres: Tyres, rain: bool, lap_on_set: int) -> TyreEffect:
    """W2 for a race lap on this set (1, 2, 3; later laps use the 3rd column; 0 = qualifying)."""
    column = 0 if lap_on_set <= 0 else min(lap_on_set, 3)
    return (_RAINY if rain else _SUNNY)[tyres][column]


def slide_for_gear(effect: TyreEffect, tyres: Tyres, gear: int, a8: bool) -> int:
    """The corner slide, reduced by option A8 for non-rain tyres in 1st (1) and 2nd (2)."""
    if not effect.corner_is_slide:
        return 0
    if a8 and tyres is not Tyres.RAIN and gear <= 2:
        return min(effect.corner, gear)
    return effect.corner


_TERMS: dict[tuple, tuple[TyreEffect, int, int]] = {}


def move_terms(
    tyres: Tyres, rain: bool, lap_on_set: int, gear: int, a8: bool, in_corner: bool
) -> tuple[TyreEffect, int, int]:
    """W2 for one move: the tyre table's cell, the mandatory squares (a slide, or −1) and the most
    bonus squares the car may take. Computed once per case (the replay's hot path)."""
    column = 0 if lap_on_set <= 0 else min(lap_on_set, 3)
    # rules/move/total.py `size` looks this cache up with the same key: change both together
    key = (tyres, rain, column, gear if gear <= 2 else 3, a8, in_corner)
    terms = _TERMS.get(key)
    if terms is None:
        effect = tyre_effect(tyres, rain, column)
        if in_corner:
            if effect.corner_is_slide:
                terms = (effect, slide_for_gear(effect, tyres, gear, a8), 0)
            else:
                terms = (effect, min(effect.corner, 0), max(effect.corner, 0))
        else:
            terms = (effect, min(effect.straight, 0), max(effect.straight, 0))
        _TERMS[key] = terms
    return terms
