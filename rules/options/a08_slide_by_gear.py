"""A8 — slide by gear ("Glisse selon le rapport"): in a corner, on tyres other than rain tyres,
the slide is 1 square at most in 1st and 2 in 2nd. The rule lives with the tyre table
(`rules/weather.py`, `slide_for_gear(..., a8=True)`); this module hooks it into a move's W2 terms."""

from __future__ import annotations

from rules.messages.marks import gettext_noop, pgettext
from rules.options.spec import Hooks, OptionSpec
from rules.weather import TyreEffect, Tyres, move_terms


def terms(
    tyres: Tyres, rain: bool, lap_on_set: int, gear: int, in_corner: bool
) -> tuple[TyreEffect, int, int]:
    """W2 for one move with the slide by gear (the replay's cache is keyed by `Game.slide_by_gear` too)."""
    return move_terms(tyres, rain, lap_on_set, gear, True, in_corner)


OPTION = OptionSpec(
    id="A8",
    name=pgettext("rule option", "slide by gear"),
    summary=gettext_noop("Dry tyres slide less in 1st and 2nd gear."),
    hooks=Hooks(terms=terms),
)
