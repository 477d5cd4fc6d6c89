"""A race told turn by turn for the replay viewer: where every car stood, and what happened.

The sheet that stands for a race (the chosen version, else the latest valid one)
is replayed by the rules engine one game turn at a time (`start`, `play_turn`),
so positions and events are the engine's, never re-derived here. The result is
deterministic, so it is cached per sheet version, its last change and the
language of its labels.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.utils.functional import Promise
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from league.templatetags.league_extras import cause_label
from races.messages import message_text
from races.models import Race, RaceEntry, RaceSheet
from rules.formats import CarEntry, LogFormatError, read_race_log
from rules.messages import SPINS
from rules.replay import play_turn, start
from rules.ruleset import RuleSet, UnknownOptionError
from rules.state import CarStatus, RaceState
from rules.track import CircuitError, load_circuit
from rules.verdict import Event, Standing

FRAMES_VERSION = 3  # bump when the shape of the frames changes: older cache entries are ignored
CACHE_SECONDS = 60 * 60 * 24 * 7
NO_COLOUR = "#5d6270"

# The engine's event kinds, in the reader's language (its messages: races/messages.py).
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

    `cars`: id, driver, team, colour, grid square, and how the car ended (status,
    turn, cause, position). `start`: each car's grid square. `turns`: for each game
    turn, `moves` in the order played (the moving car and the square it stopped
    on: no other car moves during a move), `squares` (every car's square after
    the turn: the last one it stood on once it has finished or is out), `lap`
    (the leader's) and `events` (kind, translated label, car, the engine's text in the reader's language).

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
        game, state, _problems = start(log, track, rules)
    except (LogFormatError, CircuitError, UnknownOptionError, ValueError, TypeError) as exc:
        raise ReplayUnavailable(str(exc)) from exc

    grid = {car.id: car.square for car in state.cars}
    at = dict(grid)
    turns = []
    for turn_log in log.turns:
        before = state
        state, happened, stopped = play_turn(game, state, turn_log.moves, turn_log.turn, turn_log.restart)
        moves = []
        for move in turn_log.moves:
            if move.wait:
                continue
            square = (move.path[-1] if move.path else move.to) or at.get(move.car)
            at[move.car] = square
            moves.append({"car": move.car, "gear": move.gear, "square": square})
        for car in state.cars:
            if car.square is not None:
                at[car.id] = car.square
        events = [_event(item) for item in happened if isinstance(item, Event)]
        events.extend(_laps(before, state, game.laps))
        turns.append(
            {
                "turn": turn_log.turn,
                "lap": _leader_lap(state, game.laps),
                "moves": moves,
                "squares": dict(at),
                "events": events,
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
    placings = {p["car"]: p for p in (sheet.verdict or {}).get("classification", [])}
    cars = [_car(car, entries.get(car.car), placings.get(car.car)) for car in log.cars]
    return {
        "sheet": sheet.pk,
        "version": sheet.version,
        "circuit": track.id,
        "laps": game.laps,
        "cars": cars,
        "start": grid,
        "turns": turns,
    }


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


def _event(event: Event) -> dict[str, Any]:
    kind = event.kind.value
    if event.code in SPINS:  # a corner exit that ends in a spin (C6)
        kind = "spin"
    label = EVENT_LABELS.get(kind)
    return {
        "kind": kind,
        "label": str(label) if label is not None else kind.replace("-", " ").capitalize(),
        "car": event.car,
        "text": message_text(event.code, event.params),
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
