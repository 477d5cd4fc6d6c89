"""What an option module declares: `OPTION = OptionSpec(id, name, hooks=Hooks(...), fields=(...))`.

The engine never imports an option by name. `rules/options/registry.py` imports every module,
checks its `OPTION` (`check`), and builds the table the season's rules read (`OPTIONS`) and the
reader's table of a move's option actions (`OPTION_KEYS`, from the `option.*` fields). A `Game`
(`rules/game.py`) keeps, per hook point, the hooks of the options in force, in play order; the
replay calls them at that point, and a point no option in force hooks costs nothing.

The hook points, in the order a race meets them (the signatures are the engine's calls):

before the race, per car:
- `build(rules, entry, total, problems) -> (pit points, points over, legal)`: D1, the wear a car
  may be built with (A11, in force; it reports a build it does not allow; its pit points are then
  the option's, "keys", in the repairs' messages);
- `start(rules, entry, extras, problems)`: the car's advanced state (`extras`, a dict of
  `CarExtras` fields, changed in place: A1/A2 wing, A12 fuel, A16) — every option's, in force or
  not (an entry may ask for an option the season does not play, and the option says so);
on the grid, per car, the weather known — options in force:
- `grid(rules, entry, car, weather) -> car` (A7 grid experience, A12 a light tank's tyres);

a move — options in force, and an option the move uses though the season does not play it
(`uses`, or one of its `option.*` keys: the engine reports it, then plays it as the rules say):
- `uses(car, move) -> bool`: the move uses the option whether in force or not (A13: 7th gear);
- `wants(extras, move) -> bool`: the car's option state changes this move, so it needs a `Plan`
  (A1, A2, A4, A18); asked only when one of the option's `state` fields is set on the car
  (`Game.wants`), beside the engine's own reasons;
- `wait(game, state, move, out) -> state`: a `wait` move of the option (A18 `stalled`);
- `plan(game, state, car, move, plan, out) -> state`: the option shapes the move's `Plan`
  (A18, A13, A1, A2);
- `act(game, state, car, move, plan, out) -> state`: the move's `option` action (A16, A19, A10,
  A15, A5, A2);
- `check(game, state, car, move, plan, out) -> state`: after the actions and team experience
  (A4 the inertia move, A13 7 → 2);
- `terms(tyres, rain, lap_on_set, gear, in_corner) -> (effect, forced, bonus max)`: W2 for the
  move (A8);
- `pit_lane(game, state, car, move, plan, walk, out)`: the path enters or runs down the pit lane
  (A3, A15);
- `stand(game, state, car, move, to_stand, total, out)`: the move stops at the car's stand,
  `to_stand` squares into its `total` (A3: exactly there);
- `stop(game, state, car, move, crossings_at_stand, tyre_points, out) -> (tyre points, extras
  changes)`: the work of a pit stop (A12);
- `off_stop(game, state, car, move, out)`: the same, of an option the season does not play (A12:
  the stop refuels; the option says so);
- `road_exit(gear, outcome) -> bool`: whether a road exit is a serious one (A14);
- `spin(game, plan, roll) -> plan`: a spin (A18);
- `after_move(game, state, car_id, move, plan, out) -> state`: the car on its stop (A10);
- `crossed(game, state, car_id, out) -> state`: the car crossed the line (A12);
- `handling(gear, dangerous) -> dangerous`: the dangerous squares it tests (A17);
- `crash(state, track, car_id, square, rolls, out) -> state`: after the handling tests (A14);
- `mid_tests(game, state, car_id, move, plan, rolls, out) -> state`: after handling and
  blocking (A18);
- `late_tests(game, state, car_id, plan, rolls, out, first_event) -> state`: after the engine
  tests (A10, A6, A4);
- `weather(game, state, car_id, rolls, out) -> state`: the weather roll a push calls for,
  instead of W1's (A9);

a game turn:
- `spare(game, state, car, move, turn) -> (state, said)`: the move of a retired car with the
  option's key (A5 `option.spare`; in force or not);
- `restart(game, state, given, turn) -> (state, said)`: a turn's `restart` (A5; in force or not);
- `end_turn(game, state) -> (state, said)`: once every car has moved (A9, A5).

`fields` names what of the race log the option plays: `option.KEY` (a move's option action),
`cars.KEY`, `pit.KEY`, `turns.KEY`, `tests.KIND`, `wait.VALUE`. `state` names the `CarExtras`
fields it keeps on a car (`rules/extras.py`), `field=value` when only that value is its own
(A1's `wing=low`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from types import ModuleType
from typing import Any, Protocol

from rules.extras import CarExtras
from rules.gearbox import CORE_TOP_GEAR
from rules.log import CarEntry
from rules.state import PARTS
from rules.track import Track

Hook = Callable[..., Any]

_FIELD = re.compile(r"^(option|cars|pit|turns|tests|wait|xp)\.[a-z]+$")
_RULE = re.compile(r"^[A-Z]\d+(-\d+)*$")
_MODULE = re.compile(r"^a(\d\d)_[a-z0-9_]+$")
_STATE = frozenset(CarExtras.__dataclass_fields__)


class Season(Protocol):
    """What a hook reads of the season's rules. The engine passes its `rules.ruleset.RuleSet`, which
    sits above the registry (it checks option ids against `OPTIONS`): an option names this instead,
    and so never depends on what depends on it."""

    @property
    def options(self) -> frozenset[str]: ...
    @property
    def wear_total(self) -> int: ...
    @property
    def driver_grid_xp(self) -> tuple[int, ...]: ...
    def has(self, option: str) -> bool: ...


class Race(Protocol):
    """What a hook reads of a race's fixed part. The engine passes its `rules.game.Game`, which
    picks the hooks of the options in force from the registry: an option names this instead."""

    @property
    def track(self) -> Track: ...
    @property
    def rules(self) -> Season: ...
    @property
    def laps(self) -> int: ...
    @property
    def entries(self) -> Mapping[str, CarEntry]: ...


class ControlKind(StrEnum):
    """How a race-night control asks for its value."""

    TOGGLE = "toggle"  # on or off: the field is sent as `true` when on
    CHOICE = "choice"  # one of `choices`
    NUMBER = "number"  # a whole number from `low` to `high`
    PARTS = "parts"  # points taken off the car's parts, `low` to `high` in all: `{part: n}`
    ACTION = "action"  # a step of its own at the table (a button, and its form if any)


@dataclass(frozen=True, slots=True)
class Control:
    """A control the table needs for the option on race night. `key`: the log field it fills, one
    of the option's `fields` (`option.top`, `cars.fuel`, `pit.fuel`…), or `gear` for a gear the
    option adds to the gear picker (`choices`: those gears). `label`: English, the site's msgid."""

    key: str
    kind: ControlKind
    label: str
    choices: tuple[str | int, ...] = ()
    low: int | None = None
    high: int | None = None


