"""The season's rules as people read them: each option's name and what it changes, in their language.

Everything about an option is the engine's (`rules.options.registry.catalogue()`: its id, name,
summary, rulebook key and race-night controls, in English); the site only translates the words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from league.models import Season
from rules.options.registry import catalogue
from rules.options.spec import Control, OptionSpec


def option_name(spec: OptionSpec) -> str:
    """An option's name in the reader's language (the engine marks it pgettext("rule option", …))."""
    return pgettext("rule option", spec.name)


def option_summary(spec: OptionSpec) -> str:
    """What an option changes, in one sentence in the reader's language."""
    return gettext(spec.summary)


def control_json(control: Control) -> dict[str, Any]:
    """A race-night control of an option, as the API and the page give it, its label in the
    reader's language."""
    return {
        "key": control.key,
        "kind": control.kind.value,
        "label": gettext(control.label),
        "choices": list(control.choices),
        "low": control.low,
        "high": control.high,
    }


def option_specs() -> tuple[OptionSpec, ...]:
    """Every option the engine plays, in its order: read at each call, so an option added to the
    engine's registry shows everywhere without a word written here."""
    return catalogue()


TIE_BREAKS = _("Points, then most wins, then most 2nd places, and so on; then by name.")


@dataclass(frozen=True)
class OptionLine:
    id: str
    name: str
    description: str
    on: bool


def option_lines(options: list[str] | None = None) -> list[OptionLine]:
    """Every option in the engine's order, each with its name, description and whether it is on."""
    chosen = set(options or [])
    return [OptionLine(s.id, option_name(s), option_summary(s), s.id in chosen) for s in option_specs()]


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
