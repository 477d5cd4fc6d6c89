"""The dice the site rolled for a table (`live.rolls.SiteRoll`) bind the move they were
rolled for: a move that says another number than the site's die is refused, nothing stored.

Which rolls count: those of the table's next step (`step` = the steps stored) made since the
table last changed (`updated_at`; an undo makes the undone move's rolls stale). A gear's die:
the last roll of that gear's die (rolling it again replaces it; every roll stays recorded). A
d20: every one the site rolled must be the roll of one of the move's tests, as a die thrown at
the table counts (a test cannot be rolled until it comes up right).

Fair dice (docs/fair-dice.md): a table gets a secret seed at set-up (`fair_header`), its
SHA-256 in the header's `dice`; the rolls a stored move used are linked to it (`mark_used`, an
undo unlinks them), and the finished log lists them (`log_rolls`), so `python -m rules.dice
verify` checks the site's rolls and leaves the typed ones alone.
"""

from __future__ import annotations

import secrets
from collections import Counter
from typing import TYPE_CHECKING, Any

from django.db.models import Exists, OuterRef, QuerySet
from django.utils.translation import gettext as _

from live.rolls import SiteRoll
from rules import fair_dice

if TYPE_CHECKING:
    from live.models import LiveStep, LiveTable
    from races.models import Race
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


def fair_header(header: Any, race: Race, *, site_weather: bool = False) -> tuple[Any, str]:
    """The header with the table's `dice` (its name in the rolls, the commitment, the players'
    seeds sent as `dice.players`) and the new seed, hex. `site_weather`: the weather d20 is the
    seed's too (step 0, die "weather"). A header that is no object is left to the reader."""
    if not isinstance(header, dict):
        return header, ""
    given = header.get("dice")
    players = given.get("players", []) if isinstance(given, dict) else []
    seed = secrets.token_bytes(fair_dice.SEED_BYTES)
    name = f"race-{race.pk}-{secrets.token_hex(4)}"
    out = {**header, "dice": {"table": name, "commitment": fair_dice.commitment(seed), "players": players}}
    weather = header.get("weather")
    readable = isinstance(players, list) and all(isinstance(p, str) for p in players)
    if site_weather and isinstance(weather, dict) and readable:  # else the reader refuses it
        k = fair_dice.key(seed, players)
        out["weather"] = {**weather, "race": fair_dice.roll(k, name, 0, "weather", 0)}
    return out, seed.hex()


def mark_used(step: LiveStep) -> None:
    """Link the site's rolls the move just stored used (the gear's last die, 7th gear's last 5th
    and 6th dice, every d20) to its row; called as the row is saved, before the table's
    `updated_at` moves on. An undo deletes the row, which unlinks them."""
    body = step.body
    if step.kind != "move" or "wait" in body or getattr(step.table, "site_rolled", True) is False:
        return
    rolled = list(binding(step.table).filter(step=step.index).order_by("pk"))
    if not rolled:
        return
    roll = body.get("roll")
    wanted = {"5": roll[0], "6": roll[1]} if isinstance(roll, list) else {str(body.get("gear")): roll}
    used = [r.pk for r in rolled if r.die == "d20"]
    for die, value in wanted.items():
        last = [r for r in rolled if r.die == die]
        if last and last[-1].roll == value:
            used.append(last[-1].pk)
    SiteRoll.objects.filter(pk__in=used).update(used_by=step)


def log_moves(log: dict[str, Any]) -> list[tuple[int, int, dict[str, Any]]]:
    """Each move of a race log with its place: (turn, move 1-based in its turn, the move). The
    k-th move a table stored is the k-th of its log."""
    return [(t["turn"], n, move) for t in log.get("turns", ()) for n, move in enumerate(t["moves"], start=1)]


def log_rolls(table: LiveTable, log: dict[str, Any]) -> list[dict[str, Any]]:
    """The log's `dice.rolls`: the site's rolls its moves used, in the log's order, each with its
    turn and move (1-based) in `log`, and the set-up's weather roll first."""
    from live.models import LiveStep  # the models import this module's sibling

    places = [(turn, n) for turn, n, _move in log_moves(log)]
    rows = list(table.rows.filter(kind=LiveStep.Kind.MOVE).order_by("index").values_list("pk", flat=True))
    where = dict(zip(rows, places, strict=False))  # the k-th move stored is the log's k-th move
    out: list[dict[str, Any]] = []
    weather = table.site_rolls.filter(die="weather", step=0).first()
    if weather is not None:
        out.append({"step": 0, "die": "weather", "counter": weather.counter})
    used = table.site_rolls.filter(used_by__in=rows).order_by("used_by__index", "die", "pk")
    for r in used:
        turn, move = where[r.used_by_id]
        out.append({"turn": turn, "move": move, "step": r.step, "die": r.die, "counter": r.counter})
    return out
