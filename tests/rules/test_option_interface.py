"""The options behind one interface (rules/options/spec.py, rules/options/registry.py): every
option A1–A19 is a module declaring an `OptionSpec` with its hooks and log fields; the registry
builds the season's table and the replay's tables from those declarations."""

from __future__ import annotations

import ast
import dataclasses
import importlib
import re
import types
from pathlib import Path

import pytest

from rules import advanced, damage, dice, formats, gearbox
from rules.extras import NO_EXTRAS
from rules.game import Game
from rules.options import registry
from rules.options.spec import POINTS, Control, ControlKind, Hooks, OptionSpec, OptionSpecError, check
from rules.ruleset import OPTIONS, RuleSet

ROOT = Path(__file__).resolve().parents[2]
ALL = [f"A{i}" for i in range(1, 20)]
_SAID = "It does one thing."  # a fake option's summary


def _fake(name: str, **attrs) -> types.ModuleType:
    module = types.ModuleType(f"rules.options.{name}")
    module.__dict__.update(attrs)
    return module


def test_every_option_has_its_own_module_that_declares_hooks_and_fields():
    files = sorted(p.stem for p in (ROOT / "rules" / "options").glob("a[0-9][0-9]_*.py"))
    assert [f"A{int(stem[1:3])}" for stem in files] == ALL  # one module per option, no other
    for stem in files:
        spec = check(importlib.import_module(f"rules.options.{stem}"))
        assert spec.hooks.points(), spec.id
        assert type(spec.fields) is tuple


def test_the_registry_covers_exactly_a1_to_a19_and_is_the_seasons_table():
    assert [s.id for s in registry.SPECS] == ALL
    assert [m.__name__.rpartition(".")[2][:3] for m in registry.MODULES] == [
        f"a{i:02d}" for i in range(1, 20)
    ]
    assert OPTIONS is registry.OPTIONS
    assert all((ROOT / s.unit).is_file() and s.unit.startswith("rules/options/a") for s in OPTIONS.values())
    with pytest.raises(ValueError):
        RuleSet.from_options(["A20"])


def test_the_checker_refuses_a_module_without_hooks():
    bare = _fake("a20_nothing", OPTION=OptionSpec(id="A20", name="nothing", summary=_SAID, hooks=Hooks()))
    with pytest.raises(OptionSpecError, match="no hook"):
        check(bare)
    hooked = _fake(
        "a20_nothing",
        OPTION=OptionSpec(id="A20", name="x", summary=_SAID, hooks=Hooks(end_turn=lambda g, s: (s, []))),
    )
    assert check(hooked).id == "A20"


def test_the_checker_refuses_a_missing_or_misnamed_declaration():
    with pytest.raises(OptionSpecError, match="declares no"):
        check(_fake("a20_nothing"))
    wrong = _fake(
        "a20_nothing", OPTION=OptionSpec(id="A21", name="x", summary=_SAID, hooks=Hooks(end_turn=print))
    )
    with pytest.raises(OptionSpecError, match="not the one"):
        check(wrong)
    listed = ["option.top"]  # a list, not a tuple
    bad_fields = OptionSpec(id="A20", name="x", summary=_SAID, hooks=Hooks(end_turn=print), fields=listed)  # type: ignore[arg-type]
    with pytest.raises(OptionSpecError, match="fields"):
        check(_fake("a20_nothing", OPTION=bad_fields))
    not_callable = OptionSpec(id="A20", name="x", summary=_SAID, hooks=Hooks(end_turn="later"))
    with pytest.raises(OptionSpecError, match="not a function"):
        check(_fake("a20_nothing", OPTION=not_callable))
    unasked = OptionSpec(id="A20", name="x", summary=_SAID, hooks=Hooks(wants=lambda ext, move: True))
    with pytest.raises(OptionSpecError, match="state"):
        check(_fake("a20_nothing", OPTION=unasked))
    unknown_state = OptionSpec(id="A20", name="x", summary=_SAID, hooks=Hooks(wants=print), state=("boost",))
    with pytest.raises(OptionSpecError, match="CarExtras"):
        check(_fake("a20_nothing", OPTION=unknown_state))


