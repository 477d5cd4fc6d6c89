"""Race sheets to replay: the worked examples' race (tests/factories.py), submitted and validated."""

from __future__ import annotations

import json

from races.models import Race, RaceSheet
from races.sheets.judging import race_sheet_validate
from races.sheets.services import race_sheet_submit
from tests import factories
from tests.factories import Oval, make_steward

__all__ = ["Oval", "build_oval", "last_squares", "make_steward", "submit"]


def build_oval(steward: object) -> Oval:
    """The worked examples' race (tests/factories.py), its drivers under their full names."""
    return factories.build_oval(steward, names={"alice": "Alice Martin", "bruno": "Bruno Lefèvre"})


def submit(race: Race, log: dict | bytes, by: object) -> RaceSheet:
    """Submit a log and validate it at once (the task would, after the commit)."""
    raw = log if isinstance(log, bytes) else json.dumps(log).encode()
    return race_sheet_validate(sheet_id=race_sheet_submit(race=race, raw=raw, by=by).pk)


def last_squares(log: dict) -> dict[str, str]:
    """Each car's stop in its last move of the log."""
    squares = {}
    for turn in log["turns"]:
        for move in turn["moves"]:
            if move.get("path"):
                squares[move["car"]] = move["path"][-1]
    return squares
