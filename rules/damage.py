"""Damage (rules D2–D5): wear losses, eliminations, dangerous squares, and the d20 tests a move causes.

Each move's `tests` are read in order by a `Rolls` cursor: handling tests
first (path order), then collision tests (the other cars, then the car that
caused it), then engine tests, then a weather roll (M6-3). Missing, extra,
out-of-order or wrongly attributed rolls become violations; the rolls found
are applied.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.dice import TestKind, TestRoll
from rules.journal import Journal
from rules.messages import LOST, Code, Kind, Message, msg
from rules.state import CarState, CarStatus, Cause, RaceState
from rules.track import Track

# enum members on the hot path, looked up once (`CarStatus.OUT` is a slow lookup in Python 3.11)
_OUT = CarStatus.OUT
_PART_LOST_LOSES_POINTS = Code.PART_LOST_LOSES_POINTS
_OUT_NO_POINTS_LEFT = Code.OUT_NO_POINTS_LEFT
_ELIMINATED_OUT = Code.ELIMINATED_OUT
_ELIMINATED_KIND = Kind.ELIMINATED
_LOST_DANGEROUS_SQUARE_ROLLED = Code.LOST_DANGEROUS_SQUARE_ROLLED
_LOST_COLLISION_WITH_MOVER = Code.LOST_COLLISION_WITH_MOVER
_LOST_COLLISION_WITH_TARGET = Code.LOST_COLLISION_WITH_TARGET
_LOST_ENGINE_TEST_AFTER_CAR = Code.LOST_ENGINE_TEST_AFTER_CAR

TEST_RULE = {
    TestKind.HANDLING: "D5",
    TestKind.COLLISION: "D3",
    TestKind.ENGINE: "D4",
    TestKind.WEATHER: "W1",
    TestKind.PIT: "S2",
}  # the tests only an option calls for are its own (`tests.KIND`, `registry.TEST_RULES`)
_PART_INDEX = {"tyres": 0, "brakes": 1, "gearbox": 2, "body": 3, "engine": 4, "handling": 5}
_FATAL_PARTS = {"body": Cause.BODY, "engine": Cause.ENGINE, "handling": Cause.HANDLING}


def collision_limit(rain: bool, aggravated: bool) -> int:
    """Highest d20 roll that costs a body point (D3)."""
    return (2 if aggravated else 1) + (1 if rain else 0)


def engine_limit(rain: bool) -> int:
    return 3 if rain else 4


def handling_limit(rain: bool) -> int:
    return 5 if rain else 4


class Rolls:
    """A cursor over one move's d20 rolls; collects violations about them."""

    __slots__ = ("tests", "pos", "mover", "turn", "out", "rule_of")

    def __init__(
        self,
        tests: tuple[TestRoll, ...],
        mover: str,
        turn: int,
        out: Journal,
        rule_of: Mapping[TestKind, str] = TEST_RULE,
    ) -> None:
        """`rule_of`: the rule each kind of test plays, for its violations (the replay passes the
        registry's, the options' tests included)."""
        self.tests = tests
        self.pos = 0
        self.mover = mover
        self.turn = turn
        self.out = out
        self.rule_of = rule_of

    def take(self, kind: TestKind) -> tuple[TestRoll, ...]:
        """The consecutive rolls of one kind at the cursor."""
        tests = self.tests
        start = end = self.pos
        n = len(tests)
        while end < n and tests[end].kind is kind:
            end += 1
        self.pos = end
        return tests[start:end]

    def car(self, test: TestRoll) -> str:
        return self.mover if test.car is None else test.car

    def one(self, kind: TestKind, car: str, missing: Code, second: Code) -> TestRoll | None:
        """The one roll of `kind` at the cursor, or None: none given breaks `missing`, and each
        roll after the first is a `second` one (its roll quoted)."""
        given = self.take(kind)
        if not given:
            self.violation(kind, car, msg(missing))
            return None
        for extra in given[1:]:
            self.violation(kind, car, msg(second, roll=extra.roll))
        return given[0]

    def violation(self, kind: TestKind, car: str | None, message: Message) -> None:
        self.out.broken(self.turn, car, self.rule_of[kind], message)

    def check_roll(self, test: TestRoll) -> bool:
        if 1 <= test.roll <= 20:
            return True
        self.out.violation(
            self.turn, self.car(test), "G1", Code.G1_TEST_ROLL_NOT_D20, kind=test.kind.value, roll=test.roll
        )
        return False

    def finish(self) -> None:
        for test in self.tests[self.pos :]:
            if test.square:
                why = msg(
                    Code.TEST_NOT_CALLED_FOR_SQUARE,
                    kind=test.kind.value,
                    square=test.square,
                    roll=test.roll,
                )
            else:
                why = msg(Code.TEST_NOT_CALLED_FOR, kind=test.kind.value, roll=test.roll)
            self.violation(test.kind, self.car(test), why)
        self.pos = len(self.tests)


