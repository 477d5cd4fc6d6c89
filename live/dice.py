"""The dice the site rolled for a table (`live.rolls.SiteRoll`) bind the move they were
rolled for: a move that says another number than the site's die is refused, nothing stored.

Which rolls count: those of the table's next step (`step` = the steps stored) made since the
table last changed (`updated_at`; an undo makes the undone move's rolls stale). A gear's die:
the last roll of that gear's die (rolling it again replaces it; every roll stays recorded). A
d20: every one the site rolled must be the roll of one of the move's tests, as a die thrown at
the table counts (a test cannot be rolled until it comes up right).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from django.db.models import Exists, OuterRef, QuerySet
from django.utils.translation import gettext as _

from live.rolls import SiteRoll

if TYPE_CHECKING:
    from live.models import LiveTable
    from rules.log import Move

RULE = "SITE-dice"
GEAR_DIFFERS = "site.dice_gear_differs"
D20_UNUSED = "site.dice_d20_unused"


def binding(table: LiveTable | OuterRef) -> QuerySet[SiteRoll]:
    """The site's rolls that bind the table's next step (`table` may be an `OuterRef("pk")`)."""
    if isinstance(table, OuterRef):
        pk, step, since = OuterRef("pk"), OuterRef("steps"), OuterRef("updated_at")
    else:
        pk, step, since = table.pk, table.steps, table.updated_at
    return SiteRoll.objects.filter(table=pk, step=step, created_at__gte=since).exclude(die="weather")


def rolled_exists() -> Exists:
    """An annotation for the table's row: whether any site roll binds its next step (most tables
    have none: the move then costs no query for them)."""
    return Exists(binding(OuterRef("pk")))


def site_dice(table: LiveTable) -> list[tuple[str, int]]:
    """The site's rolls (die, roll) that bind the table's next step, oldest first."""
    return list(binding(table).order_by("pk").values_list("die", "roll"))


def dice_problems(table: LiveTable, move: Move, turn: int = 0) -> list[dict[str, Any]]:
    """The refusals of `move` against the site's dice, as the site's violations (dicts as a
    verdict holds them): rule `SITE-dice`, a code, params and the message in the active language."""
    if getattr(table, "site_rolled", True) is False or move.wait is not None:  # read with the row
        return []
    rolled = site_dice(table)
    if not rolled:
        return []
    car = move.car
    out: list[dict[str, Any]] = []
    roll = list(move.roll) if isinstance(move.roll, tuple) else move.roll
    site_gear = [n for die, n in rolled if die == str(move.gear)]
    if site_gear and roll != site_gear[-1]:
        params = {"gear": move.gear, "site": site_gear[-1], "move": roll}
        text = _(
            "The site rolled %(site)s with the die of gear %(gear)s for this move; the move says %(move)s."
        )
        out.append(_violation(turn, car, GEAR_DIFFERS, params, text % params))
    used = Counter(t.roll for t in move.tests)
    for n_rolled, n in sorted(Counter(n for die, n in rolled if die == "d20").items()):
        if used[n_rolled] < n:
            params = {"site": n_rolled, "times": n, "used": used[n_rolled]}
            text = _(
                "The site rolled a d20 for this move that came up %(site)s; no test of the move has that roll."
            )
            out.append(_violation(turn, car, D20_UNUSED, params, text % params))
    return out


def _violation(turn: int, car: str, code: str, params: dict[str, Any], message: str) -> dict[str, Any]:
    return {"turn": turn, "car": car, "rule": RULE, "code": code, "params": params, "message": message}
