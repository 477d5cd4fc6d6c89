"""A race being played at a table: the log header, the moves so far, and whose move it is.

`Table.start(header, track, rules)` reads the header of a `formule-de/race-log@1` document (the
log without `turns` and `result`) as `read_race_log` and `replay.start` read a whole log. The
game turn in progress follows `replay.play_turn` step by step: the same play order (T4), the same
obstacles taken off (D2), the same lapped cars' lost and won-back moves (M6-2-5), the same
end of turn (`replay.finish_turn`). A table is a value: `play` and `undo` (rules/play/turns.py)
return new tables.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules.formats import LogFormatError, Move, TurnLog, read_race_log
from rules.journal import Journal
from rules.messages.reading import ReadCode
from rules.order import after_move as lapped
from rules.order import progress, turn_start
from rules.replay import Game, finish_turn, start, take_off
from rules.ruleset import RuleSet
from rules.scoring import classify, experience, finishing_order, race_finish_changes
from rules.state import CarStatus, RaceState
from rules.track import Track
from rules.verdict import Event, Verdict, Violation

_RACING = CarStatus.RACING
_OUT = CarStatus.OUT


@dataclass(frozen=True, slots=True)
class ToPlay:
    """Who plays next. `car` None: the turn's restart after a red flag (A5) comes first.
    `wait`: the move the car must make is `{"car": …, "wait": wait}` (A18: "stalled").
    `again`: a move lost to lapping, won back (M6-2-5), played at the end of the turn."""

    turn: int
    car: str | None
    restart_due: bool = False
    wait: str | None = None
    again: bool = False


@dataclass(frozen=True, slots=True)
class Turn:
    """The game turn in progress, as `replay.play_turn` keeps it."""

    number: int
    restart: Mapping[str, Any] | None
    moves: tuple[Move, ...]
    expected: tuple[str, ...]  # play order at the start of the turn, obstacles included
    lap_floor: float | None  # `order.turn_start`'s: None when no car can be lapped this turn
    pos: int = 0  # next place in `expected` to look at
    lost: frozenset[str] = frozenset()  # lapped before playing: they lose this turn's move
    moved: tuple[str, ...] = ()
    again: tuple[str, ...] = ()  # owed a lost move back, to play at the end of the turn

    def log(self) -> TurnLog:
        return TurnLog(self.number, self.moves, self.restart)


@dataclass(frozen=True, slots=True)
class Table:
    """A race in play. `state` is the state the next move is judged on; `to_play` says whose move
    it is (None when the race is over). `problems`: the header's violations (as `replay.start`
    gives them). `previous` is the table before the last step (`undo`)."""

    game: Game
    header: dict[str, Any] = field(repr=False)
    problems: tuple[Violation, ...]
    done: tuple[TurnLog, ...]
    turn: Turn | None  # None between turns (a restart is due) and once the race is over
    state: RaceState = field(repr=False)
    to_play: ToPlay | None
    events: tuple[Event, ...] = field(default=(), repr=False)  # what the last step did
    # the turn just finished and the state before its end (A5: a spare car leaves its stand
    # as the last move of the turn), until the next turn's first move
    closed: tuple[Turn, RaceState] | None = field(default=None, repr=False)
    previous: Table | None = field(default=None, repr=False, compare=False)

    # -- building ------------------------------------------------------------------------
    @classmethod
    def start(cls, header: Mapping[str, Any], track: Track, rules: RuleSet | None = None) -> Table:
        """The race before its first move. Raises `LogFormatError` for a header `read_race_log`
        would refuse (or one that gives turns or a result); rule problems are in `problems`."""
        if not isinstance(header, Mapping):
            raise LogFormatError(ReadCode.EXPECTED_JSON_OBJECT, "race log", type=type(header).__name__)
        for key in ("turns", "result"):
            if key in header:
                raise LogFormatError(ReadCode.HEADER_HAS_TURNS, key, field=key)
        head = copy.deepcopy(dict(header))
        log = read_race_log({**head, "turns": []})
        if log.circuit != track.id:
            raise LogFormatError(
                ReadCode.HEADER_OTHER_CIRCUIT, "circuit", circuit=log.circuit, track=track.id
            )
        game, state, problems = start(log, track, rules)
        table = cls(game, head, tuple(problems), (), None, state, None)
        if any(v.fatal for v in problems):
            return table  # replay would stop here: nothing can be played
        return _next_turn(table, state, 1)

    def with_state(self, state: RaceState) -> Table:
        """This table's race from a state set by hand (tests, puzzles), at the start of the state's
        game turn. The moves before it are not in `log()`."""
        number = max(state.turn, 1)
        return _next_turn(Table(self.game, self.header, self.problems, (), None, state, None), state, number)

    # -- reading -------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.to_play is None

    def turns(self) -> tuple[TurnLog, ...]:
        """Every game turn so far, the one in progress last (if it has begun)."""
        if self.turn is not None and (self.turn.moves or self.turn.restart is not None):
            return (*self.done, self.turn.log())
        return self.done

    def moves(self) -> int:
        return sum(len(t.moves) for t in self.turns())

    def log(self) -> dict[str, Any]:
        """The race so far as a `formule-de/race-log@1` document; with `result` once it is over."""
        doc = copy.deepcopy(self.header)
        doc["turns"] = [t.to_json() for t in self.turns()]
        if self.over and not any(v.fatal for v in self.problems):
            doc["result"] = finishing_order(self.state)
        return doc

    def verdict(self) -> Verdict:
        """What `replay()` of `log()` says, from the table's own state (legal moves only, so the
        violations are the header's)."""
        game, state = self.game, self.state
        placings = classify(game.track, game.rules, state)
        events: list[Event] = []
        t: Table | None = self
        while t is not None:
            events[:0] = t.events
            t = t.previous
        xp = experience(game.rules, game.entries, state, placings)
        matches = True if self.over else None
        changes = state.xp_changes + tuple(race_finish_changes(game.rules, game.entries, placings))
        return Verdict(self.problems, placings, state.cars, xp, matches, tuple(events), False, changes)


