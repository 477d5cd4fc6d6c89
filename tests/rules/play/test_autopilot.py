"""The autopilot of remote races (`rules/autopilot.py`): whole races played by it at a `Table` on
the site's dice, the d20 tests rolled afterwards one at a time; its use of the dice; the gear a
driver sets in advance; the A5 restart and spare car."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules import fair_dice
from rules.autopilot import NotAFace, autopilot_move, autopilot_restart, autopilot_spare
from rules.formats import Move, read_race_log
from rules.gearbox import FACES
from rules.messages import RedFlag
from rules.pits import in_pit
from rules.play import Table, gears, play, restart, tests_due
from rules.replay import replay
from rules.ruleset import RuleSet
from rules.state import CarStatus, Cause
from rules.track import Track
from rules.verdict import Violation
from tests.rules.conftest import placed
from tests.rules.logs import car, race
from tests.rules.play.conftest import circuit, header

BUILDS = (
    {"tyres": 4, "brakes": 3, "gearbox": 3, "body": 3, "engine": 3, "handling": 4},
    {"tyres": 5, "brakes": 3, "gearbox": 3, "body": 3, "engine": 3, "handling": 3},
    {"tyres": 4, "brakes": 4, "gearbox": 2, "body": 3, "engine": 3, "handling": 4},
)


class SiteDice:
    """The site's dice, as `remote` rolls them: fair dice from a fixed key, one step per move,
    `counter` the earlier rolls of the same die in the step. `calls` holds the step's rolls."""

    def __init__(self, seed: int) -> None:
        self.key = fair_dice.key(seed.to_bytes(32, "big"))
        self.step = 0
        self.calls: list[tuple[str, int]] = []

    def next_step(self) -> None:
        self.step += 1
        self.calls = []

    def __call__(self, die: str) -> int:
        counter = sum(1 for d, _ in self.calls if d == die)
        value = fair_dice.roll(self.key, "autopilot", self.step, die, counter)
        self.calls.append((die, value))
        return value


def start(track: Track, cars: int, laps: int, options=("A7",), weather: int = 14) -> Table:
    stands = track.pit.stand_squares if track.pit is not None else ()
    entries = [
        car(
            str(i + 1),
            i + 1,
            wear=BUILDS[i % len(BUILDS)],
            **({"stand": stands[i % len(stands)]} if stands else {}),
        )
        for i in range(cars)
    ]
    doc = race(entries, [], circuit=track.id, laps=laps, options=list(options), weather=weather)
    del doc["turns"]
    table = Table.start(doc, track, RuleSet.from_options(options))
    assert not table.problems, table.problems
    return table


def with_tests(table: Table, move: Move, d20: random.Random) -> Move:
    """The move with the d20 tests due rolled one at a time, as the site rolls them."""
    assert move.tests == ()
    for _ in range(64):
        due = tests_due(table, move)
        if not due:
            return move
        move = replace(move, tests=(*move.tests, due[0].roll(d20.randint(1, 20), move.car)))
    raise AssertionError(f"more than 64 tests due for {move}")


def step(table: Table, move: Move, d20: random.Random) -> Table:
    after, events = play(table, with_tests(table, move, d20))
    refused = [str(e) for e in events if isinstance(e, Violation)]
    assert after is not table and not refused, (table.to_play, move.to_json(), refused)
    return after


def check_dice(table: Table, move: Move, calls: list[tuple[str, int]]) -> None:
    """The dice the autopilot rolled for one move: gear dice only, the move's the last; more than
    one only out of the pit lane (4th, then lower, as the bot tries them)."""
    where = (table.to_play, move.to_json(), calls)
    if move.wait is not None:
        assert calls == [], where
        return
    assert calls and calls[-1] == (str(move.gear), move.roll), where
    assert all(die in ("1", "2", "3", "4", "5", "6") for die, _ in calls), where
    assert all(value in FACES[int(die)] for die, value in calls), where
    mover = table.state.car(move.car)
    if len(calls) > 1:
        assert in_pit(table.game.track, mover.square) or move.option and "spare" in move.option, where
        assert [int(d) for d, _ in calls] == sorted((int(d) for d, _ in calls), reverse=True), where


