"""A17 — road holding in 1st ("Tenue de route"): « Petite vitesse : Si une voiture passe sur une
case dangereuse alors qu'elle se trouve en 1ère vitesse, alors le jet de probabilité de Tenue de
route ne sera pas effectué. » The handling tests themselves are D5 (`rules/damage.py`)."""

from __future__ import annotations

from rules.messages.marks import gettext_noop, pgettext
from rules.options.spec import Hooks, OptionSpec

GEAR = 1  # « en 1ère vitesse »


def handling(gear: int, dangerous: tuple[str, ...]) -> tuple[str, ...]:
    """The dangerous squares a move tests (D5): none in 1st."""
    return () if gear == GEAR else dangerous


OPTION = OptionSpec(
    id="A17",
    name=pgettext("rule option", "road holding in 1st"),
    summary=gettext_noop("Dangerous squares cost nothing in 1st gear."),
    hooks=Hooks(handling=handling),
)
