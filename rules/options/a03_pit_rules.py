"""A3 — pit rules ("Règles des stands"): the pit lane's speed limit — into the lane in 4th at
most (5th costs a brake point, 6th and 7th are forbidden), 3rd at least unless the car could not
engage it, and 4th at most down the lane — and a stop exactly on the car's own stand. The pit
lane and its stops are the championship rules' (S2, S3, `rules/pits.py`, which plays the exact
stop); this module holds the speed limit and the exact stop, and hooks them into a move."""

from __future__ import annotations

from rules.messages import Code
from rules.messages.marks import gettext_noop, pgettext
from rules.options.spec import Hooks, OptionSpec

LANE_GEAR = 4  # « 4ème maximum » down the lane


def pit_lane(game, state, car, move, plan, walk, out) -> None:
    """The gear a move into the pit lane, or down it, is made in."""
    lane_of = game.track.lane_map
    if walk.enters_pit and lane_of[car.square] >= 0:
        plan.pit_brake = check_pit_gear(car, move.gear, True, out, state.turn)
    elif lane_of[car.square] < 0 and move.gear > LANE_GEAR and not plan.free_gear:
        out.violation(state.turn, car.id, "A3", Code.A3_DRIVES_PIT_LANE_GEAR, gear=move.gear)


def check_pit_gear(car, gear: int, enters: bool, out, turn: int) -> int:
    """The speed limit into the pit lane: 4th at most (5th costs a brake point), 3rd at least
    unless the car could not engage it. Returns brake points to pay."""
    if gear >= 6:
        out.violation(turn, car.id, "A3", Code.A3_ENTERS_PIT_LANE_GEAR, gear=gear)
        return 0
    if gear == 5:
        if car.wear.brakes < 1:
            out.violation(turn, car.id, "A3", Code.A3_ENTERS_PIT_LANE_5TH)
            return 0
        return 1
    if enters and gear < 3 and not car.spun and car.gear >= 2 and not car.ext.in_stand:
        out.violation(turn, car.id, "A3", Code.A3_ENTERS_PIT_LANE_BELOW_3RD, gear=gear)
    return 0


def stand(game, state, car, move, to_stand, total, out) -> None:
    """A stop exactly on the car's own stand: no square of the move left over."""
    if to_stand < total:
        out.violation(
            state.turn,
            car.id,
            "A3",
            Code.A3_REACHES_STAND_AFTER_SQUARES,
            stand=game.entries[car.id].stand,
            to_stand=to_stand,
            total=total,
        )


OPTION = OptionSpec(
    id="A3",
    name=pgettext("rule option", "pit rules"),
    summary=gettext_noop("A car stops exactly on its stand: it brakes to do so."),
    hooks=Hooks(pit_lane=pit_lane, stand=stand),
)
