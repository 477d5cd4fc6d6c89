"""The words of each notification, rendered in the active language (the recipient's, set by the task)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _

from notifications.links import link as _url


def race_name(p: dict[str, Any]) -> str:
    return _("%(season)s R%(round)s: %(circuit)s") % {
        "season": p["season"],
        "round": p["round"],
        "circuit": p["circuit"],
    }


def _entry_accepted(p: dict[str, Any]) -> tuple[str, str]:
    return (
        _("Your entry in %(season)s is accepted") % p,
        _("You drive car %(car)s for %(team)s in %(season)s. Your races: %(url)s")
        % {**p, "url": _url(p, p["my_races"])},
    )


def _entry_refused(p: dict[str, Any]) -> tuple[str, str]:
    return (
        _("Your entry in %(season)s is refused") % p,
        _("The stewards refused your entry in %(season)s: %(reason)s") % p,
    )


def _race_tomorrow(p: dict[str, Any]) -> tuple[str, str]:
    race = race_name(p)
    return (
        _("Race tomorrow: %(race)s") % {"race": race},
        _("%(race)s starts on %(when)s. Your wear build and the grid: %(url)s")
        % {"race": race, "when": p["when"], "url": _url(p, p["my_races"])},
    )


def _sheet_judged(p: dict[str, Any]) -> tuple[str, str]:
    from core.messages import verdict_text

    race = race_name(p)
    if p["valid"]:
        return (
            _("Your sheet for %(race)s is valid") % {"race": race},
            _("The engine found no broken rule in your sheet for %(race)s: %(url)s")
            % {"race": race, "url": _url(p, p["url"])},
        )
    first = (
        verdict_text({"message": p["first"], "code": p.get("first_code"), "params": p.get("first_params")})
        if p.get("first")
        else _("the log could not be read")
    )
    if p.get("rule"):
        first = f"{p['rule']} — {first}"
    return (
        _("Your sheet for %(race)s is invalid") % {"race": race},
        _("Your sheet for %(race)s breaks the rules. First: %(first)s. %(url)s")
        % {"race": race, "first": first, "url": _url(p, p["url"])},
    )


def _sheet_to_confirm(p: dict[str, Any]) -> tuple[str, str]:
    race = race_name(p)
    return (
        _("A sheet of %(race)s awaits your confirmation") % {"race": race},
        _("Confirm it or protest it before the window closes: %(url)s") % {"url": _url(p, p["url"])},
    )


def _protest_against(p: dict[str, Any]) -> tuple[str, str]:
    race = race_name(p)
    return (
        _("A protest is filed against you in %(race)s") % {"race": race},
        _("%(by)s protests: %(reason)s. The stewards will decide. %(url)s")
        % {"by": p["by"], "reason": p["reason"], "url": _url(p, p["url"])},
    )


def _protest_decided(p: dict[str, Any]) -> tuple[str, str]:
    race = race_name(p)
    outcome = _("upheld") if p["upheld"] else _("dismissed")
    return (
        _("The stewards decided a protest in %(race)s") % {"race": race},
        _("The protest is %(outcome)s: %(decision)s. %(url)s")
        % {"outcome": outcome, "decision": p["decision"], "url": _url(p, p["url"])},
    )


def _results_published(p: dict[str, Any]) -> tuple[str, str]:
    race = race_name(p)
    return (
        _("Results of %(race)s are official") % {"race": race},
        _("The results of %(race)s are published: %(url)s") % {"race": race, "url": _url(p, p["url"])},
    )


RENDER: dict[str, Callable[[dict[str, Any]], tuple[str, str]]] = {
    "entry_accepted": _entry_accepted,
    "entry_refused": _entry_refused,
    "race_tomorrow": _race_tomorrow,
    "sheet_judged": _sheet_judged,
    "sheet_to_confirm": _sheet_to_confirm,
    "protest_against": _protest_against,
    "protest_decided": _protest_decided,
    "results_published": _results_published,
}


def render(kind: str, params: dict[str, Any]) -> tuple[str, str]:
    return RENDER[kind](params)
