"""Circuits as the engine uses them: `load_circuit(doc)` turns a circuit document
(`formule-de/circuit@1` or `@2`, docs/circuit-format.md) into a `Track`, the precomputed track
graph. The reading lives in `rules/circuits/`; the names the engine imports stay here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.circuits import CIRCUIT_FORMAT_V1, CIRCUIT_FORMAT_V2, load
from rules.circuits.model import LANES, CircuitError, Pit, Segment, SegmentKind, Track

CIRCUIT_FORMAT = CIRCUIT_FORMAT_V1
CIRCUIT_FORMATS = (CIRCUIT_FORMAT_V1, CIRCUIT_FORMAT_V2)


def load_circuit(doc: Mapping[str, Any]) -> Track:
    """Validate a circuit document (`@1` or `@2`) and build its track graph."""
    return load(doc)


__all__ = [
    "CIRCUIT_FORMAT",
    "CIRCUIT_FORMATS",
    "LANES",
    "CircuitError",
    "Pit",
    "Segment",
    "SegmentKind",
    "Track",
    "load_circuit",
]
