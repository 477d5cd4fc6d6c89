"""The squares the car to play may stop on after its movement die, each with its path and cost.

Candidates come from the path search the engine uses (`moves.routes`: every way `search` tells
apart to each square within reach), sized by the move's total as `replay_move.apply` counts it
(die, slide or tyre handicap, bonus squares, option squares: `move_terms`, `advanced.prepare`'s
plan). Each candidate is a whole move (path, brake, bonus, slipstream, pit) judged by
`replay_move.apply` on the table's state with no d20 rolls: it is legal iff the only violations
are rolls still to make (rules/play/due.py). What it costs is read off the state apply returns.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import rules.advanced as advanced
import rules.pits as pits
import rules.slipstream as slipstream
from rules.dice import TestKind, TestRoll
from rules.journal import Journal
from rules.log import Move, XpUse
from rules.moves import routes
from rules.pits import lane_occupied
from rules.play.due import TestDue, due_of, missing, others
from rules.play.table import Table
from rules.replay_move import SEARCH_CAP, apply
from rules.state import PARTS, CarState, CarStatus, Cause, Penalty, RaceState
from rules.verdict import Event
from rules.weather import move_terms

_OUT = CarStatus.OUT


@dataclass(frozen=True, slots=True)
class Cost:
    """What a stop costs the moving car before any d20 is rolled: wear points lost by part (brakes
    include braking, C4; tyres the uncontrolled corner exits, C2/C3/C6; both the blocking table,
    C5), a spin, an elimination, the penalties written."""

    wear: tuple[tuple[str, int], ...] = ()  # (part, points lost), parts that lose any
    spun: bool = False
    out: Cause | None = None
    penalties: tuple[Penalty, ...] = ()

    def lost(self, part: str) -> int:
        return dict(self.wear).get(part, 0)

    @property
    def points(self) -> int:
        return sum(n for _, n in self.wear)

    def key(self) -> tuple:
        """Cheaper first: not eliminated, no spin, fewest points lost."""
        return (self.out is not None, self.spun, self.points, len(self.penalties), self.wear)


@dataclass(frozen=True, slots=True)
class Way:
    """One legal way to a stop: the move's fields (without `tests`) and what it costs."""

    path: tuple[str, ...]
    brake: int
    bonus: int
    slipstream: int
    cost: Cost
    tests: tuple[TestDue, ...]  # the rolls due, as far as known before rolling (rules/play/due.py)
    kinds: tuple[str, ...] = ()  # the kinds of the events the move makes (corner-exit, finished…)
    move: Move = field(repr=False, compare=False, default=None)  # type: ignore[assignment]
    # an eliminating way's reason, the `why` of its `eliminated` event (a code and its params):
    # the table says it before the move is recorded
    why: tuple | None = field(repr=False, compare=False, default=None)

    @property
    def choice(self) -> tuple:
        """What tells two ways to one square apart for the player: what they cost and the rolls
        they call for (a dangerous square crossed or avoided: avoiding is optional)."""
        return (self.cost, tuple(sorted((t.kind, t.car, t.square or "") for t in self.tests)))

    def to_json(self) -> dict[str, Any]:
        """The race-log@1 move object, without its `tests`."""
        return self.move.to_json()


@dataclass(frozen=True, slots=True)
class StopChoice:
    """A square the car may stop on. `way`: the way the rules prefer (the cheapest; among equal
    costs the path the engine's own search picks for a `to` move: fewest dangerous squares, no
    zig-zag, fewest lane shifts). `ways`: every legal way found, `way` first. `alternatives`:
    the other ways whose cost or rolls differ (a choice that matters: another lane out of a
    corner, braking into a blocked square, a dangerous square crossed…); 0 when any way is the
    same."""

    square: str
    ways: tuple[Way, ...]

    @property
    def way(self) -> Way:
        return self.ways[0]

    @property
    def alternatives(self) -> tuple[Way, ...]:
        seen = {self.ways[0].choice}
        out = []
        for w in self.ways[1:]:
            if w.choice not in seen:
                seen.add(w.choice)
                out.append(w)
        return tuple(out)

    @property
    def depth(self) -> int:
        return len(self.way.path)

    def to_json(self) -> dict[str, Any]:
        return self.way.to_json()