def _declared(prefix: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for spec in registry.SPECS:
        for f in spec.fields:
            where, _, key = f.partition(".")
            if where == prefix:
                out.setdefault(key, []).append(spec.id)
    return out


def test_the_option_actions_the_replay_reads_are_the_declared_ones():
    keys = _declared("option")
    assert all(len(ids) == 1 for ids in keys.values())  # one option plays a key
    assert advanced.OPTION_KEYS is registry.OPTION_KEYS
    assert {k: ids[0] for k, ids in keys.items()} == advanced.OPTION_KEYS
    assert advanced.OPTION_KEYS == {
        "top": "A19",
        "supertop": "A16",
        "supercharge": "A15",
        "pedal": "A10",
        "overrev": "A13",
        "highwing": "A2",
        "spare": "A5",
    }


def test_the_other_declared_fields_are_fields_the_reader_reads():
    assert set(_declared("cars")) <= formats._CAR_FIELDS
    assert set(_declared("pit")) <= formats._PIT_FIELDS
    assert set(_declared("turns")) <= formats._TURN_FIELDS
    assert set(_declared("wait")) <= set(formats.WAITS)
    tests = _declared("tests")
    assert set(tests) <= {k.value for k in dice.TestKind}
    # the d20 tests only an option calls for are declared by that option, once
    assert {k: ids for k, ids in tests.items()} == {
        "spin": ["A18"],
        "debris": ["A10"],
        "scatter": ["A6"],
        "accident": ["A14"],
    }
    assert set(_declared("xp")) <= {f.name for f in dataclasses.fields(formats.XpUse)}
    wings = _declared("cars")["wing"]
    assert wings == ["A1", "A2"]


def test_a_game_keeps_the_hooks_of_the_options_in_force_only(ovale):
    bare = Game(ovale, RuleSet.from_options([]), 3, {})
    for point in POINTS:
        if hasattr(bare, f"on_{point}"):
            assert getattr(bare, f"on_{point}") == (), point
    assert not (bare.spares or bare.slide_by_gear or bare.on_road_exit or bare.on_handling)
    assert bare.wants == () and bare.off_users == ((("A13", OPTIONS["A13"].hooks.uses)),)
    every = Game(ovale, RuleSet.from_options(ALL), 3, {})
    assert every.on_late_tests == tuple(OPTIONS[o].hooks.late_tests for o in registry.ORDER["late_tests"])
    assert every.spares and every.slide_by_gear and every.on_road_exit and every.on_handling
    a17 = Game(ovale, RuleSet.from_options(["A17"]), 3, {})
    assert a17.on_handling == (OPTIONS["A17"].hooks.handling,) and a17.on_late_tests == ()
    assert a17.wants == ()
    assert [(i, v, len(hooks)) for i, v, hooks in every.wants] == [
        (0, "low", 1),
        (0, "high", 1),
        (1, None, 1),
        (2, None, 1),
    ]
    assert (
        every.wants_of(NO_EXTRAS.with_(wing="low", stalled=True)) == ("low", False, True, "low")
        and every.off_users == ()
    )


def test_the_hook_points_play_in_the_declared_order():
    for point, ids in registry.ORDER.items():
        assert [s.id for s in registry.playing(point)] == list(ids)
    assert [s.id for s in registry.playing("start")] == ["A1", "A2", "A12", "A16"]  # elsewhere: by number


# -- the engine names no option: what it needs of one is the option's data or hook ---------------
# The bot (a player with a strategy per option) and the season's default (A7 on, `RuleSet`) name
# options by design; everything else outside rules/options/ reads the registry.
_NAMING_ALLOWED = {"rules/bot.py", "rules/ruleset.py"}


def test_no_engine_module_outside_the_options_names_an_option():
    named = []
    for path in sorted((ROOT / "rules").rglob("*.py")):
        unit = path.relative_to(ROOT).as_posix()
        if unit.startswith("rules/options/") or unit in _NAMING_ALLOWED:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                modules = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                modules = [a.name for a in node.names]
            else:
                modules = []
            named += [f"{unit}:{node.lineno} imports {m}" for m in modules if _OPTION_MODULE.match(m)]
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and _OPTION_ID.match(node.value)
            ):
                named.append(f"{unit}:{node.lineno} names {node.value}")
    assert not named, "\n".join(named)


