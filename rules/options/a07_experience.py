"""A7 — experience ("Expérience"): the X rules, switched on. Most of it is read where the rule is
played, through `RuleSet.experience`: the finishing points and balances (X1, `rules/scoring.py`),
a driver's point on the die (X2, `rules/move/gear.py`), a team's point (X3, `rules/team_xp.py`).
This module plays the grid points: « Pole Position = 0,3 point. Deuxième place sur la grille de
départ = 0,1 point. […] Les points ainsi acquis sont effectifs immédiatement »."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.log import DRIVER_XP, TEAM_XP
from rules.messages.marks import gettext_noop, pgettext
from rules.options.spec import Control, ControlKind, Hooks, OptionSpec, Season

if TYPE_CHECKING:
    from rules.log import CarEntry
    from rules.state import CarState
    from rules.weather import Weather


def grid_points(rules: Season, entry: CarEntry) -> int:
    """X1 driver points for the grid slot (pole, 2nd), in tenths."""
    table = rules.driver_grid_xp
    return table[entry.grid - 1] if entry.grid <= len(table) else 0


def grid(rules: Season, entry: CarEntry, car: CarState, weather: Weather) -> CarState:
    """On the grid: the slot's points count at once (they can be spent on the first move)."""
    points = grid_points(rules, entry)
    return car.with_(driver_xp=car.driver_xp + points) if points else car


OPTION = OptionSpec(
    id="A7",
    name=pgettext("rule option", "experience"),
    summary=gettext_noop(
        "Drivers and teams earn experience points and spend them on dice, wear and pit stops."
    ),
    controls=(
        Control(
            "xp.driver", ControlKind.CHOICE, gettext_noop("Experience: the driver's point"), choices=DRIVER_XP
        ),
        Control("xp.team", ControlKind.CHOICE, gettext_noop("Experience: the team's point"), choices=TEAM_XP),
    ),
    hooks=Hooks(grid=grid),
    fields=("cars.experience", "xp.driver", "xp.team"),
)