@dataclass(frozen=True, slots=True)
class Hooks:
    """The option's functions, by hook point (see the module's docstring); None: not hooked."""

    build: Hook | None = None
    start: Hook | None = None
    grid: Hook | None = None
    uses: Hook | None = None
    wants: Hook | None = None
    wait: Hook | None = None
    plan: Hook | None = None
    act: Hook | None = None
    check: Hook | None = None
    terms: Hook | None = None
    pit_lane: Hook | None = None
    stand: Hook | None = None
    stop: Hook | None = None
    off_stop: Hook | None = None
    road_exit: Hook | None = None
    spin: Hook | None = None
    after_move: Hook | None = None
    crossed: Hook | None = None
    handling: Hook | None = None
    crash: Hook | None = None
    mid_tests: Hook | None = None
    late_tests: Hook | None = None
    weather: Hook | None = None
    spare: Hook | None = None
    restart: Hook | None = None
    end_turn: Hook | None = None

    def points(self) -> tuple[str, ...]:
        """The hook points this option hooks, in the order a race meets them."""
        return tuple(name for name in POINTS if getattr(self, name) is not None)


POINTS: tuple[str, ...] = tuple(f.name for f in fields(Hooks))


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """An option of "Règles avancées ++": its id (A1–A19), its name, its hooks, the log fields it
    plays. `unit` (the module's file, for people) is filled in by the registry.

    What the site shows of it comes from here too, in English (the site translates, with the
    English as msgid): `name`, written nowhere else; `summary`, one sentence saying what it does
    (the rulebook, the season page); `rule_ref`, the rulebook's key for it (its id unless it says
    otherwise); `controls`, what the table asks for it on race night, in the order shown."""

    id: str
    name: str
    hooks: Hooks
    summary: str = ""
    rule_ref: str = ""
    controls: tuple[Control, ...] = ()
    fields: tuple[str, ...] = ()
    state: tuple[str, ...] = ()
    # what the engine and the table read of the option as data, through the registry (it never
    # names an option): the highest gear it allows (A13: 7; 0 = the core gearbox's); the parts
    # of which the driver picks one to pay the 4th gear skipped going down, which only its top
    # gear allows (A13's 7 → 2, `option.overrev`); the highest gear a spare car it gives leaves
    # its stand in (A5; 0 = it gives none, else it hooks `spare`)
    top_gear: int = 0
    over_rev: tuple[str, ...] = ()
    spare_gear: int = 0
    unit: str = ""

    @property
    def number(self) -> int:
        return int(self.id[1:])


class OptionSpecError(ValueError):
    """An option module whose declaration the engine cannot use."""


