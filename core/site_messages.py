"""The site's own checks on a sheet (rule ids `SITE-…`), as message codes and English templates
like the engine's (`rules.messages`): stored as `code` + `params` beside the English `message`,
rendered in the reader's language by `core.messages`."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from django.utils.translation import gettext_noop


class SiteCode(StrEnum):
    CIRCUIT_OTHER = "site.circuit_other"
    CAR_NOT_ENTERED = "site.car_not_entered"
    CAR_MISSING = "site.car_missing"
    # race night's set-up: the cars that race and those listed absent (non-partants)
    ABSENT_NOT_ENTERED = "site.absent_not_entered"
    ABSENT_RACING = "site.absent_racing"
    DRIVER_DIFFERS = "site.driver_differs"
    TEAM_DIFFERS = "site.team_differs"
    GRID_SLOT_DIFFERS = "site.grid_slot_differs"
    GRID_TOO_SMALL = "site.grid_too_small"
    EXPERIENCE_SHORT = "site.experience_short"
    UNREADABLE = "site.unreadable"


SITE_TEMPLATES: dict[SiteCode, str] = {
    SiteCode.CIRCUIT_OTHER: gettext_noop(
        "the log is for circuit {log!r}, but this race is run on {race!r} ({name})"
    ),
    SiteCode.CAR_NOT_ENTERED: gettext_noop("car {car} is not entered in this race (entered: {entered})"),
    SiteCode.CAR_MISSING: gettext_noop(
        "car {car} ({driver}) is entered in this race but missing from the log"
    ),
    SiteCode.ABSENT_NOT_ENTERED: gettext_noop(
        "car {car} is listed as absent but is not entered in this race (entered: {entered})"
    ),
    SiteCode.ABSENT_RACING: gettext_noop("car {car} is listed as absent and among the cars that race"),
    SiteCode.DRIVER_DIFFERS: gettext_noop(
        "car {car} is driven by {entered!r} in this race, the log says {log!r}"
    ),
    SiteCode.TEAM_DIFFERS: gettext_noop("car {car} races for team {entered!r}, the log says {log!r}"),
    SiteCode.GRID_SLOT_DIFFERS: gettext_noop(
        "car {car} starts from grid slot {entered} in this race, the log says {log}"
    ),
    SiteCode.GRID_TOO_SMALL: gettext_noop("{n} cars qualified, but {circuit} has {slots} grid slots"),
    SiteCode.EXPERIENCE_SHORT: gettext_noop(
        "{who} spends {need} experience points in this race; the league's ledger gives {has}."
    ),
    # why the log is unreadable: a nested message (rules.messages.reading), rendered in the reader's
    # language; a verdict stored before reading errors had codes holds the English text itself
    SiteCode.UNREADABLE: gettext_noop("{error}"),
}


def site_violation(
    rule: str, code: SiteCode, car: str | None = None, turn: int = 0, **params: Any
) -> dict[str, Any]:
    """A `SITE-…` violation as a verdict stores it: the English message, its code and params (the
    car among them when there is one)."""
    if car is not None:
        params = {"car": car, **params}
    return {
        "turn": turn,
        "car": car,
        "rule": rule,
        "message": SITE_TEMPLATES[code].format(**params),
        "code": code.value,
        "params": params,
    }
