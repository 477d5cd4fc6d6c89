"""A3 — pit rules ("Règles des stands"): the pit lane's speed limit — into the lane in 4th at
most (5th costs a brake point, 6th and 7th are forbidden), 3rd at least unless the car could not
engage it, and 4th at most down the lane — and a stop exactly on the car's own stand. The pit
lane and its stops are the championship rules' (S2, S3, `rules/pits.py`, which plays the exact
stop and the gear check `check_pit_gear`); this module hooks the speed limit into a move."""

from __future__ import annotations

import rules.pits as pits
from rules.messages import Code
from rules.options.spec import Hooks, OptionSpec

LANE_GEAR = 4  # « 4ème maximum » down the lane


def pit_lane(game, state, car, move, plan, walk, out) -> None:
    """The gear a move into the pit lane, or down it, is made in."""
    lane_of = game.track.lane_map
    if walk.enters_pit and lane_of[car.square] >= 0:
        plan.pit_brake = pits.check_pit_gear(game, car, move.gear, True, out, state.turn)
    elif lane_of[car.square] < 0 and move.gear > LANE_GEAR and not plan.free_gear:
        out.violation(state.turn, car.id, "A3", Code.A3_DRIVES_PIT_LANE_GEAR, gear=move.gear)


OPTION = OptionSpec(id="A3", name="pit rules", hooks=Hooks(pit_lane=pit_lane))
