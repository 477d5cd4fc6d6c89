"""`registry.extended`: an option module written outside rules/options/ joins every table of the
registry for the block, as if MODULES listed it, and the registry is as it was afterwards."""

from __future__ import annotations

from types import ModuleType

import pytest

from rules.options import registry
from rules.options.spec import Hooks, OptionSpec, OptionSpecError


def _act(game, state, car, move, plan, out):  # noqa: ANN001, ANN202
    return state


def module(name: str = "a20_boost", **spec: object) -> ModuleType:
    made = ModuleType(f"elsewhere.{name}")
    made.OPTION = OptionSpec(
        **{"id": "A20", "name": "boost", "summary": "One more square.", "hooks": Hooks(act=_act)}
        | {"fields": ("option.boost",)}
        | spec
    )
    return made


def test_the_option_joins_every_table_and_leaves_them_as_they_were():
    before = (registry.catalogue(), dict(registry.OPTIONS), dict(registry.OPTION_KEYS), dict(registry.ACT_OF))
    order = {"act": (*registry.ORDER["act"], "A20")}

    with registry.extended(module(), order=order):
        assert (
            registry.catalogue()[-1].id == "A20" and registry.OPTIONS["A20"].unit == "elsewhere/a20_boost.py"
        )
        assert registry.OPTION_KEYS["boost"] == "A20"
        assert registry.ACT_OF["boost"] == (len(order["act"]) - 1, _act)
        assert [s.id for s in registry.playing("act")][-1] == "A20"

    after = (registry.catalogue(), dict(registry.OPTIONS), dict(registry.OPTION_KEYS), dict(registry.ACT_OF))
    assert after == before and "A20" not in registry.ORDER["act"]


def test_a_module_the_registry_cannot_take_changes_nothing():
    before = registry.catalogue()

    with pytest.raises(OptionSpecError), registry.extended(module()):  # its action has no place in ORDER
        pass
    with pytest.raises(OptionSpecError), registry.extended(module("a21_boost")):  # its name says A21
        pass

    assert registry.catalogue() == before and "A20" not in registry.OPTIONS