def run(table: Table, seed: int, *, advance: bool = False, max_moves: int = 2000) -> tuple[Table, dict]:
    """The race played by the autopilot to its end; `advance`: every driver asks for one gear up
    ("6th if I can") and the autopilot picks when that gear is refused. Returns the table and counts."""
    dice = SiteDice(seed)
    d20 = random.Random(seed)
    seen = {"moves": 0, "waits": 0, "restarts": 0, "spares": 0, "multi": 0, "advance": 0}
    while not table.over:
        assert seen["moves"] < max_moves, "the race does not end"
        to = table.to_play
        assert to is not None
        if table.closed is not None:
            for cid in table.game.entries:
                dice.next_step()
                spare = autopilot_spare(table, cid, dice)
                if spare is not None:
                    assert spare.option and "spare" in spare.option and spare.gear <= 4
                    table = step(table, spare, d20)
                    seen["spares"] += 1
        if table.over:
            break
        if table.to_play.restart_due:
            table, events = restart(table, autopilot_restart(table))
            assert not any(isinstance(e, Violation) for e in events), events
            seen["restarts"] += 1
            continue
        dice.next_step()
        move = None
        if advance:
            want = table.state.car(table.to_play.car).gear + 1
            move = autopilot_move(table, dice, gear=want, seed=seed)
            if move is not None and move.wait is None:
                assert move.gear == want
                seen["advance"] += 1
            else:
                assert move is not None or dice.calls == []
        if move is None:
            move = autopilot_move(table, dice, seed=seed)
        assert move is not None and move.car == table.to_play.car and move.where == "autopilot"
        check_dice(table, move, dice.calls)
        seen["waits"] += move.wait is not None
        seen["multi"] += len(dice.calls) > 1
        table = step(table, move, d20)
        seen["moves"] += 1
    return table, seen


def assert_replays(table: Table) -> None:
    log = table.log()
    verdict = replay(read_race_log(log), table.game.track, table.game.rules)
    assert verdict.valid, [str(v) for v in verdict.violations[:3]]
    assert verdict.to_json() == table.verdict().to_json()
    assert log["result"] == [p.car for p in verdict.classification if p.status == "finished"]


@pytest.mark.parametrize(
    ("name", "cars", "laps", "seed", "options"),
    [
        ("ovale", 3, 2, 1, ("A7",)),
        ("ovale", 6, 2, 2, ("A7",)),
        ("ovale", 5, 3, 3, ("A5", "A7", "A18")),
        ("monaco", 4, 2, 4, ("A7",)),
        ("monaco", 10, 2, 5, ("A5", "A7")),
    ],
)
def test_the_autopilot_plays_whole_races_that_replay_as_valid(name, cars, laps, seed, options):
    table, seen = run(start(circuit(name), cars, laps, options), seed)
    assert table.over and seen["moves"] >= cars * laps * 2
    assert_replays(table)


def pit_table() -> Table:
    """On the oval (S3-c2 entry, PIT-1 … PIT-6, S1-c3 exit): car 1 in 3rd three squares from its
    stand PIT-2, two tyre points lost: the bot makes a long stop (S3) when the roll lets it."""
    oval = circuit("ovale")
    cars = [car("1", 1, stand="PIT-2"), car("2", 2, stand="PIT-5")]
    table = Table.start(header(cars), oval, RuleSet.from_options(("A7",)))
    _, state = placed(oval, {"1": "S3-c1", "2": "S2-a1"}, gears={"1": 3})
    worn = state.car("1")
    return table.with_state(state.with_car(worn.with_(wear=worn.wear._replace(tyres=2))))


