"""A9 — alternative weather timing ("Météo alternative"): the weather roll a 20 in 5th or 30 in
6th calls for is made once the last car of that game turn has moved, and applies from the next
turn, to every car at once. [decision] The roll is logged in the tests of the move that caused it
(the first such move of the turn); later pushes in the same turn call for no other weather roll."""

from __future__ import annotations

from rules.dice import TestKind
from rules.journal import Journal
from rules.messages import Code, Kind
from rules.messages.marks import gettext_noop, pgettext
from rules.options.spec import Hooks, OptionSpec

DUE = "weather"


def roll(game, state, car_id, rolls, out):
    if any(d[0] == DUE for d in state.due):
        return state  # this turn's roll is already made
    test = rolls.one(
        TestKind.WEATHER,
        car_id,
        missing=Code.TEST_NO_WEATHER_ROLL_AFTER,
        second=Code.TEST_SECOND_WEATHER_ROLL_ONE,
    )
    if test is None or not rolls.check_roll(test):
        return state
    return state.with_(due=(*state.due, (DUE, test.roll, car_id)))


def end_turn(game, state):
    """Apply the turn's weather roll (called at the end of the game turn)."""
    events = Journal()
    for item in state.due:
        if item[0] == DUE:
            weather = state.weather.after_roll(game.track.weather.kind_for(item[1]))
            state = state.with_(weather=weather)
            events.event(
                state.turn,
                item[2],
                Kind.WEATHER,
                Code.WEATHER_ROLL_A9,
                roll=item[1],
                weather=weather.label(),
            )
    return state.with_(due=()), events


def at_turn_end(game, state):
    """The turn's weather roll, if a push called for one."""
    if not state.due:
        return state, []
    return end_turn(game, state)


OPTION = OptionSpec(
    id="A9",
    name=pgettext("rule option", "alternative weather timing"),
    summary=gettext_noop(
        "The weather roll is made at the end of the game turn and applies to every car at once."
    ),
    hooks=Hooks(weather=roll, end_turn=at_turn_end),
)
