"""The season's rules as people read them: each option's name and what it changes, in their language.

The option ids and their English names are the engine's (`rules.ruleset.OPTIONS`); the site only
adds the translated name and a one-line description.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from league.models import Season
from rules.ruleset import OPTIONS

# The engine's names, marked for translation (makemessages reads them here).
NAMES: dict[str, Promise] = {
    "A1": pgettext_lazy("rule option", "wing low"),
    "A2": pgettext_lazy("rule option", "wing high"),
    "A3": pgettext_lazy("rule option", "pit rules"),
    "A4": pgettext_lazy("rule option", "engine failure inertia"),
    "A5": pgettext_lazy("rule option", "red flag and spare car"),
    "A6": pgettext_lazy("rule option", "debris scatter"),
    "A7": pgettext_lazy("rule option", "experience"),
    "A8": pgettext_lazy("rule option", "slide by gear"),
    "A9": pgettext_lazy("rule option", "alternative weather timing"),
    "A10": pgettext_lazy("rule option", "pedal to the metal"),
    "A11": pgettext_lazy("rule option", "structure points"),
    "A12": pgettext_lazy("rule option", "refuelling"),
    "A13": pgettext_lazy("rule option", "7th gear"),
    "A14": pgettext_lazy("rule option", "road exit"),
    "A15": pgettext_lazy("rule option", "supercharging"),
    "A16": pgettext_lazy("rule option", "Super Top"),
    "A17": pgettext_lazy("rule option", "road holding in 1st"),
    "A18": pgettext_lazy("rule option", "severe spin"),
    "A19": pgettext_lazy("rule option", "Top"),
}
DESCRIPTIONS: dict[str, Promise] = {
    "A1": _("A low wing: one more mandatory square in 4th–7th, one more tyre point per corner-exit square."),
    "A2": _("A high wing: one square less allowed in a corner; the straight-line dice are capped."),
    "A3": _("A car stops exactly on its stand: it brakes to do so."),
    "A4": _("A broken engine in 5th or higher makes one last move in 4th before it stops."),
    "A5": _(
        "A red flag stops the race and sends the cars back to the grid; a driver out early takes the spare car."
    ),
    "A6": _("Each body or engine point lost on a die can scatter debris beside the car."),
    "A7": _("Drivers and teams earn experience points and spend them on dice, wear and pit stops."),
    "A8": _("Dry tyres slide less in 1st and 2nd gear."),
    "A9": _("The weather roll is made at the end of the game turn and applies to every car at once."),
    "A10": _("One more square for an engine point, and a die for debris."),
    "A11": _("A car is built with 22 structure points; what is not spent becomes pit keys for repairs."),
    "A12": _(
        "A car starts with 1, 2 or 3 thirds of fuel and refuels in the pits; a light tank gives tyre points."
    ),
    "A13": _("A 7th gear: the 5th and 6th gear dice together, with an engine test after each throw."),
    "A14": _("A road exit can become a serious accident that involves the cars nearby."),
    "A15": _(
        "Announced before the roll in 4th–7th: extra squares on a high roll, and always an engine test."
    ),
    "A16": _("Once per race the driver chooses the number instead of rolling."),
    "A17": _("Dangerous squares cost nothing in 1st gear."),
    "A18": _("Every spin calls for a die: the car may stall for a turn, or the driver may catch it."),
    "A19": _("One square more or less on a move, once per lap."),
}
TIE_BREAKS = _("Points, then most wins, then most 2nd places, and so on; then by name.")


@dataclass(frozen=True)
class OptionLine:
    id: str
    name: Promise
    description: Promise
    on: bool


def option_lines(options: list[str] | None = None) -> list[OptionLine]:
    """All 19 options in the engine's order, each with its name, description and whether it is on."""
    chosen = set(options or [])
    return [OptionLine(o, NAMES[o], DESCRIPTIONS[o], o in chosen) for o in OPTIONS]


def option_label(option: str) -> str:
    return f"{option} — {NAMES[option]}"


@dataclass(frozen=True)
class RulesSummary:
    options: list[OptionLine]
    laps: int
    points: list[int]
    best_results: int | None
    cars_per_team: int
    protest_window_hours: int
    tie_breaks: Promise


def season_rules_summary(season: Season) -> RulesSummary:
    return RulesSummary(
        options=[line for line in option_lines(season.options) if line.on],
        laps=season.laps_per_race,
        points=list(season.points_table),
        best_results=season.best_results,
        cars_per_team=season.max_cars_per_team,
        protest_window_hours=season.protest_window_hours,
        tie_breaks=TIE_BREAKS,
    )
