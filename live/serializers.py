"""The JSON of a race-night table (docs/race-night-api.md): its state and its choices.

Plain dicts built from the engine's values; the words (`message`) are rendered here, at the edge,
in the active language (`core.messages`). The DRF serializers in `live.api` only describe
these shapes for the OpenAPI schema.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from django.utils.translation import get_language

from core.messages import message_text
from rules.messages import params_json
from rules.play import Cost, Gears, StopChoice, Table, TestDue, Way
from rules.scoring import classify
from rules.verdict import Event, Violation

if TYPE_CHECKING:
    from live.models import LiveTable


def said(item: Event | Violation) -> dict[str, Any]:
    """An event or a violation as the verdict JSON has it, its message in the reader's language."""
    out: dict[str, Any] = {"turn": item.turn, "car": item.car}
    if isinstance(item, Event):
        out["kind"] = item.kind.value
    else:
        out["rule"] = item.rule
    out["code"] = item.code.value
    out["params"] = params_json(item.params)
    out["message"] = message_text(item.code, item.params)
    return out


def violations(items: Iterable[Event | Violation]) -> list[dict[str, Any]]:
    return [said(v) for v in items if isinstance(v, Violation)]


def step_events(
    engine: Table, since: int = 0, memo: dict | None = None, steps: int | None = None
) -> list[dict[str, Any]]:
    """Every event of the steps from `since` on, oldest first, each with its step's index
    (-1: the start). `memo` keeps each step's rendered events between requests (a table is a
    chain of values that never change: a step's words are rendered once per language). `steps`:
    how many steps the table has, so only the links from `since` on are walked (a delta)."""
    need = None if steps is None or since <= 0 else max(0, steps - since)
    first = -1 if need is None else since  # the start's events are step -1's
    links: list[Table] = []  # the tables after step `first`, `first + 1`, …
    t: Table | None = engine
    while t is not None and (need is None or len(links) < need):
        links.append(t)
        t = t.previous
    links.reverse()
    language = get_language()
    memo = {} if memo is None else memo
    out: list[dict[str, Any]] = []
    for step, link in enumerate(links, start=first):
        key = (id(link), language)
        hit = memo.get(key)
        if hit is None or hit[0] is not link:  # an id is only unique while its table lives
            hit = (link, [{"step": step, **said(e)} for e in link.events if isinstance(e, Event)])
            memo[key] = hit
        out.extend(hit[1])
    return out


def last_squares(engine: Table, memo: dict | None = None) -> dict[str, str | None]:
    """Each car's square, or for a car off the track (finished, out) the square it was last on:
    walked back along the chain of tables, each link's answer kept in `memo` (as its words)."""
    memo = {} if memo is None else memo
    pending: list[Table] = []
    t: Table | None = engine
    known: dict[str, str | None] = {}
    while t is not None:
        hit = memo.get(("last", id(t)))
        if hit is not None and hit[0] is t:
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


def _last_move(link: Table):  # noqa: ANN202 - a rules.formats.Move or None
    turns = link.turns()
    if link.previous is None or link.moves() == link.previous.moves():
        return None  # a restart
    return turns[-1].moves[-1] if turns and turns[-1].moves else None


def _car(engine: Table, car, last: dict[str, str | None]) -> dict[str, Any]:  # noqa: ANN001 - a CarState
    entry = engine.game.entries.get(car.id)
    return {
        "car": car.id,
        "driver": entry.driver if entry else "",
        "team": entry.team if entry else "",
        "square": car.square,
        "last_square": last.get(car.id),
        "gear": car.gear,
        "crossings": car.crossings,
        "status": car.status.value,
        "cause": car.cause.value if car.cause else None,
        "spun": car.spun,
        "tyres": car.tyres.value,
        "wear": car.wear.to_json(),
        "penalties": [p.to_json() for p in car.penalties],
    }


def table_state_json(
    table: LiveTable, engine: Table, *, since: int = 0, urls: dict[str, str], memo: dict | None = None
) -> dict[str, Any]:
    state = engine.state
    to = engine.to_play
    game = engine.game
    placings = classify(game.track, game.rules, state)
    leader = max((c.crossings for c in state.cars), default=0)
    last = last_squares(engine, memo)
    return {
        "id": table.pk,
        "race": table.race_id,
        "status": table.status,
        "steps": table.steps,
        "moves": engine.moves(),
        "turn": to.turn if to is not None else state.turn,
        "lap": max(1, min(leader, game.laps)),
        "laps": game.laps,
        "to_play": None
        if to is None
        else {
            "turn": to.turn,
            "car": to.car,
            "restart_due": to.restart_due,
            "wait": to.wait,
            "again": to.again,
        },
        "weather": state.weather.current.value,
        "cars": [_car(engine, c, last) for c in state.cars],
        "order": [p.car for p in placings],
        "classification": [p.to_json() for p in placings],
        "events": step_events(engine, since, memo, steps=table.steps),
        "problems": [said(v) for v in engine.problems],
        "sheet": None if table.sheet_id is None else {"id": table.sheet_id, "url": urls.get("sheet", "")},
        "urls": urls,
    }


def gears_json(g: Gears) -> dict[str, Any]:
    return {
        "current": g.current,
        "rule": g.rule.value,
        "choices": [
            {
                "gear": c.gear,
                "skipped": c.skipped,
                "gearbox": c.gearbox,
                "brakes": c.brakes,
                "engine": c.engine,
                "engine_left": c.engine_left,
                "overrev": list(c.overrev),
                "free": c.free,
            }
            for c in g.choices
        ],
    }


def test_json(t: TestDue) -> dict[str, Any]:
    return {"kind": t.kind.value, "car": t.car, "square": t.square, "any_order": t.any_order}


test_json.__test__ = False  # type: ignore[attr-defined]  # not a pytest test


def cost_json(c: Cost) -> dict[str, Any]:
    return {
        "wear": dict(c.wear),
        "points": c.points,
        "spun": c.spun,
        "out": c.out.value if c.out is not None else None,
        "penalties": len(c.penalties),
    }


def way_json(w: Way) -> dict[str, Any]:
    return {
        "path": list(w.path),
        "brake": w.brake,
        "bonus": w.bonus,
        "slipstream": w.slipstream,
        "cost": cost_json(w.cost),
        "tests": [test_json(t) for t in w.tests],
        "events": list(w.kinds),
        "move": w.to_json(),
    }


def stop_json(s: StopChoice) -> dict[str, Any]:
    others = s.alternatives
    return {
        "square": s.square,
        "matters": bool(others),
        "way": way_json(s.way),
        "alternatives": [way_json(w) for w in others],
    }
