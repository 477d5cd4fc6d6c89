"""A test drive: the bot races a board before it is published, and every log must replay valid.

Ten cars (or as many as the grid takes, which is then a failure), three laps, every car with a
stand; a few seeds, so that one lucky race does not pass a board. Pure engine work: no Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

CARS = 10
LAPS = 3
SEEDS = (1, 2, 3)


@dataclass(frozen=True)
class DriveReport:
    passed: bool
    races: list[dict[str, Any]] = field(default_factory=list)  # per seed: seed, moves, valid, finished
    reason: str = ""  # why it failed, for people (English; the engine's own words)
    code: str = ""  # what failed: "load", "grid", "pit", "bot", "replay"

    def to_json(self) -> dict[str, Any]:
        return {"passed": self.passed, "races": self.races, "reason": self.reason, "code": self.code}


def board_drive(document: Mapping[str, Any], *, seeds: tuple[int, ...] = SEEDS) -> DriveReport:
    from rules.bot import write_race
    from rules.circuits import load
    from rules.formats import read_race_log
    from rules.replay import replay
    from rules.track import CircuitError

    try:
        track = load(document)
    except CircuitError as exc:
        return DriveReport(False, reason=str(exc), code="load")
    if len(track.grid) < CARS:
        return DriveReport(
            False, reason=f"the grid has {len(track.grid)} squares, a race needs {CARS}", code="grid"
        )
    if track.pit is None:
        return DriveReport(False, reason="the board has no pit lane", code="pit")
    races = []
    for seed in seeds:
        try:
            log = write_race(track, cars=CARS, laps=LAPS, seed=seed, pits=True)
        except (RuntimeError, ValueError, KeyError, IndexError) as exc:  # the bot stuck or refused
            return DriveReport(False, races, reason=f"seed {seed}: {exc}", code="bot")
        verdict = replay(read_race_log(log), track)
        moves = sum(len(turn["moves"]) for turn in log["turns"])
        races.append(
            {"seed": seed, "moves": moves, "valid": verdict.valid, "finished": len(log.get("result", []))}
        )
        if not verdict.valid:
            return DriveReport(False, races, reason=f"seed {seed}: {verdict.violations[0]}", code="replay")
    return DriveReport(True, races)
