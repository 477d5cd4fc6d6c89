"""`{% race_fair_dice race %}`: the fair dice of the race's last table on the race page (its
commitment, and its seed once the table is done); `live/fair_dice.html`, as the table page shows it."""

from __future__ import annotations

from typing import Any

from django import template

from live import selectors

register = template.Library()


@register.inclusion_tag("live/fair_dice.html")
def race_fair_dice(race: Any) -> dict[str, Any]:
    return {"table": selectors.race_tables(race=race).first()}