def test_the_autopilot_stops_in_its_stand_and_leaves_it_in_4th_at_most():
    table = pit_table()
    dice = SiteDice(0)
    move = autopilot_move(table, dice)
    assert dice.calls == [("2", 3)]
    assert move == Move("1", "autopilot", 2, 3, ("S3-c2", "PIT-1", "PIT-2"), pit={"stop": "long"})
    table = step(table, move, random.Random(1))
    table = step(table, autopilot_move(table, SiteDice(1)), random.Random(1))  # car 2
    assert table.to_play.car == "1" and table.state.car("1").ext.in_stand
    dice = SiteDice(2)
    assert autopilot_move(table, dice, gear=5) is None and dice.calls == []  # S3: 4th at most
    move = autopilot_move(table, dice, gear=3)
    assert move is not None and move.gear == 3 and dice.calls == [("3", move.roll)]
    move = autopilot_move(table, dice)
    assert move is not None and move.gear <= 4 and move.path[0] == "PIT-3"
    check_dice(table, move, dice.calls[1:])
    step(table, move, random.Random(1))


def test_a_roll_that_misses_the_stand_is_played_on_the_track_not_rolled_again():
    """The bot would roll again for its move on the track; the autopilot rolls once a move."""
    table = pit_table()
    lowest = _Scripted(0, face=0)  # 2nd gear's 2: one square short of the stand, no tyre bonus
    move = autopilot_move(table, lowest)
    assert lowest.calls == ["2"]
    assert move is not None and (move.gear, move.roll, move.pit) == (2, 2, None)
    step(table, move, random.Random(1))


def test_every_move_is_one_die_of_its_gear_away_from_the_pits():
    """On the track the autopilot rolls one die, its gear's, and plays the number rolled."""
    table, seen = run(start(circuit("monaco"), 6, 1), 11)
    assert seen["multi"] < seen["moves"] / 5
    scripted = _Scripted(6)
    table = start(circuit("ovale"), 2, 1)
    move = autopilot_move(table, scripted)  # the first move: in 1st (G4)
    assert move is not None and move.gear == 1 and move.roll == 2
    assert scripted.calls == ["1"] and move.tests == ()
    assert len(move.path or ()) + move.bonus - move.brake == 2


def test_the_same_dice_give_the_same_move():
    table = start(circuit("monaco"), 4, 1)
    table, _ = run_moves(table, 9, 6)
    a = autopilot_move(table, SiteDice(3), seed=1)
    b = autopilot_move(table, SiteDice(3), seed=2)  # other throwaway d20s: the same choice
    assert a is not None and a == b


def test_a_roll_that_is_no_face_of_the_die_is_refused():
    table = start(circuit("ovale"), 2, 1)
    with pytest.raises(NotAFace, match="die 1 gave 3"):
        autopilot_move(table, lambda die: 3)


# -- the gear set in advance ----------------------------------------------------------------
def test_a_gear_set_in_advance_is_played_iff_the_table_offers_it():
    """Along a race, every gear from 1st to 7th asked: played in that gear with a legal move when
    `gears` offers it, else None with no die rolled."""
    table = start(circuit("ovale"), 3, 1)
    dice = SiteDice(21)
    d20 = random.Random(21)
    played = refused = 0
    for _ in range(14):
        offered = gears(table)
        for gear in range(1, 8):
            dice.next_step()
            move = autopilot_move(table, dice, gear=gear)
            if offered.get(gear) is None or gear == 7:
                assert move is None and dice.calls == [], (gear, offered)
                refused += 1
                continue
            assert move is not None and move.gear == gear, (gear, offered, move)
            check_dice(table, move, dice.calls)
            after, events = play(table, with_tests(table, move, d20))
            assert after is not table, [str(e) for e in events]
            played += 1
        dice.next_step()
        table = step(table, autopilot_move(table, dice), d20)
    assert played >= 14 and refused >= 14 * 4


def test_from_first_gear_on_a_straight_sixth_is_refused_and_second_played():
    table = start(circuit("ovale"), 2, 1)
    dice = SiteDice(5)
    table = step(table, autopilot_move(table, dice), random.Random(1))
    assert table.to_play.car == "2"
    table = step(table, autopilot_move(table, dice), random.Random(1))
    assert table.state.car("1").gear == 1
    dice.next_step()
    assert autopilot_move(table, dice, gear=6) is None and autopilot_move(table, dice, gear=3) is None
    assert dice.calls == []
    move = autopilot_move(table, dice, gear=2)
    assert move is not None and (move.car, move.gear) == ("1", 2) and dice.calls[-1][0] == "2"