def stops(
    table: Table,
    gear: int,
    roll: int | tuple[int, int],
    *,
    option: Mapping[str, Any] | None = None,
    xp: Mapping[str, Any] | XpUse | None = None,
    pit: Mapping[str, Any] | None = None,
    slipstreams: bool = True,
    pit_roll: int | None = None,
) -> tuple[StopChoice, ...]:
    """Every square the car to play may stop on in `gear` after `roll` (7th gear: `[d5, d6]`),
    nearest first. `option`, `xp`, `pit`: the move's fields of those names, chosen with the gear
    (a Top, the pedal, a driver experience re-roll, a pit stop in the car's stand…). `pit_roll`:
    a tyre stop's d20 (S2) once rolled: a fast stop's ways go on past the stand by its squares,
    and carry the roll in their move's `tests`."""
    to = table.to_play
    if to is None or to.car is None:
        raise ValueError("no car to play: the race is over or a restart is due")
    if to.wait is not None:
        return ()  # it sits out this turn: its move is `{"car": …, "wait": …}`
    if isinstance(xp, Mapping):
        xp = XpUse(**dict(xp))
    return tuple(_stops(table, to.car, gear, roll, option, xp, pit, slipstreams, pit_roll))


def _stops(
    table: Table,
    car_id: str,
    gear: int,
    roll: int | tuple[int, int],
    option: Mapping[str, Any] | None,
    xp: XpUse | None,
    pit: Mapping[str, Any] | None,
    slipstreams: bool,
    pit_roll: int | None = None,
) -> list[StopChoice]:
    car = table.state.car(car_id)
    assert car.square is not None
    base = Move(car_id, "play", gear, roll, None, car.square, xp=xp, option=dict(option) if option else None)
    if pit is not None:
        base = _with(base, pit=dict(pit))
    sizes = _sizes(table, car, base)
    ways: dict[str, list[Way]] = {}
    if pit is not None and pit_roll is not None:
        base = _with(base, tests=(TestRoll(TestKind.PIT, pit_roll),))
    for move in _candidates(table, car, base, sizes, slipstreams):
        way = _judge(table, car, move)
        if way is not None:
            ways.setdefault(way.move.stop or car.square, []).append(way)
    out = []
    for square, found in ways.items():
        found.sort(key=lambda w: w.cost.key())  # stable: the search's own order among equals
        out.append(StopChoice(square, tuple(found)))
    out.sort(key=lambda s: (min(len(w.path) for w in s.ways), s.square))
    return out


@dataclass(frozen=True, slots=True)
class _Sizes:
    """The move's total before braking and bonus, and the most bonus squares, in a straight move
    and in a corner move (W2 differs)."""

    total: tuple[int, int]
    bonus: tuple[int, int]

    @property
    def longest(self) -> int:
        return max(self.total[0] + self.bonus[0], self.total[1] + self.bonus[1])


def _sizes(table: Table, car: CarState, move: Move) -> _Sizes:
    game, state = table.game, table.state
    # the plan apply makes for a move with options, a wing, 7th gear, a stand to leave…; for a
    # plain move it adds nothing (`apply` then makes none)
    plan, _ = advanced.prepare(game, state, car, move, Journal())
    die = plan.roll
    totals, bonuses = [], []
    rain = state.weather.is_rain
    for in_corner in (False, True):
        _, forced, bonus_max = move_terms(
            car.tyres, rain, car.lap_on_tyres, move.gear, game.slide_by_gear, in_corner
        )
        extra = plan.squares(in_corner)
        totals.append(die + forced + extra)
        bonuses.append(bonus_max)
    return _Sizes((totals[0], totals[1]), (bonuses[0], bonuses[1]))