# -- the turn's steps, as replay.play_turn takes them ------------------------------------
def begin_turn(table: Table, state: RaceState, number: int, restart: Mapping[str, Any] | None) -> Table:
    """The state at the start of game turn `number` (after its restart, if any) and its first car."""
    expected, _racing, floor = turn_start(table.game.track, state)
    turn = Turn(number, restart, (), expected, floor)
    return _seek(table, state, turn)


def _next_turn(table: Table, state: RaceState, number: int) -> Table:
    """After the end of turn `number - 1`: the next turn, a restart due first, or the race over."""
    if not any(c.status is _RACING for c in state.cars):
        return _with(table, turn=None, state=state, to_play=None)
    state = state.with_(turn=number, played=frozenset())
    if state.restart_due is not None:
        return _with(table, turn=None, state=state, to_play=ToPlay(number, None, restart_due=True))
    return begin_turn(table, state, number, None)


def _seek(table: Table, state: RaceState, turn: Turn) -> Table:
    """The next car to play in `turn` (obstacles whose slot has come taken off); the end of the
    turn when every car has played."""
    expected = turn.expected
    n = len(expected)
    pos = turn.pos
    while pos < n:
        cid = expected[pos]
        car = state.car(cid)
        if car.status is not _RACING or cid in turn.lost or cid in turn.moved:
            pos += 1
            continue
        state = take_off(state, expected[:pos], turn.number)
        turn = _replace(turn, pos=pos)
        return _with(table, turn=turn, state=state, to_play=_to_play(turn.number, state, cid, False))
    turn = _replace(turn, pos=n)
    for cid in turn.again:
        if state.car(cid).status is _RACING:
            state = take_off(state, expected[: expected.index(cid)], turn.number)
            return _with(table, turn=turn, state=state, to_play=_to_play(turn.number, state, cid, True))
    return end_turn(table, state, turn)


def end_turn(table: Table, state: RaceState, turn: Turn) -> Table:
    """Every car has played: obstacles off, the end of the turn (A9, A5), the next turn."""
    state = take_off(state, turn.expected, turn.number)
    before = state
    state, happened = finish_turn(table.game, state)
    table = _with(
        table,
        done=(*table.done, turn.log()),
        turn=None,
        events=(*table.events, *happened),
        closed=(turn, before),
    )
    return _next_turn(table, state, turn.number + 1)


def _to_play(number: int, state: RaceState, cid: str, again: bool) -> ToPlay:
    wait = "stalled" if state.car(cid).ext.stalled else None
    return ToPlay(number, cid, wait=wait, again=again)


def after_move(
    table: Table, state: RaceState, turn: Turn, move: Move, before: float
) -> tuple[Turn, RaceState, list]:
    """M6-2-5 after a legal move, as `replay.play_turn` does it: cars lapped before playing lose
    their move; a car owed one that passes the leader gets it back at the end of the turn."""
    track = table.game.track
    cid = move.car
    again = list(turn.again)
    if cid in again and cid in turn.moved:
        again.remove(cid)  # the won-back move, played
    moved = (*turn.moved, cid)
    out = Journal()
    lost = turn.lost
    floor = turn.lap_floor
    if floor is not None:
        mover = state.car(cid)
        min_crossings = floor / track.lap_length - 1
        if (mover.crossings >= min_crossings and progress(track, mover) >= floor) or mover.ext.owed:
            state, newly, regained = lapped(track, state, cid, before, set(lost) | set(moved), out)
            lost = lost | frozenset(newly)
            if regained:
                again.append(cid)
    pos = turn.pos + 1 if turn.pos < len(turn.expected) and turn.expected[turn.pos] == cid else turn.pos
    turn = _replace(turn, moves=(*turn.moves, move), moved=moved, lost=lost, again=tuple(again), pos=pos)
    return turn, state, out


seek = _seek


_replace = replace
_with = replace
