"""A race told turn by turn for the replay viewer: where every car stood, and what happened.

A race sheet (the one that stands for the race, or any judged version) is replayed by the rules
engine one game turn at a time (`start`, `play_turn`), so positions, wear and events are the
engine's, never re-derived here. Each move carries what the log says of it (gear, die, path,
brakes, slipstream, pit stop, d20 tests) and what it cost: every wear point a car lost in the
turn, with its reason (the engine's events, the over-revving of a skipped gear, the squares
braked). Each turn carries every car's six wear parts after it (the dashboards) and the cars that
have left the board. The result is deterministic, so it is cached per sheet version, its last
change and the language of its labels.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.cache import cache
from django.utils.functional import Promise
from django.utils.translation import get_language, gettext_lazy, ngettext, pgettext, pgettext_lazy
from django.utils.translation import gettext as _

from circuits.square_words import named_message, track_names
from core.messages import message_text
from core.read_errors import reading_text
from races.models import Race, RaceEntry
from races.templatetags.league_extras import cause_label
from rules.formats import CarEntry, LogFormatError, Move, read_race_log
from rules.gearbox import check_shift
from rules.messages import SPINS, Code
from rules.replay import play_turn, start
from rules.ruleset import RuleSet, UnknownOptionError
from rules.state import PARTS, CarState, CarStatus, RaceState, Wear
from rules.track import CircuitError, load_circuit
from rules.verdict import Event, Standing, Violation
from sheets.models import RaceSheet

FRAMES_VERSION = 5  # bump when the shape of the frames changes: older cache entries are ignored
CACHE_SECONDS = 60 * 60 * 24 * 7
NO_COLOUR = "#5d6270"

# The engine's event kinds, in the reader's language (its messages: core/messages.py).
EVENT_LABELS: dict[str, Promise] = {
    "corner-exit": gettext_lazy("Corner exit"),
    "spin": gettext_lazy("Spin"),
    "blocked": gettext_lazy("Blocked"),
    "tyres-lost": gettext_lazy("Tyres"),
    "brakes-lost": gettext_lazy("Brakes"),
    "gearbox-lost": gettext_lazy("Gearbox"),
    "body-lost": gettext_lazy("Body damage"),
    "engine-lost": gettext_lazy("Engine damage"),
    "handling-lost": gettext_lazy("Road holding"),
    "eliminated": gettext_lazy("Eliminated"),
    "finished": gettext_lazy("Finished"),
    "pit": gettext_lazy("Pit stop"),
    "weather": gettext_lazy("Weather"),
    "team-xp": gettext_lazy("Team experience"),
    "lapped": gettext_lazy("Lapped"),
    "unlapped": gettext_lazy("Unlapped"),
    "debris": gettext_lazy("Debris"),
    "stalled": gettext_lazy("Stalled"),
    "caught": gettext_lazy("Caught"),
    "inertia": gettext_lazy("Engine inertia"),
    "lap": gettext_lazy("New lap"),
}

# A car's six wear parts, the dashboard's words (short: they sit side by side on a phone).
PART_LABELS: dict[str, Promise] = {
    "tyres": pgettext_lazy("wear part", "Tyres"),
    "brakes": pgettext_lazy("wear part", "Brakes"),
    "gearbox": pgettext_lazy("wear part", "Gearbox"),
    "body": pgettext_lazy("wear part", "Body"),
    "engine": pgettext_lazy("wear part", "Engine"),
    "handling": pgettext_lazy("wear part", "Road holding"),
}

TEST_LABELS: dict[str, Promise] = {
    "collision": pgettext_lazy("d20 test", "collision"),
    "engine": pgettext_lazy("d20 test", "engine"),
    "handling": pgettext_lazy("d20 test", "road holding"),
    "weather": pgettext_lazy("d20 test", "weather"),
    "pit": pgettext_lazy("d20 test", "pit stop"),
    "spin": pgettext_lazy("d20 test", "spin"),
    "debris": pgettext_lazy("d20 test", "debris"),
    "scatter": pgettext_lazy("d20 test", "scatter"),
    "accident": pgettext_lazy("d20 test", "accident"),
}
# the part a failed test costs, to tell a failed roll from a passed one (damage.py's losses)
TEST_PARTS = {"collision": "body", "engine": "engine", "handling": "handling"}
WEAR_KINDS = frozenset({f"{part}-lost" for part in PARTS} | {"corner-exit", "blocked"})


class ReplayUnavailable(Exception):
    """The sheet cannot be replayed any more (its circuit or rules changed since it was judged)."""


def standing_race_sheet(*, race: Race) -> RaceSheet | None:
    """The race log that stands for a race: the chosen version, else the latest valid one."""
    return (
        RaceSheet.objects.filter(race=race, kind=RaceSheet.Kind.RACE, status=RaceSheet.Status.VALID)
        .exclude(log__isnull=True)
        .defer("raw")
        .order_by("-chosen", "-version")
        .first()
    )


def race_replay(*, sheet: RaceSheet) -> dict[str, Any]:
    """The sheet's race, turn by turn, as a JSON-ready dict (cached).

    `cars`: id, driver, team, colour, grid square, and how the car ended (status, turn, cause,
    position). `start`: each car's grid square; `wear0`: each car's wear at the start. `turns`:
    for each game turn, `moves` in the order played (see `_move`), `squares` (every car's square
    after the turn: the last one it stood on once it has left the board), `off` (the cars
    that have left the board: finished, or out and taken off), `wear` (every car's parts after the turn),
    `lap` (the leader's), `events` and `violations` (the engine's, in the reader's language).

    Raises `ReplayUnavailable` when the log no longer replays against its race.
    """
    key = "race-replay:{v}:{pk}:{at}:{lang}".format(
        v=FRAMES_VERSION,
        pk=sheet.pk,
        at=sheet.updated_at.timestamp() if sheet.updated_at else 0,
        lang=get_language() or "",
    )
    frames = cache.get(key)
    if frames is None:
        frames = _frames(sheet)
        cache.set(key, frames, CACHE_SECONDS)
    return frames


def _frames(sheet: RaceSheet) -> dict[str, Any]:
    race = Race.objects.select_related("season", "circuit").get(pk=sheet.race_id)
    try:
        log = read_race_log(sheet.log)
        track = load_circuit(race.circuit.document)
        rules = RuleSet.from_options(log.options, points=race.season.points_table, laps=race.race_laps)
        game, state, problems = start(log, track, rules)
    except (LogFormatError, CircuitError) as exc:
        raise ReplayUnavailable(reading_text(exc)) from exc  # in the reader's language
    except (UnknownOptionError, ValueError, TypeError) as exc:
        raise ReplayUnavailable(str(exc)) from exc

    names = track_names(track)  # the squares the events and violations name, in words
    grid = {car.id: car.square for car in state.cars}
    wear0 = {car.id: _wear(car.wear) for car in state.cars}
    at: dict[str, str | None] = dict(grid)
    turns = []
    stopped = any(v.fatal for v in problems)
    for turn_log in log.turns if not stopped else ():
        before = state
        state, happened, stopped = play_turn(game, state, turn_log.moves, turn_log.turn, turn_log.restart)
        events = [item for item in happened if isinstance(item, Event)]
        moves = []
        for move in turn_log.moves:
            if move.wait:
                moves.append({"car": move.car, "wait": move.wait, "square": at.get(move.car), "path": []})
                continue
            moves.append(_move(move, before.car(move.car), state.car(move.car), at, events))
        for car in state.cars:
            if car.square is not None:
                at[car.id] = car.square
        shown = [_event(item, names) for item in events]
        shown.extend(_laps(before, state, game.laps))
        turns.append(
            {
                "turn": turn_log.turn,
                "lap": _leader_lap(state, game.laps),
                "moves": moves,
                "squares": dict(at),
                "off": [car.id for car in state.cars if car.square is None],
                "wear": {car.id: _wear(car.wear) for car in state.cars},
                "events": shown,
                "violations": [_violation(v, names) for v in happened if isinstance(v, Violation)],
            }
        )
        if stopped:
            break

    entries = {
        entry.season_entry.car_id: entry
        for entry in RaceEntry.objects.filter(race_id=sheet.race_id).select_related(
            "season_entry__driver", "season_entry__team"
        )
    }
    verdict = sheet.verdict or {}
    stopped_replay = sheet.status != RaceSheet.Status.VALID
    placings = {} if stopped_replay else {p["car"]: p for p in verdict.get("classification", [])}
    cars = [_car(car, entries.get(car.car), placings.get(car.car)) for car in log.cars]
    return {
        "sheet": sheet.pk,
        "version": sheet.version,
        "valid": sheet.status == RaceSheet.Status.VALID,
        "circuit": track.id,
        "laps": game.laps,
        "cars": cars,
        "start": grid,
        "wear0": wear0,
        "parts": [{"part": part, "label": str(PART_LABELS[part])} for part in PARTS],
        "turns": turns,
    }


def _wear(wear: Wear) -> dict[str, int]:
    return dict(zip(PARTS, wear, strict=True))


def _move(
    move: Move, car: CarState, after: CarState, at: dict[str, str | None], events: list[Event]
) -> dict[str, Any]:
    """One move: what the log says (gear, die, path, brakes, slipstream, pit stop, tests) and what it
    cost the car (`wear`: each point lost in the turn with its reason; `gained`: points back)."""
    origin = at.get(move.car)
    path = list(move.path) if move.path else ([move.to] if move.to else [])
    square = path[-1] if path else origin
    at[move.car] = square
    mine = [e for e in events if e.car == move.car]
    reasons: list[dict[str, Any]] = []
    previous = car.gear
    if not car.ext.in_stand:
        shift, _problem = check_shift(previous, move.gear, car.wear, spun=car.spun)
        if shift.skipped:
            why = message_text(Code.LOST_OVER_REVVING, {"previous": previous, "gear": move.gear})
            skipped = ngettext("skipped %(n)d gear", "skipped %(n)d gears", shift.skipped) % {
                "n": shift.skipped
            }
            for part in ("gearbox", "brakes"):
                n = getattr(shift, part)
                if n:
                    reasons.append(_reason(part, n, f"{skipped} ({why})"))
    if move.brake:
        reasons.append(
            _reason(
                "brakes",
                move.brake,
                ngettext("braked %(n)d square", "braked %(n)d squares", move.brake) % {"n": move.brake},
            )
        )
    for event in mine:
        kind = event.kind.value
        if kind not in WEAR_KINDS:
            continue
        values = dict(event.params)
        text = message_text(event.code, event.params)
        if kind == "corner-exit":
            reasons.append(_reason("tyres", int(values.get("cost") or 0), text))
        elif kind == "blocked":
            reasons.append(_reason("brakes", int(values.get("brakes") or 0), text))
            reasons.append(_reason("tyres", int(values.get("tyres") or 0), text))
        else:
            reasons.append(_reason(str(values.get("part")), int(values.get("n") or 0), text))
    reasons = _settled(reasons, car.wear, after.wear)
    gained = [
        {"part": part, "label": str(PART_LABELS[part]), "n": b - a}
        for part, a, b in zip(PARTS, car.wear, after.wear, strict=True)
        if b > a
    ]
    return {
        "car": move.car,
        "gear": move.gear,
        "from": previous,
        "roll": list(move.roll) if isinstance(move.roll, tuple) else move.roll,
        "path": [s for s in [origin, *path] if s],
        "square": square,
        "squares": len(path),
        "brake": move.brake,
        "bonus": move.bonus,
        "slipstream": move.slipstream,
        "pit": move.pit is not None,
        "tests": [_test(test, move.car, events) for test in move.tests],
        "wear": reasons,
        "gained": gained,
        "summary": _summary(move, previous, len(path)),
    }


def _reason(part: str, n: int, why: str) -> dict[str, Any]:
    label = PART_LABELS.get(part)
    return {"part": part, "label": str(label) if label is not None else part, "n": n, "why": why}


def _settled(reasons: list[dict[str, Any]], before: Wear, after: Wear) -> list[dict[str, Any]]:
    """The reasons, each part's points capped at what the part really lost (a part at 0 loses no
    more), and any point the reasons do not explain (an option's cost) listed as such."""
    lost = {part: max(0, a - b) for part, a, b in zip(PARTS, before, after, strict=True)}
    left = dict(lost)
    out = []
    for reason in reasons:
        part = reason["part"]
        n = min(reason["n"], left.get(part, 0))
        if n > 0:
            left[part] -= n
            out.append({**reason, "n": n})
    for part in PARTS:
        if left[part] > 0:
            out.append(_reason(part, left[part], _("other cost of the move")))
    return out


def _test(test: Any, mover: str, events: Iterable[Event]) -> dict[str, Any]:
    """A d20 roll and its result: a collision, engine or road-holding test failed when the car
    that rolled lost a point on it (the engine's loss names the roll)."""
    kind = test.kind.value
    who = test.car or mover
    part = TEST_PARTS.get(kind)
    failed = False
    if part is not None:
        for event in events:
            values = dict(event.params)
            why = values.get("why")
            if (
                event.car == who
                and values.get("part") == part
                and isinstance(why, tuple)
                and dict(why[1]).get("roll") == test.roll
            ):
                failed = True
                break
    label = TEST_LABELS.get(kind)
    if part is None:
        result = ""
    elif failed:
        result = _("failed: 1 %(part)s point") % {"part": pgettext("part", part)}
    else:
        result = _("passed")
    return {
        "kind": kind,
        "label": str(label) if label is not None else kind,
        "car": who,
        "roll": test.roll,
        "failed": failed,
        "result": result,
    }


def _summary(move: Move, previous: int, squares: int) -> str:
    """The move in a line: gear, die, squares, and what the log adds (brakes, slipstream, pit)."""
    roll = move.roll
    die = " + ".join(str(r) for r in roll) if isinstance(roll, tuple) else str(roll)
    if previous and previous != move.gear:
        gear = _("gear %(previous)d → %(gear)d") % {"previous": previous, "gear": move.gear}
    else:
        gear = _("gear %(gear)d") % {"gear": move.gear}
    parts = [
        gear,
        _("die %(die)s") % {"die": die},
        ngettext("%(n)d square", "%(n)d squares", squares) % {"n": squares},
    ]
    if move.brake:
        parts.append(ngettext("braked %(n)d square", "braked %(n)d squares", move.brake) % {"n": move.brake})
    if move.slipstream:
        parts.append(
            ngettext("slipstream +%(n)d square", "slipstream +%(n)d squares", move.slipstream)
            % {"n": move.slipstream}
        )
    if move.bonus:
        parts.append(ngettext("bonus +%(n)d square", "bonus +%(n)d squares", move.bonus) % {"n": move.bonus})
    if move.pit is not None:
        parts.append(_("pit stop"))
    return " · ".join(parts)


def _car(log_car: CarEntry, entry: RaceEntry | None, placing: dict[str, Any] | None) -> dict[str, Any]:
    if entry is not None:
        season_entry = entry.season_entry
        driver, team, colour = season_entry.driver.name, season_entry.team.name, season_entry.team.colour
    else:
        driver, team, colour = log_car.driver, log_car.team, NO_COLOUR
    placing = placing or {}
    cause = placing.get("cause") or ""
    return {
        "id": log_car.car,
        "driver": driver,
        "team": team,
        "colour": colour or NO_COLOUR,
        "grid": log_car.grid,
        "status": placing.get("status", Standing.RUNNING.value),
        "turn": placing.get("turn"),
        "position": placing.get("position"),
        "cause": str(cause_label(cause)) if cause else "",
    }


def _text(code: Any, params: Any, names: dict[str, str] | None) -> str:
    return (names and named_message(code, params, names)) or message_text(code, params)


def _event(event: Event, names: dict[str, str] | None = None) -> dict[str, Any]:
    kind = event.kind.value
    if event.code in SPINS:  # a corner exit that ends in a spin (C6)
        kind = "spin"
    label = EVENT_LABELS.get(kind)
    return {
        "kind": kind,
        "label": str(label) if label is not None else kind.replace("-", " ").capitalize(),
        "car": event.car,
        "text": _text(event.code, event.params, names),
    }


def _violation(violation: Violation, names: dict[str, str] | None = None) -> dict[str, Any]:
    return {
        "rule": violation.rule,
        "car": violation.car,
        "fatal": violation.fatal,
        "text": _text(violation.code, violation.params, names),
    }


def _laps(before: RaceState, after: RaceState, laps: int) -> list[dict[str, Any]]:
    """The leader starting a new lap (the engine counts laps; it tells no event of it)."""
    lap_before, lap_after = _leader_lap(before, laps), _leader_lap(after, laps)
    if lap_after <= lap_before:
        return []
    leader = max(after.cars, key=lambda c: (len(c.laps), -(c.laps[-1][1] if c.laps else 0)))
    return [
        {
            "kind": "lap",
            "label": str(EVENT_LABELS["lap"]),
            "car": leader.id,
            "text": _("leads the race into lap %(lap)d of %(laps)d") % {"lap": lap_after, "laps": laps},
        }
    ]


def _leader_lap(state: RaceState, laps: int) -> int:
    """The lap the leader is on (laps completed + 1), at most the race's last lap."""
    done = max((len(car.laps) for car in state.cars), default=0)
    if any(car.status is CarStatus.FINISHED for car in state.cars):
        return laps
    return min(done + 1, laps)
