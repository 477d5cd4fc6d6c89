"""Circuits: `formule-de/circuit@2` (a board, square for square) and `@1` compiled into it.

The contract is docs/circuit-format.md. `load(doc)` reads either format into a `Track`;
`compile_v1(doc)` turns an `@1` document into its `@2` form; `problems(doc)` lists every problem of
a board at once (the board editor shows them all), each naming its square.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.circuits.build import build
from rules.circuits.model import CircuitError, Track
from rules.circuits.problems import CIRCUIT_FORMAT_V2, Problem, problems_v2
from rules.circuits.v1 import CIRCUIT_FORMAT_V1, compile_exact, compile_v1, json_number


def load(doc: Mapping[str, Any]) -> Track:
    """A `Track` from an `@1` or `@2` document; `CircuitError` names the first problem. The track
    keeps `doc` as its `document` and the `@2` form as `compiled`."""
    if isinstance(doc, Mapping) and doc.get("format") == CIRCUIT_FORMAT_V2:
        found = problems_v2(doc)
        if found:
            raise found[0].error()
        return build(doc)
    exact = compile_exact(doc)  # `@1`, or an error naming the format
    compiled = {**exact, "squares": [{**sq, "level": json_number(sq["level"])} for sq in exact["squares"]]}
    return build(exact, document=doc, compiled=compiled)


def problems(doc: Any) -> list[Problem]:
    """Every problem of a board, in document order; empty when it loads. An `@1` document has at
    most one: its reader stops at the first, as it always has."""
    if isinstance(doc, Mapping) and doc.get("format") == CIRCUIT_FORMAT_V2:
        return problems_v2(doc)
    try:
        compile_exact(doc)
    except CircuitError as err:
        square = err.params.get("square")
        return [Problem(err.code, err.where, square if isinstance(square, str) else None, dict(err.params))]
    return []


__all__ = [
    "CIRCUIT_FORMAT_V1",
    "CIRCUIT_FORMAT_V2",
    "CircuitError",
    "Problem",
    "Track",
    "compile_v1",
    "load",
    "problems",
]
