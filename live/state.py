"""What the race-night reads return: the engine's objects, gathered, never JSON.

`TableState` is a table now (its row and the engine's `rules.play.Table` after its steps);
`Choices` what the car to play (or a spare car) may do. `live.serializers` turns them into the
API's JSON at the edge (the API, the page's first paint); the services and selectors pass these.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from live.models import LiveTable
from rules.scoring import classify

if TYPE_CHECKING:
    from rules.log import CarEntry, Move
    from rules.play import Gears, StopChoice, Table, TestDue, ToPlay
    from rules.state import CarState
    from rules.verdict import Placing, Violation


@dataclass(frozen=True, slots=True)
class CarNow:
    """A car of the table now: the engine's state of it, its entry's driver and team, and where
    it stopped last (its square on the track, then the stop of the move that took it off)."""

    car: CarState
    driver: str
    team: str
    last_square: str | None


class TableState:
    """A table now: `table` the row, `engine` the engine's table after its steps; `since` the first
    step whose events are shown; `urls` the table's links; `memo` what is kept between requests
    (each link's answers: a table is a chain of values that never change). `replaced`: the tables
    a new table closed (a steward's replacement); `replaced_by`: the links of the table that
    replaced this one, once closed."""

    def __init__(
        self,
        table: LiveTable,
        engine: Table,
        *,
        since: int = 0,
        urls: dict[str, str],
        memo: dict,
        replaced: tuple[int, ...] = (),
        replaced_by: dict[str, str | int] | None = None,
    ) -> None:
        self.table = table
        self.engine = engine
        self.since = since
        self.urls = urls
        self.memo = memo
        self.replaced = replaced
        self.replaced_by = replaced_by

    @property
    def to_play(self) -> ToPlay | None:
        return self.engine.to_play

    @property
    def turn(self) -> int:
        to = self.engine.to_play
        return to.turn if to is not None else self.engine.state.turn

    @property
    def laps(self) -> int:
        return self.engine.game.laps

    @property
    def lap(self) -> int:
        leader = max((c.crossings for c in self.engine.state.cars), default=0)
        return max(1, min(leader, self.laps))

    @cached_property
    def placings(self) -> tuple[Placing, ...]:
        game = self.engine.game
        return classify(game.track, game.rules, self.engine.state)

    @property
    def order(self) -> list[str]:
        """The race order now, leader first."""
        return [p.car for p in self.placings]

    @property
    def problems(self) -> tuple[Violation, ...]:
        return self.engine.problems

    @cached_property
    def cars(self) -> list[CarNow]:
        entries = self.engine.game.entries
        last = last_squares(self.engine, self.memo)
        out = []
        for car in self.engine.state.cars:
            entry: CarEntry | None = entries.get(car.id)
            out.append(
                CarNow(car, entry.driver if entry else "", entry.team if entry else "", last.get(car.id))
            )
        return out

    @cached_property
    def site_rolls(self) -> list[dict[str, Any]]:
        """A remote table's rolls for the move being played (the site rolls every die), each
        with its car; empty at a table at the board, whose page lists its own."""
        if not self.table.remote or self.table.status not in LiveTable.OPEN:
            return []
        from live.dice import binding

        rows = binding(self.table).order_by("pk").values("step", "die", "roll", "car", "counter")
        return list(rows)

    @cached_property
    def autopilot(self) -> list[dict[str, Any]]:
        """The steps the site played for their drivers (remote races), oldest first."""
        if not self.table.remote:
            return []
        rows = self.table.rows.exclude(auto="").order_by("index").values_list("index", "auto", "body")
        return [{"step": index, "why": auto, "car": body.get("car")} for index, auto, body in rows]

    @property
    def sheet(self) -> dict[str, int | str] | None:
        sheet = self.table.sheet_id
        return None if sheet is None else {"id": sheet, "url": self.urls["sheet"]}

    def links(self) -> list[tuple[int, Table]]:
        """The engine's tables after each step from `since` on, oldest first, with the step's
        index (-1: the start); only the links from `since` on are walked (a delta)."""
        steps = self.table.steps
        need = None if self.since <= 0 else max(0, steps - self.since)
        first = -1 if need is None else self.since  # the start's events are step -1's
        chain: list[Table] = []
        t: Table | None = self.engine
        while t is not None and (need is None or len(chain) < need):
            chain.append(t)
            t = t.previous
        chain.reverse()
        return list(enumerate(chain, start=first))


def last_squares(engine: Table, memo: dict) -> dict[str, str | None]:
    """Each car's square, or for a car off the track (finished, out) the square it was last on:
    walked back along the chain of tables, each link's answer kept in `memo`."""
    pending: list[Table] = []
    t: Table | None = engine
    known: dict[str, str | None] = {}
    while t is not None:
        hit = memo.get(("last", id(t)))
        if hit is not None and hit[0] is t:  # an id is only unique while its table lives
            known = hit[1]
            break
        pending.append(t)
        t = t.previous
    for link in reversed(pending):  # oldest first: each link's answer from its predecessor's
        now = {c.id: c.square for c in link.state.cars}
        left = [car for car, square in now.items() if square is None and known.get(car) is not None]
        # the car that crossed the line (or went out) on its move stopped on the move's stop
        # square, which the state no longer holds; another car taken off keeps its old one
        move = _last_move(link) if left else None
        if move is not None and move.car in left and move.stop is not None:
            now[move.car] = move.stop
        known = {car: square if square is not None else known.get(car) for car, square in now.items()}
        memo[("last", id(link))] = (link, known)
    return known


def _last_move(link: Table) -> Move | None:
    turns = link.turns()
    if link.previous is None or link.moves() == link.previous.moves():
        return None  # a restart
    return turns[-1].moves[-1] if turns and turns[-1].moves else None


@dataclass(frozen=True, slots=True)
class TestsDue:
    """The d20 rolls a move still needs (`due`, in the log's order) and those that may come next."""

    __test__ = False  # not a pytest class

    due: tuple[TestDue, ...]
    next: tuple[TestDue, ...]


@dataclass(frozen=True, slots=True)
class Choices:
    """What the car to play may do: its gears (None: no car to play); with a gear and a roll, the
    stops; with a move, the tests still due. `spare`: the choices of a spare car's move (A5).
    None: not asked (the key is left out of the JSON)."""

    steps: int
    turn: int | None
    car: str | None
    restart_due: bool
    wait: str | None
    gears: Gears | None
    spare: bool | None = None
    gear: int | None = None
    roll: int | tuple[int, int] | None = None
    stops: tuple[StopChoice, ...] | None = None
    tests: TestsDue | None = None
