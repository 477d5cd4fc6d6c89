"""Team experience spending (rule X3, A7 "points d'expérience ingénieurs d'écurie").

A team spends 1.0 point to give one of its cars +1 wear point (once per car per
race), before the race (a build of 21 points, or 23 with A11's 22) or during it
(`xp: {"team": "wear", "part": "tyres"}` on a move), or to turn a missed tyre
stop into a fast one (`xp: {"team": "fast-stop"}` on the stop, see `pits.py`).
"""

from __future__ import annotations

from rules import ledger
from rules.ledger import XpChange, XpKind, XpReason
from rules.pits import spend_team, team_balance
from rules.state import PARTS
from rules.verdict import Event, Violation


def prepare(game, state, car, move, plan, out):
    turn = state.turn
    xp = move.xp
    rules = game.rules
    team = game.entries[car.id].team
    if not rules.experience:
        out.append(
            Violation(turn, car.id, "X3", "spends team experience, but experience (A7) is not in force")
        )
        return state
    balance = team_balance(state, team)
    if balance < rules.xp_cost:
        out.append(Violation(turn, car.id, "X3", f"team {team} spends 1.0 point with {balance / 10:.1f}"))
        return state
    if xp.team == "fast-stop":
        if move.pit is None or move.pit.get("stop") != "tyres":
            out.append(Violation(turn, car.id, "X3", "a fast-stop team point is spent on a tyre stop"))
        return state  # spent by pits.apply_stop when the roll misses
    part = xp.part
    if part is None or part not in PARTS:
        out.append(Violation(turn, car.id, "X3", 'a team wear point names the part it goes to ("part")'))
        return state
    if car.ext.team_part is not None:
        out.append(
            Violation(turn, car.id, "X3", f"a second team wear point for car {car.id} (1 per car per race)")
        )
        return state
    wear = car.wear._replace(**{part: getattr(car.wear, part) + 1})
    car = car.with_(wear=wear, ext=car.ext.with_(team_part=part))
    out.append(Event(turn, car.id, "team-xp", f"team {team} gives car {car.id} +1 {part} point"))
    state = spend_team(state.with_car(car), team, rules.xp_cost)
    return ledger.record(state, XpChange(car.id, XpKind.TEAM, XpReason.WEAR, -rules.xp_cost, turn))


def pre_race(
    rules, entry, extra: int, balances: dict[str, int], problems: list, part_hint=None
) -> str | None:
    """A build one point over the allowance: a team point spent before the race (X3)."""
    from rules.verdict import Violation as V

    if extra != 1:
        return None
    team = entry.team
    if not rules.experience or balances.get(team, 0) < rules.xp_cost:
        problems.append(
            V(
                0,
                entry.car,
                "D1",
                f"wear points {entry.wear.total}: one over the build, but team {team} has no experience "
                f"point to pay for it (X3)",
            )
        )
        return None
    balances[team] -= rules.xp_cost
    return "build"
