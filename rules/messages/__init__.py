"""The engine's messages as typed data: a `Code` per violation or event message, an event `Kind`,
the English templates, and `render` (see docs/rules-decisions.md, "General")."""

from __future__ import annotations

from rules.messages.codes import SPINS, Code
from rules.messages.english import TEMPLATES
from rules.messages.kinds import LOST, Kind
from rules.messages.render import Message, Params, msg, params, params_json, render

__all__ = [
    "LOST",
    "SPINS",
    "TEMPLATES",
    "Code",
    "Kind",
    "Message",
    "Params",
    "msg",
    "params",
    "params_json",
    "render",
]
