"""The season's rule options in the API: chosen by id ("A11") or by the engine's name ("structure
points"), written back as ids; a value that is neither is refused with a message naming it."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from league.rules_display import DESCRIPTIONS, NAMES
from rules.ruleset import OPTIONS

BY_NAME = {unit.name.casefold(): option for option, unit in OPTIONS.items()}


@extend_schema_field(
    {
        "type": "string",
        "enum": [*OPTIONS, *(unit.name for unit in OPTIONS.values())],
        "description": "; ".join(f"{o}: {u.name}" for o, u in OPTIONS.items()),
    }
)
class OptionField(serializers.Field):
    default_error_messages = {
        "unknown": '"{value}" is not a rule option: give A1 … A19 or the option\'s name (e.g. "A11" or "structure points").'
    }

    def to_internal_value(self, data: Any) -> str:
        text = str(data).strip()
        if text.upper() in OPTIONS:
            return text.upper()
        if text.casefold() in BY_NAME:
            return BY_NAME[text.casefold()]
        self.fail("unknown", value=text)
        return ""  # not reached

    def to_representation(self, value: str) -> str:
        return value


class OptionsField(serializers.ListField):
    # Kept as given: the season's own checks refuse an option listed twice.
    child = OptionField()


@extend_schema_field(
    {
        "type": "array",
        "items": {
            "type": "object",
            "properties": {
                "id": {"type": "string"},
                "name": {"type": "string"},
                "description": {"type": "string"},
            },
        },
    }
)
class NamedOptionsField(serializers.Field):
    """Read-only: the options in force with their name and what they change, in the request's language."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(read_only=True, source="options", **kwargs)

    def to_representation(self, value: list[str]) -> list[dict[str, str]]:
        return [
            {"id": o, "name": str(NAMES[o]), "description": str(DESCRIPTIONS[o])}
            for o in OPTIONS
            if o in (value or [])
        ]
