"""The autopilot of remote races: the seeded bot's move for the car to play, on the site's dice.

In a remote race each driver plays his own car; when his move's deadline passes, the site plays it
with the bot's driving (`rules.bot`). Every die is the site's: `roll(die)` is a real roll the site
records (its fair dice), called once per gear die the bot throws ("1"…"6"), never for a d20. The
d20 tests the move calls for are left out (`tests=()`): the site rolls them afterwards, one at a
time, as `rules.play.due.due_on` names them. So the move is chosen without their results: the
d20s the bot rolls while it checks a move is legal come from a private `random.Random(seed)` and
are thrown away.

    move = autopilot_move(table, roll)             # the bot's gear and stop; None: no car to play
    move = autopilot_move(table, roll, gear=6)     # the driver's gear set in advance; None: illegal now
    autopilot_restart(table)                       # A5: the restart object, when one is due
    autopilot_spare(table, car, roll)              # A5: a retired driver's spare car, as the bot takes it

It lives beside `rules.bot`, not in `rules.play`: the bot asks the play API for its gears and tests,
so `rules.play` importing the bot would close an import circle.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from rules.bot import _Bot
from rules.gearbox import FACE_SETS, FACES
from rules.log import Move
from rules.pits import in_pit
from rules.play.gears import gear_choices
from rules.play.table import Table
from rules.replay_move import apply
from rules.state import CarState, RaceState
from rules.verdict import Violation

__all__ = ["NotAFace", "autopilot_move", "autopilot_restart", "autopilot_spare"]

WHERE = "autopilot"
Roll = Callable[[str], int]  # the site's roll of a die: "1"…"6"


class NotAFace(ValueError):
    """`roll(die)` gave a number that is not one of the die's faces."""


def autopilot_move(table: Table, roll: Roll, *, gear: int | None = None, seed: int = 0) -> Move | None:
    """The bot's move for the car to play, its gear dice rolled by `roll`, without d20 tests.

    None when no car is to play (the race is over, or a restart is due: `autopilot_restart`).
    A car that must sit out the turn (A18 stalled, or in the pit lane with no way on) waits,
    whatever `gear`. `gear`: the gear the driver set in advance; played if the car may engage it now
    (`gear_choices`; 7th and an A13 over-rev that needs a part named are the driver's own), with
    the bot's best stop for the number rolled; None, with no die rolled, if it may not. Raises
    `NotAFace` for a roll that is not a face of its die, `RuntimeError` if the bot finds no legal
    move (a bug: the engine always leaves one)."""
    to = table.to_play
    if to is None or to.car is None:
        return None
    if to.wait is not None:
        return Move(to.car, WHERE, wait=to.wait)
    state = table.state
    car = state.car(to.car)
    if _waits_in_pit(table, car):
        return Move(car.id, WHERE, wait="pit")
    if gear is not None and not _may_engage(table, car, gear):
        return None
    move, _ = _Autopilot(table, roll, seed, gear).play(state, car.id)
    return replace(move, where=WHERE, tests=())


def autopilot_restart(table: Table) -> dict[str, Any]:
    """A5: the restart after a red flag, as the bot makes it (`{"pits": [...]}`: the cars on worn
    tyres change them). Raises `ValueError` when no restart is due."""
    to = table.to_play
    if to is None or not to.restart_due:
        raise ValueError("no restart is due at this table")
    out = _Bot(table.game, random.Random(0)).restart(table.state)
    assert out is not None  # a restart is due: the state says which
    return out


def autopilot_spare(table: Table, car: str, roll: Roll, *, seed: int = 0) -> Move | None:
    """A5: the spare car's move of `car`, retired in an earlier turn, as the bot takes it: the last
    move of the turn just closed (`table.closed`), two points off its build's biggest parts, out
    of its stand. None when it has none (no turn just closed, the option off, past turn 8, no
    stand, the car not out or already in its spare, or no way out of the stand). The d20 tests
    are left out as in `autopilot_move`."""
    if table.closed is None or car not in table.game.entries:
        return None
    turn, state = table.closed
    done = _Autopilot(table, roll, seed, None)._spare(state, state.car(car), turn.number)
    if done is None:
        return None
    return replace(done[0], where=WHERE, tests=())


class _Dice:
    """The bot's `rng`: a gear die (`choice(FACES[g])`) is the site's roll of die "g"; anything else
    (the d20s the bot rolls to check a move) comes from a private Random and is thrown away."""

    def __init__(self, roll: Roll, seed: int) -> None:
        self.roll = roll
        self.private = random.Random(seed)
        self.thrown: list[tuple[int, int]] = []  # (gear, number), every die rolled
        self.kept: tuple[int, int] | None = None  # a die rolled, to be read again instead of rolled

    def choice(self, seq: Sequence[Any]) -> Any:
        gear = _gear_of(seq)
        if gear is None:
            return self.private.choice(seq)
        if self.kept is not None and self.kept[0] == gear:
            got, self.kept = self.kept[1], None
            return got
        die = str(gear)
        got = self.roll(die)
        if type(got) is not int or got not in FACE_SETS[gear]:
            raise NotAFace(f"a roll of die {die} gave {got!r}: its faces are {sorted(FACE_SETS[gear])}")
        self.thrown.append((gear, got))
        return got

    def __getattr__(self, name: str) -> Any:
        return getattr(self.private, name)  # randint and the rest: the throwaway d20s


def _gear_of(seq: Sequence[Any]) -> int | None:
    for gear, faces in FACES.items():
        if seq is faces:
            return gear
    for gear, faces in FACES.items():
        if tuple(seq) == faces:
            return gear
    return None


class _Autopilot(_Bot):
    """The bot, on the site's dice, in the driver's gear if he set one."""

    def __init__(self, table: Table, roll: Roll, seed: int, gear: int | None) -> None:
        self.dice = _Dice(roll, seed)
        super().__init__(table.game, self.dice)  # type: ignore[arg-type]
        self.gear = gear

    def _pit(self, state: RaceState, car_id: str) -> tuple[Move, RaceState] | None:
        """The bot's long stop (S3); when the number rolled for it does not fit, the bot would roll
        again for its move on the track: the autopilot plays that same gear and number there (a
        driver rolls once a move)."""
        before = len(self.dice.thrown)
        done = super()._pit(state, car_id)
        if done is None and len(self.dice.thrown) > before:
            self.gear, _ = self.dice.kept = self.dice.thrown[-1]
        return done

    def _gears(self, car: CarState) -> list[tuple[int, float]]:
        found = super()._gears(car)
        return found if self.gear is None else [(g, cost) for g, cost in found if g == self.gear]

    def _stand_gears(self) -> tuple[int, ...]:
        return super()._stand_gears() if self.gear is None else (self.gear,)


def _may_engage(table: Table, car: CarState, gear: int) -> bool:
    """Whether the autopilot may play `gear` now: offered by `gear_choices` and a gear the bot
    drives (1st to 6th, no part to name for an A13 over-rev)."""
    choice = gear_choices(table.game.rules, car).get(gear)
    return choice is not None and gear in FACES and not choice.overrev


def _waits_in_pit(table: Table, car: CarState) -> bool:
    """S2: a car in the pit lane that cannot move makes the move `wait: pit` (the engine says so
    by accepting it); no die is rolled for it."""
    if not in_pit(table.game.track, car.square):
        return False
    _, events = apply(table.game, table.state, Move(car.id, WHERE, wait="pit"))
    return not any(isinstance(e, Violation) for e in events)