def lose(
    state: RaceState,
    car_id: str,
    part: str,
    n: int,
    turn: int,
    events: Journal,
    why: Message,
    *,
    mark: bool = True,
) -> RaceState:
    """Take `n` points off a part. Body/engine losses make the car's square dangerous (D5; `mark`
    False: not this one, whose debris a roll decides); body, engine or handling at 0 eliminates (D2)."""
    car = state.car(car_id)
    if n <= 0 or car.status is _OUT:
        return state
    i = _PART_INDEX[part]
    left = max(0, car.wear[i] - n)
    events.event(
        turn,
        car_id,
        LOST[part],
        _PART_LOST_LOSES_POINTS,
        n=n,
        part=part,
        why=why,
        left=left,
    )
    if left == 0 and part in _FATAL_PARTS and car.ext.super_top and not car.ext.supertop:
        return _super_top_save(state, car, part, turn, events)
    car = car.with_(wear=car.wear._replace(**{part: left}))
    dangerous = state.dangerous
    if mark and part in ("body", "engine") and car.square is not None:
        dangerous = dangerous | {car.square}
    state = state.with_car(car, dangerous=dangerous)
    if left == 0 and part in _FATAL_PARTS:
        state = eliminate(
            state, car_id, _FATAL_PARTS[part], turn, events, msg(_OUT_NO_POINTS_LEFT, part=part)
        )
    return state


def _super_top_save(state: RaceState, car: CarState, part: str, turn: int, events: Journal) -> RaceState:
    """A16: the Super Top takes the point that would have put the car out (no sticker; the option's
    text is in `rules/options/a16_super_top.py`)."""
    events.event(turn, car.id, Kind.SUPER_TOP, Code.SUPER_TOP_SAVED, part=part)
    car = car.with_(wear=car.wear._replace(**{part: 1}), ext=car.ext.with_(supertop=True))
    return state.with_car(car)


def eliminate(
    state: RaceState, car_id: str, cause: Cause, turn: int, events: Journal, why: Message
) -> RaceState:
    """Put a car out. Body, engine and blocking eliminations leave an obstacle (and a dangerous
    square) until the car's next turn would have come; the others leave the track at once (D2)."""
    car = state.car(car_id)
    if car.status is _OUT:
        return state
    events.event(turn, car_id, _ELIMINATED_KIND, _ELIMINATED_OUT, why=why)
    if cause.stays_on_track and car.square is not None:
        remove = turn + 1 if car_id in state.played else turn
        car = car.with_(status=_OUT, cause=cause, out_turn=turn, remove_turn=remove)
        return state.with_car(car, dangerous=state.dangerous | {car.square})
    car = car.with_(status=_OUT, cause=cause, out_turn=turn, square=None, remove_turn=None)
    return state.with_car(car)


