"""Small display helpers for the public pages."""

from __future__ import annotations

from django import template
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

register = template.Library()

# Causes written by the engine in a race's classification (and by hand for old results).
ELIMINATION_CAUSES: dict[str, Promise] = {
    "body": _("body damage"),
    "brakes": _("brakes"),
    "blocked": _("blocked"),
    "blocking": _("blocked"),
    "collision": _("collision"),
    "corner": _("missed a corner stop"),
    "crash": _("crash"),
    "debris": _("debris"),
    "engine": _("engine"),
    "gearbox": _("gearbox"),
    "handling": _("road holding"),
    "road_exit": _("went off the road"),
    "road-exit": _("went off the road"),
    "spin": _("spin"),
    "tyres": _("tyres"),
    "rules": _("rule breach"),
    "withdrawn": _("withdrawn"),
    "disqualified": _("disqualified"),
}


@register.filter
def cause_label(cause: str) -> str:
    """The elimination cause in the reader's language; an unknown cause is shown as written."""
    if not cause:
        return ""
    return str(ELIMINATION_CAUSES.get(cause.strip().lower(), cause))
