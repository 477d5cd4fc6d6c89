"""What race night says of its events and cars: each event told once, a car's cause of elimination
in the reader's language, the rules an event names linked to the rulebook.

The engine reports a corner that eliminates a car twice in one step: the corner-exit event
("left corner T2 with 0 of 2 stops: eliminated (C3)") and the elimination whose `why` is that same
message. Race night tells it once: the elimination (its kind and code kept, for programs), in the
corner's words, which already say "eliminated".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.utils.translation import pgettext

from league.rulebook.anchors import rule_url
from league.rulebook.book import known
from rules.messages import Code, Kind, Params, render
from rules.state import Cause
from rules.verdict import Event

# "(C3)", "(C6, A14)": the rule ids an English message names in brackets
_BRACKETS = re.compile(r"\(([^()]*)\)")
_RULE_ID = re.compile(r"[A-Z]+[0-9]+(?:-[0-9]+)*|SITE-[a-z]+")


@dataclass(frozen=True, slots=True)
class Told:
    """An event as race night tells it: the event, and the message (code, params) said for it."""

    event: Event
    code: Code
    params: Params


def told_once(events: Iterable[Event]) -> list[Told]:
    """A step's events, each told once: an event that is the very reason of an elimination told
    in the same step for the same car is said by the elimination, in its own words."""
    events = list(events)
    reasons = {(e.car, why) for e in events if (why := _why(e)) is not None}
    out = []
    for event in events:
        if event.kind != Kind.ELIMINATED and (event.car, (event.code, event.params)) in reasons:
            continue  # the elimination below says it
        why = _why(event)
        if why is not None and any(o is not event and (o.code, o.params) == why for o in events):
            out.append(Told(event, why[0], why[1]))
        else:
            out.append(Told(event, event.code, event.params))
    return out


def _why(event: Event) -> tuple[Code, Params] | None:
    if event.kind != Kind.ELIMINATED:
        return None
    why = dict(event.params).get("why")
    if isinstance(why, tuple) and len(why) == 2 and isinstance(why[0], Code):
        return why[0], why[1]
    return None


def rules_named(code: Code, params: Params) -> list[str]:
    """The rules a message is about that the rulebook explains: its code's rule (`c2.…`, `a13.…`),
    then those it names in brackets, in order, each once."""
    found: list[str] = []
    prefix = str(code).partition(".")[0].upper()
    candidates = [prefix]
    for inside in _BRACKETS.findall(render(code, params)):
        candidates.extend(part.strip() for part in inside.split(","))
    for rule in candidates:
        if _RULE_ID.fullmatch(rule) and rule not in found and known(rule):
            found.append(rule)
    return found


def rule_links(rules: Sequence[str]) -> list[dict[str, str]]:
    """Each rule with its address on the rules page (`/rules/#rule-C3`)."""
    return [{"rule": rule, "url": rule_url(rule)} for rule in rules]


def cause_text(cause: Cause | str | None) -> str | None:
    """Why a car is out, in the reader's language (the engine's cause words, `rules.messages.words`)."""
    if cause is None:
        return None
    return pgettext("cause", str(getattr(cause, "value", cause)))