def handling_tests(
    state: RaceState, car_id: str, squares: tuple[str, ...], rolls: Rolls, turn: int, events: Journal
) -> RaceState:
    """D5: one roll per dangerous square passed over or stopped on, in path order."""
    given = rolls.take(TestKind.HANDLING)
    if not squares and not given:
        return state  # the move was tested for something else
    limit = handling_limit(state.weather.is_rain)
    j = 0
    for sq in squares:
        if state.car(car_id).status is _OUT:
            break
        if j >= len(given):
            rolls.violation(TestKind.HANDLING, car_id, msg(Code.TEST_NO_HANDLING_TEST_ROLLED, sq=sq))
            continue
        test = given[j]
        j += 1
        if rolls.car(test) != car_id:
            rolls.violation(
                TestKind.HANDLING,
                rolls.car(test),
                msg(Code.TEST_HANDLING_TEST_ROLLED_CAR, sq=sq, roller=rolls.car(test), car=car_id),
            )
            continue
        if test.square is not None and test.square != sq:
            rolls.violation(
                TestKind.HANDLING,
                car_id,
                msg(Code.TEST_HANDLING_TEST_DANGEROUS_SQUARE, square=test.square, sq=sq),
            )
            continue
        if rolls.check_roll(test) and test.roll <= limit:
            state = lose(
                state,
                car_id,
                "handling",
                1,
                turn,
                events,
                msg(_LOST_DANGEROUS_SQUARE_ROLLED, sq=sq, roll=test.roll),
            )
    for test in given[j:]:
        rolls.violation(
            TestKind.HANDLING,
            rolls.car(test),
            msg(Code.TEST_HANDLING_TEST_ROLL_NO, roll=test.roll),
        )
    return state


def touching(track: Track, state: RaceState, mover: CarState) -> list[CarState]:
    """D3: cars beside the mover's stop, or directly in front of it (one forward edge away)."""
    stop = mover.square
    if stop is None:
        return []
    zone = track.risk_map[stop]
    if not zone or zone.isdisjoint(state.__dict__.get("_occ") or state.occupancy()):
        return []
    mover_id = mover.id
    return [c for c in state.cars if c.square in zone and c.id != mover_id]


def collision_tests(
    state: RaceState, track: Track, mover_id: str, rolls: Rolls, turn: int, events: Journal
) -> RaceState:
    """D3: every car touched rolls once, then the mover once per car still in (after losing a body
    point without rolling for each car the others' rolls eliminated)."""
    mover = state.car(mover_id)
    given = rolls.take(TestKind.COLLISION)
    touched: list[CarState] = []
    if mover.status is not _OUT and mover.square is not None:
        touched = touching(track, state, mover)
    if not touched and not given:
        return state  # the move was tested for something else: no car touched, no roll given
    rain = state.weather.is_rain
    others = [c for c in touched if c.status is not _OUT]
    obstacles = [c for c in touched if c.status is _OUT]
    expected = {c.id for c in others}
    seen: set[str] = set()
    mine: list[TestRoll] = []
    for test in given:
        who = rolls.car(test)
        if who == mover_id:
            mine.append(test)
            continue
        if mine:
            rolls.violation(
                TestKind.COLLISION,
                who,
                msg(Code.TEST_COLLISION_AFTER_CAUSER, car=who, mover=mover_id),
            )
        if who not in expected:
            rolls.violation(
                TestKind.COLLISION, who, msg(Code.TEST_CAR_NOT_RISK_COLLISION, car=who, mover=mover_id)
            )
            continue
        if who in seen:
            rolls.violation(TestKind.COLLISION, who, msg(Code.TEST_COLLISION_TWICE, car=who))
            continue
        seen.add(who)
        if rolls.check_roll(test) and test.roll <= collision_limit(rain, False):
            state = lose(
                state,
                who,
                "body",
                1,
                turn,
                events,
                msg(_LOST_COLLISION_WITH_MOVER, mover=mover_id, roll=test.roll),
            )
    for c in others:
        if c.id not in seen:
            rolls.violation(
                TestKind.COLLISION,
                c.id,
                msg(Code.TEST_COLLISION_MISSING, car=c.id, mover=mover_id),
            )
    knocked_out = [c for c in others if state.car(c.id).status is _OUT]
    if knocked_out:
        names = ", ".join(c.id for c in knocked_out)
        state = lose(
            state,
            mover_id,
            "body",
            len(knocked_out),
            turn,
            events,
            msg(Code.LOST_ELIMINATED_CAR_COLLISION, names=names),
        )
    targets = [c for c in others if c not in knocked_out] + obstacles
    if state.car(mover_id).status is _OUT:
        targets = []
    for k, target in enumerate(targets):
        if k >= len(mine):
            rolls.violation(
                TestKind.COLLISION,
                mover_id,
                msg(Code.TEST_COLLISION_MISSING_CAUSER, mover=mover_id, target=target.id),
            )
            continue
        test = mine[k]
        if state.car(mover_id).status is _OUT:
            break
        aggravated = target.status is _OUT and target.cause is not None and target.cause.aggravates_collisions
        if rolls.check_roll(test) and test.roll <= collision_limit(rain, aggravated):
            state = lose(
                state,
                mover_id,
                "body",
                1,
                turn,
                events,
                msg(_LOST_COLLISION_WITH_TARGET, target=target.id, roll=test.roll),
            )
    for test in mine[len(targets) :]:
        rolls.violation(
            TestKind.COLLISION,
            mover_id,
            msg(Code.TEST_COLLISION_NO_TARGET, mover=mover_id, roll=test.roll),
        )
    return state