def test_drivers_asking_one_gear_up_every_move_finish_their_race():
    table, seen = run(start(circuit("monaco"), 4, 1), 13, advance=True)
    assert seen["advance"] > seen["moves"] / 4
    assert_replays(table)


# -- A5 and A18 ---------------------------------------------------------------------------
def test_a_stalled_car_waits_and_rolls_nothing():
    table = start(circuit("ovale"), 2, 1, options=("A7", "A18"))
    stalled = table.state.car("1").with_(ext=replace(table.state.car("1").ext, stalled=True))
    table = table.with_state(table.state.with_car(stalled))
    assert table.to_play.wait == "stalled"
    dice = SiteDice(1)
    move = autopilot_move(table, dice, gear=1)
    assert move == Move("1", "autopilot", wait="stalled") and dice.calls == []
    step(table, move, random.Random(1))


def test_the_restart_after_a_red_flag_is_the_bots():
    """A5: after a red flag the cars on worn tyres (two points lost) change them; the race goes on."""
    table = start(circuit("ovale"), 3, 2, options=("A5", "A7"))
    with pytest.raises(ValueError, match="no restart"):
        autopilot_restart(table)
    table, _ = run_moves(table, 17, 6)
    state = table.state
    worn = state.car("2").with_(wear=state.car("2").wear._replace(tyres=BUILDS[1]["tyres"] - 2))
    flag = (RedFlag.DANGEROUS, state.turn - 1, ("1", "2", "3"), 1)
    table = table.with_state(state.with_car(worn).with_(restart_due=flag))
    assert table.to_play.restart_due

    given = autopilot_restart(table)
    assert given == {"pits": [{"car": "2", "tyres": "hard"}]}
    after, events = restart(table, given)
    assert after is not table and not any(isinstance(e, Violation) for e in events), events
    assert after.state.car("2").wear.tyres == BUILDS[1]["tyres"]
    finished, _ = run(after, 17)
    assert finished.over


def test_a_driver_out_in_an_earlier_turn_takes_his_spare_car():
    """As the bot does it (tests/rules/test_bot.py): a car put out by hand in turn 2 takes the
    spare car at the end of turn 3, the turn's last move."""
    table = start(circuit("ovale"), 3, 2, options=("A5", "A7"))
    table, _ = run_moves(table, 31, 9)  # three turns
    assert table.closed is not None and table.closed[0].number == 3
    turn, state = table.closed
    out = state.car("2").with_(status=CarStatus.OUT, cause=Cause.CORNER, out_turn=2, square=None)
    table = replace(table, closed=(turn, state.with_car(out)))
    dice = SiteDice(2)
    assert autopilot_spare(table, "1", dice) is None and dice.calls == []
    move = autopilot_spare(table, "2", dice)
    assert move is not None and move.gear <= 4 and sum(move.option["spare"].values()) == 2
    assert dice.calls and dice.calls[-1] == (str(move.gear), move.roll)
    after = step(table, move, random.Random(2))
    spare = after.state.car("2")
    assert spare.status is CarStatus.RACING and spare.ext.spare
    assert after.done[-1].moves[-1].car == "2"


# -- helpers ------------------------------------------------------------------------------
class _Scripted:
    """A die that always shows the same face (its index in `FACES`), counting the dice asked for."""

    def __init__(self, _seed: int, face: int = 2) -> None:
        self.face = face
        self.calls: list[str] = []

    def __call__(self, die: str) -> int:
        self.calls.append(die)
        return FACES[int(die)][self.face]


def run_moves(table: Table, seed: int, n: int) -> tuple[Table, int]:
    dice = SiteDice(seed)
    d20 = random.Random(seed)
    for _ in range(n):
        dice.next_step()
        move = autopilot_move(table, dice, seed=seed)
        assert move is not None
        table = step(table, move, d20)
    return table, n
