"""One step at the table: `play(table, move)`, `restart(table, restart)` (A5), `undo(table)`.

A move is judged by `replay_move.apply`, the code `replay()` judges a log with: it is played iff
it is the turn's move of the car to play and apply reports no violation; otherwise the table is
returned unchanged with the violations. A move object is read by `formats.read_move`, as
`read_race_log` reads one (`LogFormatError` for an unreadable one).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.formats import Move, read_move, read_restart
from rules.order import progress
from rules.play.refusals import not_playing, not_to_play, restart_first
from rules.play.spare import NoSpare
from rules.play.table import Table, after_move, begin_turn, end_turn, seek
from rules.replay import restart_race, spare_of
from rules.replay_move import apply
from rules.state import CarStatus, RaceState
from rules.verdict import Event, Violation

_OUT = CarStatus.OUT

Events = tuple[Event | Violation, ...]


def read(table: Table, raw: Mapping[str, Any] | Move) -> Move:
    """A move object as the log will hold it (its place named as in the log)."""
    if isinstance(raw, Move):
        return raw
    to = table.to_play
    turn = len(table.done) + (1 if table.turn is not None else 0) if to is None else to.turn
    where = f"turns[{turn - 1}].moves[{len(table.turn.moves) if table.turn else 0}]"
    return read_move(raw, where, set(table.game.entries))


def play(table: Table, raw: Mapping[str, Any] | Move) -> tuple[Table, Events]:
    """Play one race-log@1 move object. Returns the new table and what happened; an illegal move
    returns the same table and the violations (turn, car, rule, message)."""
    move = read(table, raw)
    to = table.to_play
    if table.closed is not None and _is_spare(table, move):
        # the last move of the turn just played, before its red flag; also once every car is out
        # (the race is over only if no spare car leaves its stand)
        return _spare(table, move)
    if to is None:
        return table, (not_playing(table, move.car),)
    if to.restart_due:
        return table, (restart_first(table, move.car),)
    if move.car != to.car:
        return table, (not_to_play(table, move.car),)
    return _move(table, move)


def _move(table: Table, move: Move) -> tuple[Table, Events]:
    state = table.state
    turn = table.turn
    assert turn is not None
    before = progress(table.game.track, state.car(move.car))
    after, events = apply(table.game, state, move)
    refused = tuple(e for e in events if isinstance(e, Violation))
    if refused:
        return table, refused
    turn, after, lapping = after_move(table, after, turn, move, before)
    happened = (*events, *lapping)
    new = replace(table, events=happened, closed=None, previous=table)
    new = seek(new, after, turn)
    return new, new.events


def judged_on(table: Table, move: Move) -> RaceState:
    """The state `play` judges `move` on: the table's, or for a spare car's move (A5) the turn
    just closed with the spare taken (raises `NoSpare`, a `ValueError`, if it cannot be taken)."""
    if table.closed is None or not _is_spare(table, move):
        return table.state
    turn, state = table.closed
    take_spare = spare_of(move)
    assert take_spare is not None
    taken, took = take_spare(table.game, state, state.car(move.car), move, turn.number)
    refused = [e for e in took if isinstance(e, Violation)]
    if refused:
        raise NoSpare(violations=tuple(refused))
    return taken


def _is_spare(table: Table, move: Move) -> bool:
    """A5: a retired driver's spare car, the last move of the turn just played."""
    car = table.closed[1].car(move.car) if table.closed else None
    return bool(car is not None and car.status is _OUT and spare_of(move) is not None)


def _spare(table: Table, move: Move) -> tuple[Table, Events]:
    """The spare car leaves its stand at the end of the turn just played (as `play_turn` reads a
    spare move: `take_spare`, then the move), and the turn ends again."""
    assert table.closed is not None
    turn, state = table.closed
    game = table.game
    car = state.car(move.car)
    take_spare = spare_of(move)
    assert take_spare is not None
    taken, took = take_spare(game, state, car, move, turn.number)
    refused = tuple(e for e in took if isinstance(e, Violation))
    if refused:
        return table, refused
    before = progress(game.track, taken.car(move.car))
    after, events = apply(game, taken, move)
    refused = tuple(e for e in events if isinstance(e, Violation))
    if refused:
        return table, refused
    turn, after, lapping = after_move(table, after, turn, move, before)
    new = replace(table, done=table.done[:-1], events=(*took, *events, *lapping), closed=None, previous=table)
    new = end_turn(new, after, turn)
    return new, new.events


def restart(table: Table, given: Mapping[str, Any]) -> tuple[Table, Events]:
    """A5: the restart after a red flag (`{"pits": [...]}`), before the turn's first move."""
    to = table.to_play
    if to is None or not to.restart_due:
        number = to.turn if to is not None else table.state.turn + 1
        _, problems = restart_race(table.game, table.state, given, number)
        return table, tuple(problems)
    doc = read_restart(dict(given), f"turns[{to.turn - 1}].restart", set(table.game.entries))
    state, out = restart_race(table.game, table.state, doc, to.turn)
    refused = tuple(e for e in out if isinstance(e, Violation))
    if refused:
        return table, refused
    new = replace(table, events=tuple(out), closed=None, previous=table)
    new = begin_turn(new, state, to.turn, doc)
    return new, new.events


def undo(table: Table) -> Table:
    """The table without its last step (a move or a restart); the start has nothing to undo."""
    if table.previous is None:
        raise ValueError("nothing to undo: no move has been played")
    return table.previous
