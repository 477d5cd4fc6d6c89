"""The options the engine plays, from their modules' declarations (`rules/options/spec.py`).

The one place that imports the option modules: adding an option is adding its module to
`MODULES`. `OPTIONS` (id -> `OptionSpec`) is the season's table (`rules/ruleset.py`),
`OPTION_KEYS` the reader's table of a move's option actions, built from the `option.*` fields.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from rules.options import (
    a01_wing_low,
    a02_wing_high,
    a03_pit_rules,
    a04_engine_inertia,
    a05_red_flag,
    a06_debris_scatter,
    a07_experience,
    a08_slide_by_gear,
    a09_weather_timing,
    a10_pedal_to_the_metal,
    a11_structure_points,
    a12_refuelling,
    a13_seventh_gear,
    a14_road_exit,
    a15_supercharging,
    a16_super_top,
    a17_road_holding_in_first,
    a18_severe_spin,
    a19_top,
)
from rules.options.spec import POINTS, Hook, OptionSpec, OptionSpecError, check

MODULES = (
    a01_wing_low,
    a02_wing_high,
    a03_pit_rules,
    a04_engine_inertia,
    a05_red_flag,
    a06_debris_scatter,
    a07_experience,
    a08_slide_by_gear,
    a09_weather_timing,
    a10_pedal_to_the_metal,
    a11_structure_points,
    a12_refuelling,
    a13_seventh_gear,
    a14_road_exit,
    a15_supercharging,
    a16_super_top,
    a17_road_holding_in_first,
    a18_severe_spin,
    a19_top,
)

# The order a hook point plays its options in, where it is not the options' number: the order
# of the steps of a move (M6-3) — the stall before anything, the dice before the wings; the
# actions as the rules list them; the debris of the pedal before the scatter of the damage,
# and A4 last, on what the other tests did; at the end of a turn, the weather before the flag.
ORDER: dict[str, tuple[str, ...]] = {
    "plan": ("A18", "A13", "A1", "A2"),
    "act": ("A16", "A19", "A10", "A15", "A5", "A2"),
    "late_tests": ("A10", "A6", "A4"),
    "end_turn": ("A9", "A5"),
}


def _unit(module) -> str:
    return module.__name__.replace(".", "/") + ".py"


SPECS: tuple[OptionSpec, ...] = tuple(
    sorted((replace(check(m), unit=_unit(m)) for m in MODULES), key=lambda s: s.number)
)
OPTIONS: dict[str, OptionSpec] = {s.id: s for s in SPECS}
# `option` keys a move may carry -> the option that plays them
OPTION_KEYS: dict[str, str] = {
    f.partition(".")[2]: s.id for s in SPECS for f in s.fields if f.startswith("option.")
}


def playing(point: str) -> tuple[OptionSpec, ...]:
    """The options that hook `point`, in the order they play there."""
    hooked = [s for s in SPECS if getattr(s.hooks, point) is not None]
    order = ORDER.get(point)
    if order is not None:
        hooked.sort(key=lambda s: order.index(s.id))
    return tuple(hooked)


def hooks(point: str, options: Iterable[str]) -> tuple[Hook, ...]:
    """The hooks of these options at `point`, in play order (empty: nothing to call)."""
    chosen = set(options)
    return tuple(getattr(s.hooks, point) for s in playing(point) if s.id in chosen)


def _check_order() -> None:
    for point, ids in ORDER.items():
        hooked = {s.id for s in SPECS if getattr(s.hooks, point) is not None}
        if point not in POINTS or set(ids) != hooked or len(ids) != len(hooked):
            raise OptionSpecError(
                f"ORDER[{point!r}] lists {ids}, the options hooking it are {sorted(hooked)}"
            )


_check_order()
