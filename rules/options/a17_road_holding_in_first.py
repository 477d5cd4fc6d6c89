"""A17 — road holding in 1st ("Tenue de route"): « Petite vitesse : Si une voiture passe sur une
case dangereuse alors qu'elle se trouve en 1ère vitesse, alors le jet de probabilité de Tenue de
route ne sera pas effectué. » The handling tests themselves are D5 (`rules/damage.py`)."""

from __future__ import annotations

from rules.options.spec import Hooks, OptionSpec

GEAR = 1  # « en 1ère vitesse »


def handling(gear: int, dangerous: tuple[str, ...]) -> tuple[str, ...]:
    """The dangerous squares a move tests (D5): none in 1st."""
    return () if gear == GEAR else dangerous


OPTION = OptionSpec(id="A17", name="road holding in 1st", hooks=Hooks(handling=handling))