def check(module: ModuleType) -> OptionSpec:
    """The module's `OPTION`, after checking it: an `OptionSpec` whose id is the module's number
    (`a19_top` -> A19), with at least one hook and well-formed field names."""
    name = module.__name__.rpartition(".")[2]
    spec = getattr(module, "OPTION", None)
    if not isinstance(spec, OptionSpec):
        raise OptionSpecError(f"{module.__name__} declares no `OPTION = OptionSpec(...)`")
    number = _MODULE.match(name)
    if number is None or spec.id != f"A{int(number.group(1))}":
        raise OptionSpecError(f"{module.__name__} declares option {spec.id!r}, not the one its name says")
    if not isinstance(spec.hooks, Hooks) or not spec.hooks.points():
        raise OptionSpecError(
            f"{spec.id} ({module.__name__}) declares no hook: the engine would never play it"
        )
    for point in spec.hooks.points():
        if not callable(getattr(spec.hooks, point)):
            raise OptionSpecError(f"{spec.id}: hook {point!r} is not a function")
    if type(spec.fields) is not tuple or not all(type(f) is str and _FIELD.match(f) for f in spec.fields):
        raise OptionSpecError(f"{spec.id}: fields must be a tuple like ('option.top', 'cars.fuel')")
    if type(spec.state) is not tuple or not {f.partition("=")[0] for f in spec.state} <= _STATE:
        raise OptionSpecError(f"{spec.id}: state must be a tuple of CarExtras fields, like ('top_lap',)")
    if type(spec.over_rev) is not tuple or not set(spec.over_rev) <= set(PARTS):
        raise OptionSpecError(f"{spec.id}: over_rev must be a tuple of parts, like ('gearbox', 'brakes')")
    if spec.over_rev and not spec.top_gear:
        raise OptionSpecError(f"{spec.id}: over_rev pays a skip only a top gear allows: declare top_gear")
    if spec.top_gear and spec.top_gear <= CORE_TOP_GEAR:
        raise OptionSpecError(f"{spec.id}: top_gear {spec.top_gear} is no gear above the core's 6th")
    if (spec.spare_gear > 0) != (spec.hooks.spare is not None):
        raise OptionSpecError(f"{spec.id}: an option gives a spare car (spare_gear) iff it hooks `spare`")
    _check_words(spec)
    _check_controls(spec)
    if spec.hooks.wants is not None and not spec.state:
        raise OptionSpecError(
            f"{spec.id}: a `wants` hook is asked only about the option's `state`: declare it"
        )
    return spec


def _check_words(spec: OptionSpec) -> None:
    if type(spec.name) is not str or not spec.name.strip() or spec.name != spec.name.strip():
        raise OptionSpecError(f"{spec.id}: a name, in English, without spaces around it")
    summary = spec.summary
    if type(summary) is not str or not summary.endswith(".") or "\n" in summary or not summary[:1].isupper():
        raise OptionSpecError(f"{spec.id}: a summary, one English sentence saying what the option does")
    if spec.rule_ref and (type(spec.rule_ref) is not str or not _RULE.match(spec.rule_ref)):
        raise OptionSpecError(f"{spec.id}: rule_ref {spec.rule_ref!r} is no rulebook key (like 'A13')")


def _check_controls(spec: OptionSpec) -> None:
    if type(spec.controls) is not tuple or not all(isinstance(c, Control) for c in spec.controls):
        raise OptionSpecError(f"{spec.id}: controls must be a tuple of Control(...)")
    seen: set[str] = set()
    for c in spec.controls:
        where = f"{spec.id}: control {c.key!r}"
        if c.key in seen:
            raise OptionSpecError(f"{where} is declared twice")
        seen.add(c.key)
        if c.key == "gear":
            if not c.choices or not all(
                type(g) is int and CORE_TOP_GEAR < g <= spec.top_gear for g in c.choices
            ):
                raise OptionSpecError(f"{where}: the gears the option adds (up to its top_gear)")
        elif c.key not in spec.fields:
            raise OptionSpecError(f"{where} fills no field the option declares ({spec.fields})")
        if not isinstance(c.kind, ControlKind):
            raise OptionSpecError(f"{where}: kind must be a ControlKind")
        if type(c.label) is not str or not c.label.strip():
            raise OptionSpecError(f"{where}: a label, in English")
        ranged = c.kind in (ControlKind.NUMBER, ControlKind.PARTS)
        if (c.kind is ControlKind.CHOICE) != bool(c.choices) or len(set(c.choices)) != len(c.choices):
            raise OptionSpecError(f"{where}: choices, distinct, for a CHOICE and for it only")
        if ranged != (c.low is not None and c.high is not None) or (ranged and not c.low <= c.high):
            raise OptionSpecError(f"{where}: low <= high for a NUMBER or PARTS, and for them only")
        if not ranged and (c.low is not None or c.high is not None):
            raise OptionSpecError(f"{where}: low and high for a NUMBER or PARTS only")
