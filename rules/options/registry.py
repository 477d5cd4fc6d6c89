"""The options the engine plays, from their modules' declarations (`rules/options/spec.py`).

The one place that imports the option modules: adding an option is adding its module to
`MODULES`. `OPTIONS` (id -> `OptionSpec`) is the season's table (`rules/ruleset.py`),
`OPTION_KEYS` the reader's table of a move's option actions, built from the `option.*` fields.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from importlib import import_module
from types import ModuleType
from typing import Any

from rules.damage import TEST_RULE
from rules.dice import TestKind
from rules.gearbox import CORE_TOP_GEAR
from rules.options.spec import POINTS, Hook, OptionSpec, OptionSpecError, check

# The option modules, by number: adding an option is adding its module's name here.
MODULES: tuple[ModuleType, ...] = tuple(
    import_module(f"rules.options.{name}")
    for name in (
        "a01_wing_low",
        "a02_wing_high",
        "a03_pit_rules",
        "a04_engine_inertia",
        "a05_red_flag",
        "a06_debris_scatter",
        "a07_experience",
        "a08_slide_by_gear",
        "a09_weather_timing",
        "a10_pedal_to_the_metal",
        "a11_structure_points",
        "a12_refuelling",
        "a13_seventh_gear",
        "a14_road_exit",
        "a15_supercharging",
        "a16_super_top",
        "a17_road_holding_in_first",
        "a18_severe_spin",
        "a19_top",
    )
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


def _unit(module: ModuleType) -> str:
    return module.__name__.replace(".", "/") + ".py"


def _keys(spec: OptionSpec, where: str) -> frozenset[str]:
    return frozenset(f.partition(".")[2] for f in spec.fields if f.partition(".")[0] == where)


def _playing(specs: tuple[OptionSpec, ...], point: str) -> tuple[OptionSpec, ...]:
    hooked = [s for s in specs if getattr(s.hooks, point) is not None]
    order = ORDER.get(point)
    if order is not None:
        hooked.sort(key=lambda s: order.index(s.id))
    return tuple(hooked)


def _check_order(specs: tuple[OptionSpec, ...]) -> None:
    for point, ids in ORDER.items():
        hooked = {s.id for s in specs if getattr(s.hooks, point) is not None}
        if point not in POINTS or set(ids) != hooked or len(ids) != len(hooked):
            raise OptionSpecError(
                f"ORDER[{point!r}] lists {ids}, the options hooking it are {sorted(hooked)}"
            )


def _tables(modules: tuple[ModuleType, ...]) -> dict[str, Any]:
    """Every table of the registry, built from these option modules."""
    specs = tuple(
        sorted(
            (
                replace(spec, unit=_unit(m), rule_ref=spec.rule_ref or spec.id)
                for m in modules
                if (spec := check(m))
            ),
            key=lambda s: s.number,
        )
    )
    _check_order(specs)

    def playing(point: str) -> tuple[OptionSpec, ...]:
        return _playing(specs, point)

    acts = tuple((_keys(s, "option"), s.hooks.act) for s in playing("act"))
    return {
        "SPECS": specs,
        "OPTIONS": {s.id: s for s in specs},
        "OPTION_KEYS": {
            f.partition(".")[2]: s.id for s in specs for f in s.fields if f.startswith("option.")
        },
        "_AT": {point: tuple((s.id, getattr(s.hooks, point)) for s in playing(point)) for point in POINTS},
        "STARTS": tuple(s.hooks.start for s in playing("start")),
        "WAITS": {w: s.hooks.wait for s in playing("wait") for w in _keys(s, "wait")},
        "ACTS": acts,
        "ACT_OF": {k: (i, act) for i, (keys, act) in enumerate(acts) for k in keys},
        "SPARES": {k: s.hooks.spare for s in playing("spare") for k in _keys(s, "option")},
        "RESTARTS": tuple(s.hooks.restart for s in playing("restart")),
        "USERS": tuple((s.id, s.hooks.uses) for s in playing("uses")),
        "OVER_REV": tuple(dict.fromkeys(p for s in specs for p in s.over_rev)),
        "SPARE_GEARS": {k: s.spare_gear for s in playing("spare") for k in _keys(s, "option")},
        "TEST_RULES": {
            **TEST_RULE,
            **{
                TestKind(f.partition(".")[2]): s.id for s in specs for f in s.fields if f.startswith("tests.")
            },
        },
    }


def _install(modules: tuple[ModuleType, ...]) -> None:
    tables = _tables(modules)  # checked whole before anything changes
    here = globals()
    for name, value in tables.items():
        held = here.get(name)
        if isinstance(held, dict):  # modules that imported the dict hold this very object
            held.clear()
            held.update(value)
        else:
            here[name] = value


# The tables, filled by _install() below from MODULES:
SPECS: tuple[OptionSpec, ...] = ()
OPTIONS: dict[str, OptionSpec] = {}
# `option` keys a move may carry -> the option that plays them
OPTION_KEYS: dict[str, str] = {}
# hook point -> ((option, its hook), ...) in play order: what a `Game` picks its tuples from
_AT: dict[str, tuple[tuple[str, Hook], ...]] = {}
# The hooks the engine calls for a log field whatever the season plays (the option says what
# using it while off means): every option's `start`; a `wait` by its value; a move's `option`
# action by its keys (`ACT_OF`: a key -> its action's place in the play order, the action); a
# retired car's move by its keys (`spare`); a turn's `restart`.
STARTS: tuple[Hook, ...] = ()
WAITS: dict[str, Hook] = {}
ACTS: tuple[tuple[frozenset[str], Hook], ...] = ()
ACT_OF: dict[str, tuple[int, Hook]] = {}
SPARES: dict[str, Hook] = {}
RESTARTS: tuple[Hook, ...] = ()
# options a move may use though the season does not play them, and how to tell (A13's 7th gear)
USERS: tuple[tuple[str, Hook], ...] = ()
# the parts of which the driver picks one to pay the 4th gear skipped going down from an option's
# top gear (A13's 7 → 2): in force or not, as a car may be in that gear anyway (`uses`)
OVER_REV: tuple[str, ...] = ()
# a move's option key taking a spare car -> the highest gear that car leaves its stand in (A5)
SPARE_GEARS: dict[str, int] = {}
# the rule a d20 test plays: the core's (`damage.TEST_RULE`), and the option declaring `tests.KIND`
TEST_RULES: dict[TestKind, str] = {}
_install(MODULES)


@contextmanager
def extended(*modules: ModuleType, order: Mapping[str, tuple[str, ...]] | None = None) -> Iterator[None]:
    """The registry with these option modules added, as if `MODULES` listed them (and `ORDER` said
    `order`): an option written outside the engine's folder, such as a test's, plays and shows
    everywhere while the block runs. Every table is as it was afterwards."""
    before = dict(ORDER)
    ORDER.update(order or {})
    try:
        _install(MODULES + modules)
        yield
    finally:
        ORDER.clear()
        ORDER.update(before)
        _install(MODULES)


def catalogue() -> tuple[OptionSpec, ...]:
    """Every option, A1 to A19 in order, with what the site shows of it: its `name`, `summary`,
    `rule_ref` and race-night `controls` (English; the site translates them)."""
    return SPECS


def playing(point: str) -> tuple[OptionSpec, ...]:
    """The options that hook `point`, in the order they play there."""
    return _playing(SPECS, point)


def hooks(point: str, options: Collection[str]) -> tuple[Hook, ...]:
    """The hooks of these options at `point`, in play order (empty: nothing to call)."""
    return tuple(hook for option, hook in _AT[point] if option in options)


def off_hooks(point: str, options: Collection[str]) -> tuple[Hook, ...]:
    """The hooks at `point` of the options not in force, in play order."""
    return tuple(hook for option, hook in _AT[point] if option not in options)


def wants(options: Collection[str]) -> tuple[tuple[str, str | None, tuple[Hook, ...]], ...]:
    """(a `CarExtras` field, the value it must have or None for any set one, the `wants` hooks to
    ask then) for these options."""
    by_state: dict[tuple[str, str | None], list[Hook]] = {}
    for s in playing("wants"):
        if s.id in options:
            for f in s.state:
                name, _, value = f.partition("=")
                by_state.setdefault((name, value or None), []).append(s.hooks.wants)
    return tuple((name, value, tuple(hooks)) for (name, value), hooks in by_state.items())


# -- what the engine and the table read of the options as data (`OptionSpec`) --------------------
def top_gear(options: Collection[str]) -> int:
    """The highest gear a car may engage under these options: the core gearbox's 6th, or higher
    when an option in force allows it (A13's 7th)."""
    return max((s.top_gear for s in SPECS if s.id in options), default=0) or CORE_TOP_GEAR
