"""An invalid sheet's verdict told so a player can act on it: the first rule broken, the ones it
brought along, the turn on the board, and what would have been legal there.

What was legal comes from the engine's play API (`rules.play`, docs/play-api.md): the log's moves
are played on a `Table` up to the move that broke the first rule, then the table says which gears
the car could engage and, with the gear and die the log gives, every square it could stop on with
what each costs. Those are the choices the engine itself would have accepted, never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from rules.formats import LogFormatError
from rules.play import Table, gears, play, stops
from rules.ruleset import RuleSet, UnknownOptionError
from rules.track import CircuitError, load_circuit
from rules.verdict import Violation
from sheets.models import RaceSheet

MAX_STOPS = 8  # the nearest squares listed; the rest are counted


@dataclass(frozen=True)
class Choice:
    """A legal option at the turn: what it is (a gear, a square) and what it would have cost."""

    what: str
    cost: str = ""


@dataclass(frozen=True)
class Legal:
    """What the car could have done instead at the first violation's move."""

    car: str
    turn: int
    gears: list[Choice] = field(default_factory=list)
    gear: int | None = None  # the gear the log engaged, when it was legal
    roll: Any = None
    stops: list[Choice] = field(default_factory=list)
    more_stops: int = 0


@dataclass(frozen=True)
class FirstViolation:
    """The first rule broken (`data`: the stored violation), the ones after it, where to see it."""

    data: dict[str, Any]
    knock_on: list[dict[str, Any]]
    replay_url: str | None
    legal: Legal | None


def first_violation(*, sheet: RaceSheet) -> FirstViolation | None:
    """The invalid race sheet's first violation, grouped with the rest, or None (a valid sheet,
    a qualifying sheet, a verdict without violations)."""
    verdict = sheet.verdict or {}
    violations = list(verdict.get("violations") or [])
    if sheet.status != RaceSheet.Status.INVALID or not violations:
        return None
    first, rest = violations[0], violations[1:]
    turn = first.get("turn") or 0
    replay_url = None
    legal = None
    if sheet.kind == RaceSheet.Kind.RACE and isinstance(sheet.log, dict):
        if turn:
            replay_url = "{}?sheet={}#turn-{}".format(
                reverse("sheets:race-replay", args=[sheet.race_id]), sheet.pk, turn
            )
        if turn and first.get("car") is not None:
            legal = _legal(sheet, turn, str(first["car"]))
    return FirstViolation(first, rest, replay_url, legal)


def _legal(sheet: RaceSheet, turn: int, car: str) -> Legal | None:
    """The log's moves played on a table up to car `car`'s move of `turn`; then its choices."""
    race = sheet.race
    log = sheet.log
    header = {k: v for k, v in log.items() if k not in ("turns", "result")}
    try:
        track = load_circuit(race.circuit.document)
        rules = RuleSet.from_options(
            log.get("options") or [], points=race.season.points_table, laps=race.race_laps
        )
        table = Table.start(header, track, rules)
    except (LogFormatError, CircuitError, UnknownOptionError, ValueError, TypeError, KeyError):
        return None
    if table.over or any(v.fatal for v in table.problems):
        return None
    for turn_log in log.get("turns") or []:
        for raw in turn_log.get("moves") or []:
            to = table.to_play
            if to is None:
                return None
            if turn_log.get("turn") == turn and str(raw.get("car")) == car:
                return _choices(table, raw, turn, car) if to.car == car else None
            try:
                table, events = play(table, raw)
            except (LogFormatError, ValueError, TypeError, KeyError):
                return None
            if any(isinstance(e, Violation) for e in events):
                return None  # an earlier move the table refuses: no sure ground to stand on
        if (turn_log.get("turn") or 0) > turn:
            return None
    return None


def _choices(table: Table, raw: dict[str, Any], turn: int, car: str) -> Legal:
    offered = gears(table)
    gear_choices = [Choice(_("gear %(gear)d") % {"gear": c.gear}, _gear_cost(c)) for c in offered.choices]
    gear = raw.get("gear")
    roll = raw.get("roll")
    if offered.get(gear) is None or roll is None:
        return Legal(car, turn, gear_choices)
    try:
        squares = stops(table, gear, tuple(roll) if isinstance(roll, list) else roll)
    except (ValueError, TypeError, KeyError):
        squares = ()
    # The nearest legal moves to the one the log made: its own square first if it was legal (the
    # way there was the fault), then the cheapest, the furthest along first (the die's full count).
    meant = (raw.get("path") or [None])[-1] or raw.get("to")
    ranked = sorted(squares, key=lambda stop: (stop.square != meant, stop.way.cost.key(), -stop.depth))
    shown = [Choice(stop.square, _way_cost(stop.way)) for stop in ranked[:MAX_STOPS]]
    return Legal(car, turn, gear_choices, gear, roll, shown, max(0, len(squares) - MAX_STOPS))


def _points(part: str, n: int) -> str:
    return ngettext("%(n)d %(part)s point", "%(n)d %(part)s points", n) % {
        "n": n,
        "part": pgettext("part", part),  # the engine's word for the part (rules/messages/words.py)
    }


def _gear_cost(choice: Any) -> str:
    costs = [
        _points(part, getattr(choice, part))
        for part in ("gearbox", "brakes", "engine")
        if getattr(choice, part)
    ]
    return ", ".join(costs) if costs else _("free")


def _way_cost(way: Any) -> str:
    bits = []
    if way.brake:
        bits.append(ngettext("braking %(n)d square", "braking %(n)d squares", way.brake) % {"n": way.brake})
    if way.slipstream:
        bits.append(
            ngettext("slipstream %(n)d square", "slipstream %(n)d squares", way.slipstream)
            % {"n": way.slipstream}
        )
    cost = way.cost
    bits.extend(_points(part, n) for part, n in cost.wear)
    if cost.spun:
        bits.append(_("a spin"))
    if cost.out is not None:
        bits.append(_("out of the race"))
    return ", ".join(bits) if bits else _("free")