def _candidates(table: Table, car: CarState, base: Move, sizes: _Sizes, slipstreams: bool) -> Iterator[Move]:
    """Whole moves to judge: each path within reach with the brake or bonus that makes its total."""
    game, state = table.game, table.state
    track = game.track
    start = car.square
    assert start is not None
    brakes = car.wear.brakes
    occupied = state.occupied()
    occupied.pop(start, None)
    longest = max(0, min(sizes.longest, SEARCH_CAP))
    in_lane = track.is_pit(start)
    if base.pit is not None:
        yield from _pit_candidates(table, car, base, sizes)
        return
    if in_lane:
        layers = _lane_routes(table, car, occupied, longest)
    else:
        layers = routes(track, start, longest, occupied, car.corner, car.stops, dangerous=state.dangerous)
        if state.dangerous:  # a way over a dangerous square too, where one avoids it (optional)
            _merge(
                layers,
                routes(
                    track,
                    start,
                    longest,
                    occupied,
                    car.corner,
                    car.stops,
                    dangerous=state.dangerous,
                    split=True,
                ),
            )
    reach = len(layers) - 1
    mains: list[tuple[tuple[str, ...], int]] = []  # brake-free paths, for slipstreams
    if reach == 0:  # boxed in (C5): the car stays put and pays for the squares it cannot move
        for brake in range(brakes + 1):
            yield _with(base, to=start, path=None, brake=brake)
        return
    if not in_lane:  # braking the whole total: the car stays put (C4; in a corner, a stop: C5)
        stay = sizes.total[1 if track.corner_between(start, start) else 0]
        if 0 < stay <= brakes:
            yield _with(base, to=start, path=None, brake=stay)
    for depth in range(1, reach + 1):
        for square, found in layers[depth].items():
            paths = _unrefused(found)
            ic = 1 if track.corner_between(start, square) else 0  # as apply reads it
            total, bonus_max = sizes.total[ic], sizes.bonus[ic]
            if depth <= total:
                lows = range(total - depth, total - depth + 1)
                if depth == reach:  # blocked: brake some, the blocking table pays the rest (C5)
                    lows = range(0, min(brakes, total - depth) + 1)
                for brake in lows:
                    if brake > brakes:
                        continue
                    for _, path in paths:
                        yield _with(base, to=None, path=path, brake=brake)
                    if brake == 0 and depth == total:
                        mains.extend((path, 0) for _, path in found)
            elif depth - total <= bonus_max:
                for _, path in paths:
                    yield _with(base, to=None, path=path, bonus=depth - total)
                mains.extend((path, depth - total) for _, path in found)
    if slipstreams and base.gear >= slipstream.MIN_GEAR and not in_lane:
        yield from _slip_candidates(table, car, base, mains, occupied)
    if not in_lane and track.pit is not None:
        yield from _drive_through(table, car, base, sizes, occupied, layers)


def _drive_through(
    table: Table, car: CarState, base: Move, sizes: _Sizes, occupied, layers: list[dict]
) -> Iterator[Move]:
    """Into the pit lane without stopping (no `pit`): over the track to the pit entry, down the
    lane as far as the total goes (a car in the lane blocks it), out of the exit and on. The
    heads to the entry are the shortest ways there (`layers`: the move's own routes; the first is
    the one `pits.find_path` takes, so a `to` move would be read the same way; the others cross
    or avoid a dangerous square); `apply` judges each (A3's lane speed among the rest)."""
    track, state = table.game.track, table.state
    pit = track.pit
    assert pit is not None and car.square is not None
    longest = max(0, min(sizes.longest, SEARCH_CAP))
    if car.square == pit.entry:  # standing on the entry: straight into the lane
        heads: list[tuple[str, ...]] = [()]
    else:
        heads = next(([p for _, p in layer[pit.entry]] for layer in layers[1:] if pit.entry in layer), [])
    occ = lane_occupied(state, occupied, track)
    ways: list[tuple[str, ...]] = []
    for head in heads:
        ways.extend(_through_lane(track, head, longest, occ, state.dangerous))
    brakes = car.wear.brakes
    for way in ways:
        depth = len(way)
        ic = 1 if track.corner_between(car.square, way[-1]) else 0
        total, bonus_max = sizes.total[ic], sizes.bonus[ic]
        if depth <= total:
            if total - depth <= brakes:
                yield _with(base, to=None, path=way, brake=total - depth)
        elif depth - total <= bonus_max:
            yield _with(base, to=None, path=way, bonus=depth - total)


def _through_lane(track, head: tuple[str, ...], longest: int, occ, dangerous) -> list[tuple[str, ...]]:
    """The ways from `head` (ending on the pit entry) down the lane, out and on, within `longest`."""
    pit = track.pit
    ways: list[tuple[str, ...]] = []
    path = head
    for square in (*pit.squares, pit.exit):
        if len(path) >= longest or square in occ:
            break
        path = (*path, square)
        ways.append(path)
    if len(ways) == len(pit.squares) + 1 and len(path) < longest:  # out of the lane, on over the track
        tail = routes(track, pit.exit, longest - len(path), occ, None, 0, dangerous=dangerous)
        for layer in tail[1:]:
            ways.extend(path + p for found in layer.values() for _, p in found)
    return ways


def _merge(layers: list[dict], more: list[dict]) -> None:
    """Add to `layers` the ways of `more` it lacks, after its own (the same reach: the split
    search follows the same squares)."""
    for have, extra in zip(layers, more, strict=True):
        for square, ways in extra.items():
            known = {p for _, p in have[square]}
            have[square].extend((c, p) for c, p in ways if p not in known)


