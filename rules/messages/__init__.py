"""The engine's messages as typed data: a `Code` per violation or event message, an event `Kind`,
the English templates, the words params carry, and `render` (a `Renderer` the site extends
with gettext) (see docs/rules-decisions.md, "General")."""

from __future__ import annotations

from rules.messages.codes import SPINS, Code
from rules.messages.english import TEMPLATES
from rules.messages.kinds import LOST, Kind
from rules.messages.render import ENGLISH, Message, Params, Renderer, msg, params, params_json, render
from rules.messages.words import WORD_PARAMS, WORDS, Placeholder, RedFlag

__all__ = [
    "ENGLISH",
    "LOST",
    "SPINS",
    "TEMPLATES",
    "WORDS",
    "WORD_PARAMS",
    "Code",
    "Kind",
    "Message",
    "Params",
    "Placeholder",
    "RedFlag",
    "Renderer",
    "msg",
    "params",
    "params_json",
    "render",
]