_OPTION_MODULE = re.compile(r"^rules\.options\.a\d\d_")
_OPTION_ID = re.compile(r"^A\d{1,2}$")


def test_the_gears_and_spare_car_the_engine_reads_are_the_options_data():
    assert registry.top_gear([]) == gearbox.CORE_TOP_GEAR == 6
    assert registry.top_gear(["A13"]) == 7 == OPTIONS["A13"].top_gear
    assert registry.top_gear([o for o in ALL if o != "A13"]) == 6
    assert registry.OVER_REV == ("gearbox", "brakes", "engine") == OPTIONS["A13"].over_rev
    assert registry.SPARE_GEARS == {"spare": 4}
    assert [s.id for s in registry.SPECS if s.spare_gear] == ["A5"]


def test_the_rule_of_a_test_is_the_core_s_or_the_declaring_option_s():
    assert set(damage.TEST_RULE.values()) == {"D3", "D4", "D5", "W1", "S2"}
    assert set(registry.TEST_RULES) == set(dice.TestKind)
    for kind, ids in _declared("tests").items():
        assert registry.TEST_RULES[dice.TestKind(kind)] == ids[0]


def test_the_checker_refuses_option_data_that_does_not_hold_together():
    def declared(**data) -> types.ModuleType:
        return _fake(
            "a20_nothing",
            OPTION=OptionSpec(id="A20", name="x", summary=_SAID, hooks=Hooks(end_turn=print), **data),
        )

    assert check(declared(top_gear=8, over_rev=("engine",))).top_gear == 8
    with pytest.raises(OptionSpecError, match="top_gear"):
        check(declared(over_rev=("engine",)))
    with pytest.raises(OptionSpecError, match="top_gear"):
        check(declared(top_gear=6))
    with pytest.raises(OptionSpecError, match="over_rev"):
        check(declared(top_gear=7, over_rev=("wings",)))
    with pytest.raises(OptionSpecError, match="spare"):
        check(declared(spare_gear=4))
    gives_none = OptionSpec(id="A20", name="x", summary=_SAID, hooks=Hooks(spare=print))
    with pytest.raises(OptionSpecError, match="spare"):
        check(_fake("a20_nothing", OPTION=gives_none))


def test_a_game_keeps_the_stop_work_of_the_options_not_in_force(ovale):
    bare = Game(ovale, RuleSet.from_options([]), 3, {})
    assert bare.off_stops == (OPTIONS["A12"].hooks.off_stop,) and bare.on_stand == () and bare.on_build == ()
    every = Game(ovale, RuleSet.from_options(ALL), 3, {})
    assert every.off_stops == ()
    assert every.on_stand == (OPTIONS["A3"].hooks.stand,) and every.on_build == (OPTIONS["A11"].hooks.build,)


# -- what the site shows of an option: name, summary, rulebook key, race-night controls ----------
def _spec(**data) -> OptionSpec:
    base = {"id": "A20", "name": "x", "summary": _SAID, "hooks": Hooks(end_turn=print)}
    return OptionSpec(**{**base, **data})


def _checked(**data) -> OptionSpec:
    return check(_fake("a20_nothing", OPTION=_spec(**data)))


def test_the_catalogue_is_every_option_in_order_with_its_words():
    specs = registry.catalogue()
    assert [s.id for s in specs] == ALL and specs == registry.SPECS
    for s in specs:
        assert s.summary.endswith(".") and s.summary[0].isupper() and "\n" not in s.summary, s.id
        assert s.rule_ref == s.id  # the rulebook explains each option under its id
        assert len(s.summary) > len(s.name), s.id
    names = [s.name.casefold() for s in specs]
    assert len(set(names)) == len(names)


