"""A15 — supercharging ("Sur-alimentation"): announced before the roll (`option:
{"supercharge": true}`), in 4th–7th only, never into or out of the pits. A roll in the top half
(>9, >15, >25, >41) adds a mandatory 2, 3, 4, 5 squares. Either way the car tests its engine:
1–4 loses a point, whatever the weather; with a 20 in 5th or 30 in 6th that one test loses on
1–6 (the other cars in 5th–7th test as usual)."""

from __future__ import annotations

from rules.gearbox import RANGES, pushes_engine
from rules.messages import Code
from rules.messages.marks import gettext_noop, pgettext
from rules.options.spec import Control, ControlKind, Hooks, OptionSpec

# the top half of the gear's die: above its middle (>9, >15, >25, >41)
THRESHOLD = {gear: (RANGES[gear][0] + RANGES[gear][1]) // 2 for gear in (4, 5, 6, 7)}
BONUS = {4: 2, 5: 3, 6: 4, 7: 5}
LIMIT = 4
LIMIT_PUSHED = 6


def prepare(game, state, car, move, plan, out) -> None:
    gear = move.gear
    if gear not in THRESHOLD:
        out.violation(state.turn, car.id, "A15", Code.A15_SUPERCHARGING_GEAR_4TH_7TH, gear=gear)
        return
    if plan.roll > THRESHOLD[gear]:
        plan.add += BONUS[gear]
    plan.mover_engine = max(plan.mover_engine, 1)
    pushed = plan.pushed if plan.pushed is not None else pushes_engine(gear, plan.roll)
    plan.mover_limit = LIMIT_PUSHED if pushed else LIMIT


def act(game, state, car, move, plan, out):
    prepare(game, state, car, move, plan, out)
    return state


def pit_lane(game, state, car, move, plan, walk, out) -> None:
    if plan.options.get("supercharge"):
        out.violation(state.turn, car.id, "A15", Code.A15_SUPERCHARGING_FORBIDDEN_GOING_INTO)


OPTION = OptionSpec(
    id="A15",
    name=pgettext("rule option", "supercharging"),
    summary=gettext_noop(
        "Announced before the roll in 4th–7th: extra squares on a high roll, and always an engine test."
    ),
    controls=(
        Control("option.supercharge", ControlKind.TOGGLE, gettext_noop("Supercharge (an engine test)")),
    ),
    hooks=Hooks(act=act, pit_lane=pit_lane),
    fields=("option.supercharge",),
)
