"""Playing a race move by move (the referee at the table): the choices offered and the verdict on
each move come from the same engine code as `replay()`.

    table = Table.start(header, track, rules)      # a race-log@1 document without turns/result
    table.to_play                                  # ToPlay(turn, car, …) or None: the race is over
    gears(table)                                   # Gears: every gear it may engage, with its cost
    stops(table, gear, roll)                       # StopChoice per square: path, brake, bonus, cost
    tests_due(table, move)                         # the d20 rolls still due, in the log's order
    table, events = play(table, move)              # refused: the same table and the violations
    undo(table); table.log(); table.verdict()
"""

from __future__ import annotations

from rules.play.due import TestDue, tests_due
from rules.play.gears import GearChoice, GearRule, Gears, gears
from rules.play.step import play, restart, undo
from rules.play.stops import Cost, StopChoice, Way, stops
from rules.play.table import Table, ToPlay

__all__ = [
    "Cost",
    "GearChoice",
    "GearRule",
    "Gears",
    "StopChoice",
    "Table",
    "TestDue",
    "ToPlay",
    "Way",
    "gears",
    "play",
    "restart",
    "stops",
    "tests_due",
    "undo",
]