def _unrefused(ways: list[tuple[tuple[int, int, int], tuple[str, ...]]]) -> list:
    """The ways `apply` may accept: a zig-zag is refused (T2) when a path without one, over no more
    dangerous squares, reaches the same square in as many squares (the one `apply` looks for)."""
    straight = [c[0] for c, _ in ways if not c[1]]
    if not straight or len(straight) == len(ways):
        return ways
    fewest = min(straight)
    return [(c, p) for c, p in ways if not c[1] or c[0] < fewest]


def _with(move: Move, **changes: Any) -> Move:
    """`dataclasses.replace` for the many candidates of one move, without its cost (a Move is
    frozen; its fields are plain values)."""
    new = _new(Move)
    d = new.__dict__
    d.update(move.__dict__)
    d.update(changes)
    d["plain"] = False  # a hint only (formats.Move): False says nothing
    return new


_new = object.__new__


def _lane_routes(table: Table, car: CarState, occupied: dict[str, str], longest: int) -> list[dict]:
    """From the pit lane: down the lane, out of the exit, on over the track (S2, S3)."""
    track, state = table.game.track, table.state
    pit = track.pit
    assert pit is not None and car.square is not None
    occ = lane_occupied(state, occupied, track)
    chain = (pit.entry, *pit.squares, pit.exit)
    lane = chain[chain.index(car.square) + 1 :]
    layers: list[dict] = [{car.square: [((0, 0, 0), ())]}]
    for d in range(1, min(len(lane), longest) + 1):
        if lane[d - 1] in occ:
            return layers
        layers.append({lane[d - 1]: [((0, 0, 0), lane[:d])]})
    if longest > len(lane):
        tail = routes(track, pit.exit, longest - len(lane), occ, None, 0, dangerous=state.dangerous)
        for layer in tail[1:]:
            layers.append({sq: [(c, lane + p) for c, p in ways] for sq, ways in layer.items()})
    return layers


def _pit_candidates(table: Table, car: CarState, base: Move, sizes: _Sizes) -> Iterator[Move]:
    """A stop in the car's stand (S2, S3): the stand as `to`, the engine finds the path through
    the lane; the brake or bonus squares that make the total."""
    stand = table.game.entries[car.id].stand
    if stand is None:
        return
    ends = _past_stand(table, car, base, stand)
    for to in ends:
        for brake in range(car.wear.brakes + 1):
            yield _with(base, to=to, path=None, brake=brake)
        for bonus in range(1, sizes.bonus[0] + 1):
            yield _with(base, to=to, path=None, bonus=bonus)
    if ends != [stand]:  # a fast stop: its exit may end behind a car (docs/rules-decisions.md, S1)
        yield from _fast_exit_slipstreams(table, car, base, sizes, stand)


