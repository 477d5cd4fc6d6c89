"""The season's rule options in the API: chosen by id ("A11") or by the engine's name ("structure
points"), written back as ids; a value that is neither is refused with a message naming it."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.rules_display import control_json, option_name, option_specs, option_summary
from rules.options.registry import catalogue
from rules.options.spec import ControlKind, OptionSpec


def _by_name() -> dict[str, str]:
    return {spec.name.casefold(): spec.id for spec in option_specs()}


@extend_schema_field(
    {
        "type": "string",
        # the schema is drawn once, from the engine's options as they stand
        "enum": [*(s.id for s in catalogue()), *(s.name for s in catalogue())],
        "description": "; ".join(f"{s.id}: {s.name}" for s in catalogue()),
    }
)
class OptionField(serializers.Field):
    default_error_messages = {
        "unknown": '"{value}" is not a rule option: give A1 … A19 or the option\'s name (e.g. "A11" or "structure points").'
    }

    def to_internal_value(self, data: Any) -> str:
        text = str(data).strip()
        if text.upper() in {s.id for s in option_specs()}:
            return text.upper()
        by_name = _by_name()
        if text.casefold() in by_name:
            return by_name[text.casefold()]
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
        chosen = set(value or [])
        return [
            {"id": s.id, "name": option_name(s), "description": option_summary(s)}
            for s in option_specs()
            if s.id in chosen
        ]


class OptionListApi(APIView):
    """GET /api/options/: every rule option the engine plays, in its order, with its name and what it
    changes in the request's language, its rulebook key and the controls race night shows for it."""

    permission_classes = [AllowAny]

    class ControlOutput(serializers.Serializer):
        key = serializers.CharField(
            help_text="The log field it fills (`option.top`, `cars.fuel`…) or `gear`."
        )
        kind = serializers.ChoiceField(choices=[k.value for k in ControlKind])
        label = serializers.CharField()
        choices = serializers.ListField(child=serializers.JSONField(), help_text="For a choice: its values.")
        low = serializers.IntegerField(allow_null=True)
        high = serializers.IntegerField(allow_null=True)

    class OptionOutput(serializers.Serializer):
        id = serializers.CharField(help_text="A1 … as the race log and the season name it.")
        name = serializers.CharField()
        description = serializers.CharField()
        rule = serializers.CharField(help_text="Its entry in the rulebook (/rules/#rule-…).")
        controls = serializers.ListField(child=serializers.DictField())

    @extend_schema(responses=OptionOutput(many=True), tags=["seasons"])
    def get(self, request: Request) -> Response:
        return Response([option_json(spec) for spec in option_specs()])


def option_json(spec: OptionSpec) -> dict[str, Any]:
    """An option as the API and race night give it, its words in the active language."""
    return {
        "id": spec.id,
        "name": option_name(spec),
        "description": option_summary(spec),
        "rule": spec.rule_ref or spec.id,
        "controls": [control_json(c) for c in spec.controls],
    }
