"""Team experience spending (rule X3, A7 "points d'expérience ingénieurs d'écurie").

A team spends 1.0 point to give one of its cars +1 wear point (once per car per
race), before the race (a build of 21 points, or 23 with A11's 22) or during it
(`xp: {"team": "wear", "part": "tyres"}` on a move), or to turn a missed tyre
stop into a fast one (`xp: {"team": "fast-stop"}` on the stop, see `pits.py`).
"""

from __future__ import annotations

import rules.ledger as ledger
from rules.journal import Journal
from rules.ledger import XpChange, XpKind, XpReason
from rules.messages import Code, Kind
from rules.pits import spend_team, team_balance
from rules.state import PARTS


def prepare(game, state, car, move, plan, out):
    turn = state.turn
    xp = move.xp
    rules = game.rules
    team = game.entries[car.id].team
    if not rules.experience:
        out.violation(turn, car.id, "X3", Code.X3_SPENDS_TEAM_EXPERIENCE_EXPERIENCE)
        return state
    balance = team_balance(state, team)
    if balance < rules.xp_cost:
        out.violation(turn, car.id, "X3", Code.X3_TEAM_SPENDS_1_0, team=team, balance=balance / 10)
        return state
    if xp.team == "fast-stop":
        if move.pit is None or move.pit.get("stop") != "tyres":
            out.violation(turn, car.id, "X3", Code.X3_FAST_STOP_TEAM_POINT)
        return state  # spent by pits.apply_stop when the roll misses
    part = xp.part
    if part is None or part not in PARTS:
        out.violation(turn, car.id, "X3", Code.X3_TEAM_WEAR_POINT_NAMES)
        return state
    if car.ext.team_part is not None:
        out.violation(turn, car.id, "X3", Code.X3_SECOND_TEAM_WEAR_POINT, car=car.id)
        return state
    wear = car.wear._replace(**{part: getattr(car.wear, part) + 1})
    car = car.with_(wear=wear, ext=car.ext.with_(team_part=part))
    out.event(turn, car.id, Kind.TEAM_XP, Code.TEAM_XP_WEAR_POINT, team=team, car=car.id, part=part)
    state = spend_team(state.with_car(car), team, rules.xp_cost)
    return ledger.record(state, XpChange(car.id, XpKind.TEAM, XpReason.WEAR, -rules.xp_cost, turn))


def pre_race(
    rules, entry, extra: int, balances: dict[str, int], problems: Journal, part_hint=None
) -> str | None:
    """A build one point over the allowance: a team point spent before the race (X3)."""
    if extra != 1:
        return None
    team = entry.team
    if not rules.experience or balances.get(team, 0) < rules.xp_cost:
        problems.violation(
            0, entry.car, "D1", Code.D1_ONE_OVER_NO_TEAM_POINT, total=entry.wear.total, team=team
        )
        return None
    balances[team] -= rules.xp_cost
    return "build"
