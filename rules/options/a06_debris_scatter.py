"""A6 — debris scatter ("Eparpillement de taches"): each body or engine point lost on a d20
(collision, engine test) or by blocking calls for a `scatter` d20: 1–9 the usual dangerous square
under the car; 10–15 one more beside it, right if even, left if odd; 16–20 both sides. A square
holding a car gets no debris. [decision] The scatter rolls come after the move's other tests, one
per damage, in the order the damage happened."""

from __future__ import annotations

from rules.dice import TestKind
from rules.messages import Code, Kind, msg
from rules.messages.marks import gettext_noop, pgettext
from rules.options.spec import Hooks, OptionSpec
from rules.verdict import Event

KINDS = (Kind.BODY_LOST, Kind.ENGINE_LOST)
# the losses a scatter roll follows: a test rolled (collision, engine) or a car blocked against
INCIDENTS = frozenset(
    {
        Code.LOST_COLLISION_WITH_MOVER,
        Code.LOST_COLLISION_WITH_TARGET,
        Code.LOST_DANGEROUS_SQUARE_ROLLED,
        Code.LOST_ENGINE_TEST_AFTER_CAR,
        Code.LOST_CAR_WAS_BLOCKED_AGAINST,
    }
)


def _incidents(out, first_event):
    for ev in out[first_event:]:
        if isinstance(ev, Event) and ev.kind in KINDS and dict(ev.params)["why"][0] in INCIDENTS:
            yield ev


def side(track, square, step):
    """The square beside `square` in the lane to its right (step 1) or left (−1)."""
    lanes = track.lane_map
    lane = lanes[square] + step
    if not 0 <= lane <= 2:
        return None
    level = track.level_map
    lv = level[square]
    # the nearest square in that lane; two as near (one behind, one ahead): the one behind
    # [decision], so that the choice never hangs on a set's order
    # (in a corner the lanes have more or fewer squares: none may lie within half a level)
    near = {sq for sq in track.beside(square) if lanes[sq] == lane}
    seg = track.segment_of(square)
    if seg is not None:
        near.update(seg.square(lane, i) for i in range(1, seg.cells[lane] + 1))
    return min(near, key=lambda sq: (abs(level[sq] - lv), level[sq]), default=None)


def scatter(game, state, car_id, rolls, out, first_event):
    incidents = list(_incidents(out, first_event))
    if not incidents:
        return state
    given = rolls.take(TestKind.SCATTER)
    occupied = state.occupied()
    dangerous = set(state.dangerous)
    for k, ev in enumerate(incidents):
        if k >= len(given):
            rolls.violation(TestKind.SCATTER, ev.car, msg(Code.TEST_NO_SCATTER_ROLL_DAMAGE, car=ev.car))
            continue
        test = given[k]
        car = state.car(ev.car)
        if not rolls.check_roll(test) or car.square is None or test.roll < 10:
            continue
        steps = (1 if test.roll % 2 == 0 else -1,) if test.roll <= 15 else (1, -1)
        for step in steps:
            sq = side(game.track, car.square, step)
            if sq is not None and sq not in occupied:
                dangerous.add(sq)
                out.event(
                    state.turn,
                    ev.car,
                    Kind.DEBRIS,
                    Code.DEBRIS_SCATTERED,
                    sq=sq,
                    roll=test.roll,
                )
    for test in given[len(incidents) :]:
        rolls.violation(
            TestKind.SCATTER, rolls.car(test), msg(Code.TEST_SCATTER_ROLL_NO_DAMAGE, roll=test.roll)
        )
    return state.with_(dangerous=frozenset(dangerous))


def late_tests(game, state, car_id, plan, rolls, out, first_event):
    """The damage this move's tests did, if any, scatters."""
    if len(out) > first_event:
        return scatter(game, state, car_id, rolls, out, first_event)
    return state


OPTION = OptionSpec(
    id="A6",
    name=pgettext("rule option", "debris scatter"),
    summary=gettext_noop("Each body or engine point lost on a die can scatter debris beside the car."),
    hooks=Hooks(late_tests=late_tests),
    fields=("tests.scatter",),
)
