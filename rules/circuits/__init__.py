"""Circuits: `formule-de/circuit@2` (a board, square for square) and `@1` compiled into it.

The contract is docs/circuit-format.md. `load(doc)` reads either format into a `Track`;
`compile_v1(doc)` turns an `@1` document into its `@2` form; `problems(doc)` lists every problem of
a board at once (the board editor shows them all), each naming its square.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.messages.reading import ReadCode
from rules.track import CIRCUIT_FORMAT, CircuitError, Track
from rules.track import load_circuit as _load_v1

CIRCUIT_FORMAT_V1 = CIRCUIT_FORMAT
CIRCUIT_FORMAT_V2 = "formule-de/circuit@2"


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a board: `code` and `params` say what, `where` the field path
    ("squares[12].level"), `square` the id of the square at fault (None when none is)."""

    code: ReadCode
    where: str
    square: str | None = None
    params: dict[str, Any] = field(default_factory=dict)

    def error(self) -> CircuitError:
        return CircuitError(self.where, self.code, **self.params)


def load(doc: Mapping[str, Any]) -> Track:
    """A `Track` from an `@1` or `@2` document; `CircuitError` names the first problem."""
    return _load_v1(doc)


def compile_v1(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The `@2` document of an `@1` circuit: same ids, lanes, levels and edges (in order)."""
    raise NotImplementedError


def problems(doc: Mapping[str, Any]) -> list[Problem]:
    """Every problem of a board (`@1` or `@2`), in document order; empty when it loads."""
    try:
        load(doc)
    except CircuitError as err:
        return [Problem(err.code, err.where, None, dict(err.params))]
    return []


__all__ = [
    "CIRCUIT_FORMAT_V1",
    "CIRCUIT_FORMAT_V2",
    "CircuitError",
    "Problem",
    "compile_v1",
    "load",
    "problems",
]