def test_the_race_night_controls_are_the_ones_the_table_shows():
    controls = {s.id: [(c.key, c.kind.value) for c in s.controls] for s in registry.catalogue()}
    assert {o: c for o, c in controls.items() if c} == {
        "A1": [("cars.wing", "choice")],
        "A2": [("cars.wing", "choice"), ("option.highwing", "toggle")],
        "A5": [("option.spare", "parts"), ("turns.restart", "action")],
        "A7": [("xp.driver", "choice"), ("xp.team", "choice")],
        "A10": [("option.pedal", "toggle")],
        "A12": [("cars.fuel", "number"), ("pit.fuel", "number")],
        "A13": [("gear", "choice"), ("option.overrev", "choice")],
        "A15": [("option.supercharge", "toggle")],
        "A16": [("option.supertop", "toggle")],
        "A18": [("wait.stalled", "action")],
        "A19": [("option.top", "choice")],
    }
    # every option action a move may carry has its control
    keyed = {
        c.key.partition(".")[2]
        for s in registry.catalogue()
        for c in s.controls
        if c.key.startswith("option.")
    }
    assert keyed == set(registry.OPTION_KEYS)
    a13 = {c.key: c for c in OPTIONS["A13"].controls}
    assert a13["gear"].choices == (7,) and a13["option.overrev"].choices == registry.OVER_REV
    a12 = {c.key: c for c in OPTIONS["A12"].controls}
    assert (a12["pit.fuel"].low, a12["pit.fuel"].high) == (1, 3)
    assert {c.choices for c in OPTIONS["A1"].controls + OPTIONS["A2"].controls if c.key == "cars.wing"} == {
        ("low",),
        ("high",),
    }
    assert set(OPTIONS["A7"].controls[0].choices) == set(formats.DRIVER_XP)
    assert OPTIONS["A19"].controls[0].choices == (1, -1)


def test_the_checker_refuses_an_option_without_its_words():
    assert _checked().summary == _SAID
    for bad in ("", "does a thing.", "It does a thing", "It does\na thing."):
        with pytest.raises(OptionSpecError, match="summary"):
            _checked(summary=bad)
    with pytest.raises(OptionSpecError, match="name"):
        _checked(name=" x")
    assert _checked(rule_ref="M6-3").rule_ref == "M6-3"
    with pytest.raises(OptionSpecError, match="rule_ref"):
        _checked(rule_ref="rule A20")


def test_the_checker_refuses_a_control_that_fills_nothing_the_option_plays():
    top = Control("option.top", ControlKind.CHOICE, "Top", choices=(1, -1))
    assert _checked(fields=("option.top",), controls=(top,)).controls == (top,)
    with pytest.raises(OptionSpecError, match="declares"):
        _checked(controls=(top,))  # option.top is not among its fields
    with pytest.raises(OptionSpecError, match="twice"):
        _checked(fields=("option.top",), controls=(top, top))
    with pytest.raises(OptionSpecError, match="tuple"):
        _checked(fields=("option.top",), controls=[top])
    on = Control("option.top", ControlKind.TOGGLE, "Top")
    for wrong, match in (
        (Control("option.top", ControlKind.CHOICE, "Top"), "choices"),
        (Control("option.top", ControlKind.TOGGLE, "Top", choices=(1,)), "choices"),
        (Control("option.top", ControlKind.CHOICE, "Top", choices=(1, 1)), "choices"),
        (Control("option.top", ControlKind.NUMBER, "Top"), "low"),
        (Control("option.top", ControlKind.NUMBER, "Top", low=3, high=1), "low"),
        (Control("option.top", ControlKind.TOGGLE, "Top", low=1), "low"),
        (Control("option.top", ControlKind.TOGGLE, ""), "label"),
        (Control("option.top", "toggle", "Top"), "ControlKind"),
    ):
        with pytest.raises(OptionSpecError, match=match):
            _checked(fields=("option.top",), controls=(wrong,))
    assert _checked(fields=("option.top",), controls=(on,)).controls == (on,)
    seventh = Control("gear", ControlKind.CHOICE, "7th gear", choices=(7,))
    assert _checked(top_gear=7, controls=(seventh,)).controls == (seventh,)
    with pytest.raises(OptionSpecError, match="gears"):
        _checked(controls=(seventh,))  # no top gear of its own
    with pytest.raises(OptionSpecError, match="gears"):
        _checked(top_gear=7, controls=(Control("gear", ControlKind.CHOICE, "5th", choices=(5,)),))
