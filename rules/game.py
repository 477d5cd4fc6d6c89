"""`Game`: what stays fixed during a race — the circuit, the season's rules, the entries — and,
worked out once from the options in force, the hooks the replay calls at each point.

Shared by the replay (`replay.py`, `replay_move.py`, `advanced.py`) and the options, which take a
`Game` and never import the replay.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING

from rules.options import registry
from rules.weather import Tyres, move_terms

if TYPE_CHECKING:
    from rules.log import CarEntry
    from rules.ruleset import RuleSet
    from rules.track import Track

_hooks = registry.hooks


def _core_terms(tyres: Tyres, rain: bool, lap_on_set: int, gear: int, in_corner: bool):
    return move_terms(tyres, rain, lap_on_set, gear, False, in_corner)


@dataclass(frozen=True, slots=True)
class Game:
    """A race's fixed part. `on_<point>`: the hooks of the options in force at that hook point
    (`rules/options/spec.py`), in play order; an empty tuple costs the replay one truth test."""

    track: Track
    rules: RuleSet
    laps: int
    entries: dict[str, CarEntry]
    # ((i, the value it must have or None, the `wants` hooks to ask then), ...) of the options in
    # force, i the place in `wants_of(extras)` (an attrgetter) of the `CarExtras` field they
    # read: whether one wants a `Plan` for a move of a car with advanced state (replay_move)
    wants: tuple = field(init=False, repr=False)
    wants_of: Callable | None = field(init=False, repr=False)
    # an option in force gives a retired driver a spare car (A5: the bot takes it)
    spares: bool = field(init=False, repr=False)
    # an option in force gives W2's terms, with the slide by gear (A8): `weather.move_terms`'s
    # `a8`, its cache's key
    slide_by_gear: bool = field(init=False, repr=False)
    # W2 for a move, on the replay's cache miss (A8's, or the core's)
    terms: Callable = field(init=False, repr=False)
    # (option, its `uses` hook) for the options not in force a move may use anyway (A13)
    off_users: tuple = field(init=False, repr=False)
    on_grid: tuple = field(init=False, repr=False)
    on_plan: tuple = field(init=False, repr=False)
    on_check: tuple = field(init=False, repr=False)
    on_terms: tuple = field(init=False, repr=False)
    on_build: tuple = field(init=False, repr=False)
    on_pit_lane: tuple = field(init=False, repr=False)
    on_stand: tuple = field(init=False, repr=False)
    on_stop: tuple = field(init=False, repr=False)
    # the `off_stop` hooks of the options not in force (A12: a stop that refuels says so)
    off_stops: tuple = field(init=False, repr=False)
    on_road_exit: tuple = field(init=False, repr=False)
    on_spin: tuple = field(init=False, repr=False)
    on_after_move: tuple = field(init=False, repr=False)
    on_crossed: tuple = field(init=False, repr=False)
    on_handling: tuple = field(init=False, repr=False)
    on_crash: tuple = field(init=False, repr=False)
    on_mid_tests: tuple = field(init=False, repr=False)
    on_late_tests: tuple = field(init=False, repr=False)
    on_weather: tuple = field(init=False, repr=False)
    on_end_turn: tuple = field(init=False, repr=False)

    def __post_init__(self) -> None:
        options = self.rules.options
        put = object.__setattr__
        for point in (
            "build",
            "grid",
            "plan",
            "check",
            "terms",
            "pit_lane",
            "stand",
            "stop",
            "road_exit",
            "spin",
            "after_move",
            "crossed",
            "handling",
            "crash",
            "mid_tests",
            "late_tests",
            "weather",
            "end_turn",
        ):
            put(self, f"on_{point}", _hooks(point, options))
        wants = registry.wants(options)
        names = list(dict.fromkeys(name for name, _, _ in wants))
        put(self, "wants", tuple((names.index(name), value, hooks) for name, value, hooks in wants))
        # two names at least: an attrgetter of one gives the value, not a tuple
        put(self, "wants_of", attrgetter(*names, names[0]) if names else None)
        put(self, "terms", self.on_terms[0] if self.on_terms else _core_terms)
        put(self, "off_users", tuple((o, uses) for o, uses in registry.USERS if o not in options))
        put(self, "off_stops", registry.off_hooks("off_stop", options))
        put(self, "spares", any(s.id in options for s in registry.playing("spare")))
        put(self, "slide_by_gear", bool(self.on_terms))