def engine_tests(
    state: RaceState,
    track: Track,
    mover_id: str,
    pushed: bool,
    rolls: Rolls,
    turn: int,
    events: Journal,
    *,
    mover_tests: int | None = None,
    mover_limit: int | None = None,
) -> RaceState:
    """D4: after a 20 in 5th or 30 in 6th, the mover and every car in 5th–7th roll (any order).
    `mover_tests`/`mover_limit`: tests the mover rolls anyway and what loses on them (A13, A15)."""
    given = rolls.take(TestKind.ENGINE)
    if not (pushed or mover_tests or given):
        return state  # no engine test called for, none rolled
    due: dict[str, int] = {}
    if pushed:
        for c in state.cars:
            if c.status is _OUT or c.square is None or track.is_pit(c.square):
                continue
            if c.id == mover_id or c.gear >= 5:
                due[c.id] = 1
    if mover_tests:
        due[mover_id] = max(mover_tests, due.get(mover_id, 0))
    seen: dict[str, int] = {}
    limit = engine_limit(state.weather.is_rain)
    for test in given:
        who = rolls.car(test)
        if who not in due:
            why = msg(Code.TEST_NO_PUSH_ROLLED) if not pushed else msg(Code.TEST_CAR_NOT_IN_5TH_6TH, car=who)
            rolls.violation(TestKind.ENGINE, who, msg(Code.TEST_ENGINE_TEST_CAR_NOT, car=who, why=why))
            continue
        if seen.get(who, 0) >= due[who]:
            rolls.violation(TestKind.ENGINE, who, msg(Code.TEST_CAR_ROLLED_ENGINE_TEST, car=who))
            continue
        seen[who] = seen.get(who, 0) + 1
        lost_on = mover_limit if (who == mover_id and mover_limit) else limit
        if rolls.check_roll(test) and test.roll <= lost_on:
            state = lose(
                state,
                who,
                "engine",
                1,
                turn,
                events,
                msg(_LOST_ENGINE_TEST_AFTER_CAR, mover=mover_id, roll=test.roll),
            )
    for who in sorted(due):
        if seen.get(who, 0) < due[who]:
            rolls.violation(
                TestKind.ENGINE,
                who,
                msg(Code.TEST_ENGINE_MISSING, car=who, mover=mover_id),
            )
    return state
