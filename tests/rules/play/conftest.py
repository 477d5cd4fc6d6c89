"""Tables on the project's own oval (`fixtures/circuits/ovale.json`), from the grid or from a
state set by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.play import Table
from rules.ruleset import RuleSet
from rules.track import Track, load_circuit
from tests.rules.conftest import car, placed, race

CIRCUITS = Path(__file__).resolve().parents[3] / "fixtures" / "circuits"


def circuit(name: str) -> Track:
    return load_circuit(json.loads((CIRCUITS / f"{name}.json").read_text(encoding="utf-8")))


@pytest.fixture(scope="session")
def oval() -> Track:
    return circuit("ovale")


def header(cars: list[dict], **kw) -> dict:
    return {k: v for k, v in race(cars, [], **kw).items() if k != "turns"}


def grid_table(track: Track, n: int = 2, options: tuple[str, ...] = ("A7",), **kw) -> Table:
    cars = [car(str(i + 1), i + 1) for i in range(n)]
    return Table.start(header(cars, options=list(options), **kw), track, RuleSet.from_options(options))


def hand_table(track: Track, where: dict[str, str], *, state_edit=None, **kw) -> Table:
    """A table whose cars stand where `placed` puts them (crossed the line once, lap 1, turn 1)."""
    options = kw.get("options", ("A7",))
    _, state = placed(track, where, **kw)
    if state_edit is not None:
        state = state_edit(state)
    cars = [car(cid, i + 1) for i, cid in enumerate(where)]
    table = Table.start(header(cars, options=list(options)), track, RuleSet.from_options(options))
    return table.with_state(state)
