"""What a remote table (`LiveTable.mode` remote) asks beyond race night's rules.

- **Whose car.** Each entrant plays his own car only: a move, a roll or an undo for another
  driver's car is refused (403), stewards excepted; the site itself (the autopilot) plays any.
- **Whose turn.** A car plays when the play order (T4) reaches it: a move or a roll for a car
  whose turn it is not is a conflict (409, `live.not_your_turn`).
- **The site rolls every die.** The gear is chosen, then the site rolls its die (once per move:
  the gear is committed, the die is not rolled again); the move must carry that roll. Every d20
  the move carries must be one the site rolled for it, and the tests it still lacks are rolled
  by the site as the move is stored (`fill_tests`), the touched cars' collision rolls included,
  each recorded with its car.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from live.dice import RULE, binding
from live.errors import TableConflict
from live.permissions import entrants
from live.rolls import SiteRoll, site_roll
from rules.gearbox import SEVENTH
from rules.play.due import due_on
from rules.play.step import judged_on

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

    from live.models import LiveTable
    from rules.log import Move
    from rules.play import Table

NOT_YOUR_TURN = "live.not_your_turn"
GEAR_NOT_ROLLED = "site.remote_gear_not_rolled"
GEAR_COMMITTED = "site.remote_gear_committed"
D20_NOT_ROLLED = "site.remote_d20_not_rolled"
MAX_TESTS = 40  # a move calls for a handful; the bound only stops a runaway loop


class NotYourTurn(TableConflict):
    """A remote table's move or roll for a car the play order has not reached (the API's 409)."""

    def __init__(self, car: str, to_play: str | None) -> None:
        self.car, self.to_play = car, to_play
        if to_play:
            text = _("It is not car %(car)s's move: car %(to_play)s plays now.")
        else:
            text = _("It is not car %(car)s's move: no car is to play now.")
        super().__init__(
            text % {"car": car, "to_play": to_play},
            code=NOT_YOUR_TURN,
            params={"car": car, "to_play": to_play},
        )


def cars_of(table: LiveTable, user: AbstractBaseUser | None) -> set[str]:
    """The cars of the table's race that `user` drives."""
    if user is None or not user.is_authenticated:
        return set()
    return {
        e.season_entry.car_id for e in entrants(race=table.race_id, user=user).select_related("season_entry")
    }


def check_car(table: LiveTable, user: AbstractBaseUser | None, car: str, *, steward: bool) -> None:
    """403 unless `user` drives `car` (a steward may play any car)."""
    if steward:
        return
    drives = (
        user is not None
        and user.is_authenticated
        and car.isdigit()  # a car id is its number (`SeasonEntry.car_id`)
        and entrants(race=table.race_id, user=user).filter(season_entry__car_number=int(car)).exists()
    )
    if not drives:
        raise PermissionDenied(_("Car %(car)s is not yours: each driver plays his own car.") % {"car": car})


def check_turn(now: Table, car: str) -> None:
    """409 unless the play order has reached `car` (a spare car after its turn, A5, is the
    engine's to judge)."""
    to = now.to_play
    if now.closed is not None and to is None:
        return
    to_play = to.car if to is not None else None
    if to_play != car:
        raise NotYourTurn(car, to_play)


def dice_problems(table: LiveTable, move: Move, turn: int, *, site: bool = False) -> list[dict[str, Any]]:
    """A remote move's dice against the site's: its gear's die rolled by the site (and no other
    gear's: a driver's gear is committed by its roll; the autopilot, `site`, may have thrown
    others while it chose), and every d20 it carries one the site rolled for this step."""
    if move.wait is not None:
        return []
    out: list[dict[str, Any]] = []
    rolled = list(binding(table).order_by("pk").values_list("die", "roll"))
    dice = {"5", "6"} if isinstance(move.roll, tuple) else {str(move.gear)}
    gears = [die for die, _n in rolled if die != "d20"]
    if not (set(gears) & dice) or not (site or set(gears) <= dice):
        params = {"gear": move.gear}
        text = _("On a remote table the site rolls the die of gear %(gear)s: ask it to roll first.")
        out.append(_violation(turn, move.car, GEAR_NOT_ROLLED, params, text % params))
    site_d20 = Counter(n for die, n in rolled if die == "d20")
    for value, times in sorted(Counter(t.roll for t in move.tests).items()):
        if site_d20[value] < times:
            params = {"roll": value}
            text = _("On a remote table the site rolls every d20: it rolled no %(roll)s for this move.")
            out.append(_violation(turn, move.car, D20_NOT_ROLLED, params, text % params))
    return out


def _violation(turn: int, car: str, code: str, params: dict[str, Any], message: str) -> dict[str, Any]:
    return {"turn": turn, "car": car, "rule": RULE, "code": code, "params": params, "message": message}


def fill_tests(table: LiveTable, now: Table, move: Move, by: Any) -> Move:
    """The move with the d20 tests it still lacks rolled by the site, one at a time in the order
    the engine asks them (a roll can call for another). A move illegal for another reason is
    returned as it is: `play` refuses it with its violations."""
    if move.wait is not None:
        return move
    try:
        state = judged_on(now, move)
    except ValueError:
        return move
    for _n in range(MAX_TESTS):
        try:
            due = due_on(now.game, state, move)
        except ValueError:
            return move
        if not due:
            return move
        test = due[0]
        rolled = site_roll(table=table, die="d20", by=by, car=test.car)
        move = replace(move, tests=(*move.tests, test.roll(rolled.roll, move.car)))
    return move


def roll_for(table: LiveTable, die: str, by: Any, car: str) -> SiteRoll:
    """A remote table's roll before a move: a gear's die once (the same roll again if asked
    again; another gear's die is refused: the gear is committed), a d20 (a pit stop's roll)."""
    if die != "d20":
        done = list(binding(table).exclude(die="d20").order_by("pk"))
        same = [r for r in done if r.die == die]
        if same:
            return same[-1]
        seventh = {str(g) for g in SEVENTH}  # A13: 7th gear throws the 5th and the 6th dice
        if done and not (die in seventh and all(r.die in seventh for r in done)):
            raise GearCommitted(done[-1])
    return site_roll(table=table, die=die, by=by, car=car)


class GearCommitted(TableConflict):
    """Another gear's die was rolled for this move already (the API's 409)."""

    def __init__(self, rolled: SiteRoll) -> None:
        self.rolled = rolled
        params = {"gear": rolled.die, "roll": rolled.roll}
        super().__init__(
            _("The die of gear %(gear)s is rolled for this move (%(roll)s): the gear cannot change now.")
            % params,
            code=GEAR_COMMITTED,
            params=params,
        )


__all__ = [
    "GEAR_COMMITTED",
    "NOT_YOUR_TURN",
    "GearCommitted",
    "NotYourTurn",
    "check_car",
    "check_turn",
    "dice_problems",
    "fill_tests",
    "roll_for",
]
