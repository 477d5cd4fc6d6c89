"""The options behind one interface (rules/options/spec.py, rules/options/registry.py): every
option A1–A19 is a module declaring an `OptionSpec` with its hooks and log fields; the registry
builds the season's table and the replay's tables from those declarations."""

from __future__ import annotations

import importlib
import types
from pathlib import Path

import pytest

from rules import advanced, dice, formats
from rules.extras import NO_EXTRAS
from rules.game import Game
from rules.options import registry
from rules.options.spec import POINTS, Hooks, OptionSpec, OptionSpecError, check
from rules.ruleset import OPTIONS, RuleSet

ROOT = Path(__file__).resolve().parents[2]
ALL = [f"A{i}" for i in range(1, 20)]


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
    bare = _fake("a20_nothing", OPTION=OptionSpec(id="A20", name="nothing", hooks=Hooks()))
    with pytest.raises(OptionSpecError, match="no hook"):
        check(bare)
    hooked = _fake(
        "a20_nothing", OPTION=OptionSpec(id="A20", name="x", hooks=Hooks(end_turn=lambda g, s: (s, [])))
    )
    assert check(hooked).id == "A20"


def test_the_checker_refuses_a_missing_or_misnamed_declaration():
    with pytest.raises(OptionSpecError, match="declares no"):
        check(_fake("a20_nothing"))
    wrong = _fake("a20_nothing", OPTION=OptionSpec(id="A21", name="x", hooks=Hooks(end_turn=print)))
    with pytest.raises(OptionSpecError, match="not the one"):
        check(wrong)
    listed = ["option.top"]  # a list, not a tuple
    bad_fields = OptionSpec(id="A20", name="x", hooks=Hooks(end_turn=print), fields=listed)  # type: ignore[arg-type]
    with pytest.raises(OptionSpecError, match="fields"):
        check(_fake("a20_nothing", OPTION=bad_fields))
    not_callable = OptionSpec(id="A20", name="x", hooks=Hooks(end_turn="later"))
    with pytest.raises(OptionSpecError, match="not a function"):
        check(_fake("a20_nothing", OPTION=not_callable))
    unasked = OptionSpec(id="A20", name="x", hooks=Hooks(wants=lambda ext, move: True))
    with pytest.raises(OptionSpecError, match="state"):
        check(_fake("a20_nothing", OPTION=unasked))
    unknown_state = OptionSpec(id="A20", name="x", hooks=Hooks(wants=print), state=("boost",))
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
    wings = _declared("cars")["wing"]
    assert wings == ["A1", "A2"]


def test_a_game_keeps_the_hooks_of_the_options_in_force_only(ovale):
    bare = Game(ovale, RuleSet.from_options([]), 3, {})
    for point in POINTS:
        if hasattr(bare, f"on_{point}"):
            assert getattr(bare, f"on_{point}") == (), point
    assert not (bare.a5 or bare.a8 or bare.a14 or bare.a17)
    assert bare.wants == () and bare.off_users == ((("A13", OPTIONS["A13"].hooks.uses)),)
    every = Game(ovale, RuleSet.from_options(ALL), 3, {})
    assert every.on_late_tests == tuple(OPTIONS[o].hooks.late_tests for o in registry.ORDER["late_tests"])
    assert every.a5 and every.a8 and every.a14 and every.a17
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