def _fast_exit_slipstreams(
    table: Table, car: CarState, base: Move, sizes: _Sizes, stand: str
) -> Iterator[Move]:
    """S1 out of a fast stop (M6-3 step 13): the whole path (to the stand as `pits.find_path`
    takes it, the exit's ceil(roll / 2) squares, then 3 squares per slipstream, one or two), so
    the log can say where the exit ends. The car counts as in 4th; the brake or bonus is the way
    to the stand's, the slipstream squares whole (no braking after them). `apply` judges each."""
    track, state = table.game.track, table.state
    pit = track.pit
    assert pit is not None and car.square is not None
    roll = next(t.roll for t in base.tests if t.kind is TestKind.PIT)
    occupied = state.occupied()
    occupied.pop(car.square, None)
    occ = lane_occupied(state, occupied, track)
    chain = (pit.entry, *pit.squares, pit.exit)
    lane = chain[chain.index(stand) + 1 :]
    reach = pits.chain_reach(track, stand, -(-roll // 2), occ, None, 0)
    if reach == 0:
        return
    if reach <= len(lane):
        exits = [lane[:reach]]
    else:
        k = reach - len(lane)
        layers = routes(track, pit.exit, k, occ, None, 0, dangerous=state.dangerous)
        exits = [lane + p for found in (layers[k].values() if k < len(layers) else ()) for _, p in found]
    heads: list[tuple[dict[str, int], tuple[str, ...]]] = []
    for terms in [{"brake": b} for b in range(car.wear.brakes + 1)] + [
        {"bonus": b} for b in range(1, sizes.bonus[0] + 1)
    ]:
        length = sizes.total[0] - terms.get("brake", 0) + terms.get("bonus", 0)
        head = pits.find_path(
            track, car.square, length, stand, occupied, car.corner, car.stops, state.dangerous
        )
        if head is not None:
            heads.append((terms, head))
    for exit_path in exits:
        frontier = [exit_path]
        for n in (1, 2):
            grown = []
            for path in frontier:
                ahead = slipstream.car_ahead(track, path[-1], occupied)
                if ahead is None or state.car(ahead).gear < slipstream.MIN_GEAR:
                    continue
                grown.extend(path + e for e in _slip_squares(track, path[-1], occupied))
            for tail in grown:
                for terms, head in heads:
                    yield _with(base, to=None, path=head + tail, slipstream=n, **terms)
            frontier = grown


def _past_stand(table: Table, car: CarState, base: Move, stand: str) -> list[str]:
    """Where a stop ends: the stand; after a fast tyre stop (its pit roll in the move), the
    squares ceil(roll / 2) on, down the lane, out and over the track, or as far as the lane is
    free (S2, `pits.check_stop`)."""
    track, state = table.game.track, table.state
    pit = track.pit
    roll = next((t.roll for t in base.tests if t.kind is TestKind.PIT), None)
    if roll is None or pit is None or stand not in pit.stand_squares or (base.pit or {}).get("stop") == "long":
        return [stand]
    team_point = base.xp is not None and base.xp.team == "fast-stop"
    if not (1 <= roll <= pits.FAST_STOP or (team_point and roll > pits.FAST_STOP)):
        return [stand]
    occupied = state.occupied()
    occupied.pop(car.square, None)
    occ = lane_occupied(state, occupied, track)
    reach = pits.chain_reach(track, stand, -(-roll // 2), occ, None, 0)
    chain = (pit.entry, *pit.squares, pit.exit)
    lane = chain[chain.index(stand) + 1 :]
    if reach == 0:
        return [stand]
    if reach <= len(lane):
        return [lane[reach - 1]]
    k = reach - len(lane)
    layers = routes(track, pit.exit, k, occ, None, 0, dangerous=state.dangerous)
    return sorted(layers[k]) if k < len(layers) else []


def _slip_candidates(
    table: Table, car: CarState, base: Move, mains: list[tuple[tuple[str, ...], int]], occupied
) -> Iterator[Move]:
    """S1: from a main move that ends right behind a car, 3 squares more (one or two slipstreams),
    then braking."""
    track = table.game.track
    state = table.state
    for main, bonus in mains:
        frontier = [main]
        for n in (1, 2):
            grown = []
            for path in frontier:
                ahead = slipstream.car_ahead(track, path[-1], occupied)
                if ahead is None:
                    continue
                if not slipstream.MIN_GEAR <= state.car(ahead).gear <= base.gear:
                    continue  # slipstream.check refuses it
                for e in _slip_squares(track, path[-1], occupied):
                    full = path + e
                    grown.append(full)
                    for brake in range(min(car.wear.brakes, slipstream.SQUARES) + 1):
                        cut = full[: len(full) - brake]
                        yield _with(base, to=None, path=cut, bonus=bonus, slipstream=n, brake=brake)
            frontier = grown


def _slip_squares(track, behind: str, occupied) -> list[tuple[str, ...]]:
    """The 3 squares of a slipstream from `behind`, along one of the patterns `slipstream.check`
    accepts (lane offsets from the lane behind the car passed)."""
    lane = track.lane
    base = lane(behind)
    shapes = {tuple(r * d for r in p) for p in slipstream.PATTERNS for d in (1, -1)}
    ends: list[tuple[str, ...]] = [()]
    for k in range(slipstream.SQUARES):
        ends = [
            (*e, sq)
            for e in ends
            for sq in track.successors(e[-1] if e else behind)
            if sq not in occupied
            and lane(sq) >= 0
            and any(shape[: k + 1] == (*(lane(x) - base for x in e), lane(sq) - base) for shape in shapes)
        ]
    return ends


def _judge(table: Table, car: CarState, move: Move) -> Way | None:
    after, events = apply(table.game, table.state, move)
    if others(events):
        return None
    return Way(
        move.path or (),
        move.brake,
        move.bonus,
        move.slipstream,
        _cost(table.state, after, car.id),
        due_of(table.game, table.state, move, missing(events)),
        tuple(sorted({str(e.kind) for e in events if isinstance(e, Event)})),
        move,
        next((dict(e.params).get("why") for e in events if isinstance(e, Event) and e.kind == "eliminated"), None),
    )


def _cost(before: RaceState, after: RaceState, car_id: str) -> Cost:
    a, b = before.car(car_id), after.car(car_id)
    lost = tuple((p, a.wear[i] - b.wear[i]) for i, p in enumerate(PARTS) if a.wear[i] > b.wear[i])
    out = b.cause if b.status is _OUT and a.status is not _OUT else None
    return Cost(lost, b.spun, out, b.penalties[len(a.penalties) :])
