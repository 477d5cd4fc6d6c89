"""Is a traced `@2` document the known board? Compared by position: the ids may differ."""

from __future__ import annotations

import math
from typing import Any

from tests.circuits import known_board as kb

TOLERANCE = 4.0  # pixels


def _match(document: dict[str, Any]) -> dict[str, str]:
    """Known square id -> traced square id, each known square matched to the nearest traced one."""
    traced = document["squares"]
    out = {}
    for known, info in kb.expected()["squares"].items():
        nearest = min(traced, key=lambda s: math.dist((s["x"], s["y"]), info["at"]))
        distance = math.dist((nearest["x"], nearest["y"]), info["at"])
        assert distance <= TOLERANCE, f"{known}: the nearest traced square is {distance:.1f} px away"
        out[known] = nearest["id"]
    return out


def assert_same_board(document: dict[str, Any]) -> None:
    expected = kb.expected()
    to_traced = _match(document)
    assert len(document["squares"]) == len(expected["squares"])
    assert len(set(to_traced.values())) == len(to_traced), "two known squares on one traced square"
    squares = {s["id"]: s for s in document["squares"]}
    names = {c["id"]: (c["name"], c["stops"]) for c in document["corners"]}
    for known, info in expected["squares"].items():
        square = squares[to_traced[known]]
        assert square["lane"] == info["lane"], known
        assert math.isclose(square["level"], info["level"], abs_tol=1e-9), known
        corner = names[square["corner"]][0] if square.get("corner") else None
        assert corner == info["corner"], known
        if info["lane"] == "pit":
            assert square.get("stand") is True, known
    assert sorted(names.values()) == sorted(kb.CORNER_NAMES.values())

    pit = document["pit"]
    chain = [pit["entry"], *pit["lane"], pit["exit"]]
    edges = {tuple(e) for e in document["edges"]} | set(zip(chain, chain[1:], strict=False))
    assert edges == {(to_traced[a], to_traced[b]) for a, b in expected["edges"]}
    assert document["grid"] == [to_traced[s] for s in expected["grid"]]
    assert pit["lane"] == [to_traced[s] for s in expected["pit"].squares]
    assert document["weather"] == kb.WEATHER
