"""The Formule Dé rules engine: circuits, race logs, replay and verdicts. Pure Python, no Django.

Circuits are `formule-de/circuit@1` or `@2` documents (`load_circuit`); `rules.circuits` reads,
compiles and checks them (docs/circuit-format.md)."""

from __future__ import annotations

from rules.formats import LogFormatError, RaceLog, read_qualifying, read_race_log
from rules.qualifying import QualifyingResult, qualify
from rules.replay import replay
from rules.ruleset import RuleSet
from rules.track import CircuitError, Track, load_circuit
from rules.verdict import Verdict, Violation

__all__ = [
    "CircuitError",
    "LogFormatError",
    "QualifyingResult",
    "RaceLog",
    "RuleSet",
    "Track",
    "Verdict",
    "Violation",
    "load_circuit",
    "qualify",
    "read_qualifying",
    "read_race_log",
    "replay",
]
