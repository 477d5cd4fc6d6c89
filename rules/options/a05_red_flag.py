"""A5 — red flag and spare car ("Drapeau rouge", "Le mulet").

Red flag: « → 22ème tenue de route posée sur le circuit. → Au 3ème « murs » de tenue de route.
→ 6ème tenue de route posée avant la fin du 1er virage. » The game turn is played out («il faut
finir le tour de jeu»), then, with the weather unchanged:
- the 6th dangerous square before the end of the first corner (in lap 1): a new start from the
  grid slots of the race, every car repaired for free (no key spent);
- in any lap but the last: a new standing start with the cars on the grid in race order, the
  ones that stop in the pits (tyres, repairs with pit points or keys, fuel) behind the others in
  the order they are listed; the lap the flag fell in counts as run (3 laps: 2 left after lap 1,
  1 after lap 2);
- in the last lap: the race is over, the cars placed as they were when the flag fell.
Each of the three triggers fires once in a race. The log says the restart in the next turn:
`{"turn": n, "restart": {"pits": [{"car": "3", "tyres": "rain", "repair": {"body": 1}}]}, ...}`.

Spare car: « Jusqu'au 8ème coup (tour de jeu) de la partie inclus, tout pilote ayant abandonné
peut s'il le souhaite repartir de ses stands en 4ème avec le mulet. Le mulet a les mêmes
caractéristiques −2 points au choix, le pilote ne régénère ni le top ni le super top. » A move of
the retired car with `option: {"spare": {"engine": 1, "tyres": 1}}` (the two points taken off the
car's build) leaves its stand, in 4th gear at most, as the last move of that game turn.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import rules.pits as pits
from rules.journal import Journal
from rules.messages import Code, Kind, RedFlag, msg, params
from rules.messages.marks import gettext_noop, pgettext
from rules.options.spec import Control, ControlKind, Hooks, OptionSpec, Race
from rules.order import play_order
from rules.state import PARTS, CarState, CarStatus, Cause, RaceState, Wear
from rules.verdict import Event, Violation
from rules.weather import Tyres

if TYPE_CHECKING:
    from rules.log import Move
    from rules.track import Track

DANGEROUS_ON_TRACK = 22  # « 22ème tenue de route posée sur le circuit »
WALLS = 3  # « Au 3ème murs »
AT_THE_START = 6  # « 6ème tenue de route posée avant la fin du 1er virage »
SPARE_LAST_TURN = 8  # « Jusqu'au 8ème coup (tour de jeu) de la partie inclus »
SPARE_POINTS = 2  # « les mêmes caractéristiques −2 points au choix »
SPARE_GEAR = 4

_RACING = CarStatus.RACING  # looked up once: an enum member is a slow lookup in Python 3.11

# The triggers, as stored in `RaceState.flags` once fired
START, DANGEROUS, WALL = RedFlag.START, RedFlag.DANGEROUS, RedFlag.WALLS  # what made the flag fall


# -- when the flag falls ------------------------------------------------------------
def walls(track: Track, dangerous: frozenset[str]) -> int:
    """Walls of dangerous squares: groups of squares side by side (T: `beside`) that close every
    lane of the track at one place."""
    # asked at the end of every game turn, and the set is most often the last turn's, unchanged
    global _last_walls
    last = _last_walls
    if last[0] is track and last[1] is dangerous:
        return last[2]
    count = _count_walls(track, dangerous)
    _last_walls = (track, dangerous, count)
    return count


_last_walls: tuple = (None, None, 0)  # (track, dangerous, walls): the last answer of `walls`


def _count_walls(track: Track, dangerous: frozenset[str]) -> int:
    seen: set[str] = set()
    count = 0
    for square in dangerous:
        if square in seen or track.lane_map.get(square, -1) < 0:
            continue
        group, todo = {square}, [square]
        while todo:
            for other in track.beside(todo.pop()):
                if other in dangerous and other not in group:
                    group.add(other)
                    todo.append(other)
        seen |= group
        # every lane the track has there (a two-lane section is closed by two squares)
        there = {lane for s in group for lane, n in enumerate(track.segment_of(s).cells) if n}
        if {track.lane_map[s] for s in group} >= there:
            count += 1
    return count


@functools.lru_cache(maxsize=8)  # per circuit: asked at the end of every game turn of lap 1
def start_zone(track: Track) -> frozenset[str]:
    """The squares from the back of the grid to the end of the first corner."""
    first = track.corners[0] if track.corners else None
    end = (first.start_level + first.length) if first is not None else 0
    level = track.level_map
    back = min(level[g] for g in track.grid)
    return frozenset(
        sq for sq, lane in track.lane_map.items() if lane >= 0 and (level[sq] <= end or level[sq] >= back)
    )


def triggered(game: Race, state: RaceState) -> str | None:
    """The trigger that fires at the end of this game turn, if any (each fires once a race)."""
    dangerous = state.dangerous
    fired = state.flags
    if not dangerous or not any(c.status is _RACING for c in state.cars):
        return None
    if (
        START not in fired
        and all(c.crossings <= 1 for c in state.cars)
        and len(dangerous & start_zone(game.track)) >= AT_THE_START
    ):
        return START
    if DANGEROUS not in fired and len(dangerous) >= DANGEROUS_ON_TRACK:
        return DANGEROUS
    if WALL not in fired and len(dangerous) >= 3 * WALLS and walls(game.track, dangerous) >= WALLS:
        return WALL
    return None


def end_turn(game: Race, state: RaceState, race_order: tuple[str, ...]) -> tuple[RaceState, list]:
    """After a game turn: the red flag, if one of its triggers fired. In the last lap the race
    ends here; otherwise the next turn must restart the race (`restart_due`)."""
    why = triggered(game, state)
    if why is None:
        return state, []
    turn = state.turn
    state = state.with_(flags=state.flags | {why})
    lap = max(1, max((c.crossings for c in state.cars if c.status is CarStatus.RACING), default=1))
    events = Journal()
    if why != START and lap >= game.laps:
        events.event(turn, None, Kind.RED_FLAG, Code.RED_FLAG_LAST_LAP, why=why)
        racing = [cid for cid in race_order if state.car(cid).status is CarStatus.RACING]
        for rank, cid in enumerate(racing, 1):
            car = state.car(cid)
            # after every car that really crossed the line in this turn (their margin is ≥ 0)
            state = state.with_car(
                car.with_(status=CarStatus.FINISHED, finish_turn=turn, finish_margin=-rank)
            )
        return state, events
    left = game.laps if why == START else game.laps - lap
    events.event(turn, None, Kind.RED_FLAG, Code.RED_FLAG_RESTART, why=why, left=left)
    return state.with_(restart_due=(why, turn, race_order, lap)), events


# -- the restart --------------------------------------------------------------------
def restart(
    game: Race, state: RaceState, given: Mapping[str, Any] | None, turn: int
) -> tuple[RaceState, list]:
    """Put the cars back on the grid for the restart the log gives in this turn (or say why not).
    Returns the state and violations; a missing or unexpected restart is fatal."""
    due = state.restart_due
    if given is not None and not game.rules.has("A5"):
        return state, [Violation(turn, None, "A5", Code.A5_LOG_RESTARTS_RACE_OPTION, params(), True)]
    if due is None and given is not None:
        return state, [Violation(turn, None, "A5", Code.A5_LOG_RESTARTS_RACE_NO, params(), True)]
    if due is None:
        return state, []
    why, flag_turn, order, lap = due
    if given is None:
        return state, [
            Violation(
                turn,
                None,
                "A5",
                Code.A5_RED_FLAG_END_TURN,
                params(flag_turn=flag_turn, why=why, turn=turn),
                True,
            )
        ]
    out = Journal()
    stops = [p["car"] for p in given.get("pits", ())]
    state = state.with_(restart_due=None)
    # obstacles are cleared off the track; a car in engine inertia (A4) cannot restart
    for car in state.cars:
        if car.status is CarStatus.OUT and car.square is not None:
            state = state.with_car(car.with_(square=None))
        elif car.status is CarStatus.RACING and car.ext.inertia:
            state = state.with_car(
                car.with_(status=CarStatus.OUT, cause=Cause.ENGINE, out_turn=flag_turn, square=None)
            )
    racing = {c.id for c in state.cars if c.status is CarStatus.RACING}
    for cid in stops:
        if cid not in racing:
            out.violation(turn, cid, "A5", Code.A5_CAR_NOT_RACING_HAS, car=cid)
    if why == START:
        if stops:
            out.violation(turn, stops[0], "A5", Code.A5_RESTART_START_REPAIRS_EVERY)
        for cid in racing:
            state = state.with_car(
                _back_on_grid(game, state.car(cid), game.entries[cid].grid, 0, repaired=True)
            )
        return state, out
    lined = [cid for cid in order if cid in racing and cid not in stops]
    lined += [cid for cid in dict.fromkeys(stops) if cid in racing]
    for slot, cid in enumerate(lined, 1):
        car = _back_on_grid(game, state.car(cid), slot, lap, repaired=False)
        if cid in stops:
            car = _pit_work(game, car, next(p for p in given["pits"] if p["car"] == cid), lap, turn, out)
        state = state.with_car(car)
    return state, out


def _back_on_grid(game: Race, car: CarState, slot: int, crossings: int, *, repaired: bool) -> CarState:
    ext = car.ext.with_(owed=0, in_stand=False, stalled=False, inertia=False)
    changes: dict[str, Any] = {
        "square": game.track.grid[slot - 1],
        "gear": 0,
        "crossings": crossings,
        "corner": None,
        "stops": 0,
        "spun": False,
        "arrival": slot,
        "ext": ext,
    }
    if repaired:
        wear = game.entries[car.id].wear
        if car.ext.team_part is not None:  # X3: the point a team gave stays
            wear = wear._replace(**{car.ext.team_part: getattr(wear, car.ext.team_part) + 1})
        changes.update(wear=wear, tyre_set_crossing=1, laps=())
    return car.with_(**changes)


def _pit_work(
    game: Race, car: CarState, stop: Mapping[str, Any], lap: int, turn: int, out: Journal
) -> CarState:
    """Tyres, repairs (pit points or A11 keys, up to the build) and fuel during the red flag."""
    build = game.entries[car.id].wear
    ext = car.ext
    parts = dict(zip(PARTS, car.wear, strict=True))
    changes: dict[str, Any] = {}
    if stop.get("tyres") is not None:
        changes["tyres"] = Tyres(stop["tyres"])
        changes["tyre_set_crossing"] = lap + 1  # the restart's first crossing begins the set's lap 1
        parts["tyres"] = build.tyres + (1 if ext.team_part == "tyres" else 0)
    spent = pits.repairs(game, car.id, ext, parts, stop.get("repair") or {}, turn, out)
    ext = ext.with_(pit_points=max(0, ext.pit_points - spent))
    if stop.get("fuel") is not None:
        if not game.rules.has("A12"):
            out.violation(turn, car.id, "A12", Code.A12_REFUELS_OPTION_NOT_FORCE)
        else:
            ext = ext.with_(fuel=stop["fuel"], fuel_from=lap + 1)
    return car.with_(wear=Wear(**parts), ext=ext, **changes)


# -- the spare car ------------------------------------------------------------------
def take_spare(game: Race, state: RaceState, car: CarState, move: Move, turn: int) -> tuple[RaceState, list]:
    """A retired driver takes the spare car: back in its stand, its build less 2 points. Returns
    the state (unchanged when the spare cannot be taken) and the violations."""
    entry = game.entries[car.id]
    taken = move.option.get("spare") if move.option else None
    why = None
    if not game.rules.has("A5"):
        why = msg(Code.A5_SPARE_OPTION_OFF)
    elif car.ext.spare:
        why = msg(Code.A5_SPARE_TAKEN_ALREADY, car=car.id)
    elif turn > SPARE_LAST_TURN:
        why = msg(Code.A5_SPARE_TOO_LATE, last=SPARE_LAST_TURN, turn=turn)
    elif entry.stand is None:
        why = msg(Code.A5_SPARE_NO_STAND, car=car.id)
    elif move.gear > SPARE_GEAR:
        why = msg(Code.A5_SPARE_GEAR_TOO_HIGH, most=SPARE_GEAR, gear=move.gear)
    if why is None:
        less = taken if isinstance(taken, Mapping) else {}
        bad = [p for p in less if p not in PARTS or type(less[p]) is not int or less[p] < 0]
        wear = entry.wear
        if bad:
            why = msg(Code.A5_SPARE_POINTS_NOT_WHOLE, value=bad[0])
        elif sum(less.values()) != SPARE_POINTS:
            why = msg(Code.A5_SPARE_POINTS_OFF_WRONG, points=SPARE_POINTS, less=sum(less.values()))
        else:
            wear = Wear(*(getattr(wear, p) - less.get(p, 0) for p in PARTS))
            if min(wear) < 1:
                why = msg(Code.A5_SPARE_PART_AT_ZERO)
    if why is not None:
        return state, [Violation(turn, car.id, "A5", *why)]
    # the lap the car retired in, from the stand: a stand before the line must not give a lap
    laps_done = max(0, car.crossings - 1) if pits.line_ahead(game.track, None, entry.stand) else car.crossings
    spare = car.with_(
        square=entry.stand,
        status=CarStatus.RACING,
        cause=None,
        out_turn=None,
        remove_turn=None,
        gear=0,
        corner=None,
        stops=0,
        spun=False,
        wear=wear,
        tyres=entry.tyres,
        crossings=laps_done,
        tyre_set_crossing=max(1, laps_done),
        # the Top and Super Top used stay used (« ne régénère ni le top ni le super top »)
        ext=replace(car.ext, spare=True, in_stand=True, owed=0, stalled=False, inertia=False),
    )
    return state.with_car(spare), [
        Event(turn, car.id, Kind.SPARE, Code.SPARE_TAKEN, params(stand=entry.stand))
    ]


# -- the declaration ----------------------------------------------------------------
def act(game, state, car, move, plan, out):
    """`option: {"spare": …}` in a move of a car that is racing (a retired one's is `spare`)."""
    if game.rules.has("A5") and not (car.ext.spare and car.gear == 0):
        out.violation(state.turn, car.id, "A5", Code.A5_CAR_RACING_SPARE_CAR, car=car.id)
    return state


def at_turn_end(game: Race, state: RaceState) -> tuple[RaceState, list]:
    """The flag, if it falls now (the race order is worked out only then)."""
    if not state.dangerous or triggered(game, state) is None:
        return state, []
    return end_turn(game, state, play_order(game.track, state))


OPTION = OptionSpec(
    id="A5",
    name=pgettext("rule option", "red flag and spare car"),
    summary=gettext_noop(
        "A red flag stops the race and sends the cars back to the grid; a driver out early takes the spare car."
    ),
    controls=(
        Control(
            "option.spare", ControlKind.PARTS, gettext_noop("Spare car"), low=SPARE_POINTS, high=SPARE_POINTS
        ),
        Control("turns.restart", ControlKind.ACTION, gettext_noop("Restart the race")),
    ),
    hooks=Hooks(act=act, spare=take_spare, restart=restart, end_turn=at_turn_end),
    fields=("option.spare", "turns.restart"),
    state=("spare",),
    spare_gear=SPARE_GEAR,
)
