"""The API of circuits: each is a `formule-de/circuit@1` or `@2` document, judged by the rules engine
(`rules.circuits.load`, which reads both) when stored."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_serializer, extend_schema_view
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from circuits.filters import CircuitFilter
from circuits.models import Circuit
from circuits.services import circuit_create, circuit_update
from core.api_support import ReadWriteViewSet

DOCUMENT_HELP = "The board as a formule-de/circuit@1 or @2 document; its `id` becomes the circuit's slug, its `name` the name."


def _has_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_has_nul(k) or _has_nul(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_nul(v) for v in value)
    return False


class _DocumentField(serializers.DictField):
    def to_internal_value(self, data: Any) -> dict[str, Any]:
        value = super().to_internal_value(data)
        # PostgreSQL cannot store a NUL character in JSON: refuse it here rather than fail on save.
        if _has_nul(value):
            raise serializers.ValidationError(_("The document contains a NUL character."))
        return value


@extend_schema_view(
    list=extend_schema(summary="Circuits, by name (without their documents)"),
    retrieve=extend_schema(summary="A circuit with its circuit@1 or @2 document"),
)
class CircuitApi(ReadWriteViewSet):
    """/api/circuits/: the boards races are run on."""

    queryset = Circuit.objects.all()
    filterset_class = CircuitFilter

    @extend_schema_serializer(component_name="Circuit")
    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        slug = serializers.SlugField(help_text="The circuit id used in race logs.")
        name = serializers.CharField()
        country = serializers.CharField(help_text="ISO 3166 code, e.g. FR; empty when unknown.")

    @extend_schema_serializer(component_name="CircuitDetail")
    class DetailOutputSerializer(OutputSerializer):
        document = serializers.DictField(help_text="The formule-de/circuit@1 or @2 document.")

    @extend_schema_serializer(component_name="CircuitInput")
    class InputSerializer(serializers.Serializer):
        document = _DocumentField(help_text=DOCUMENT_HELP)
        country = serializers.CharField(max_length=2, allow_blank=True, required=False)

    def get_serializer_class(self) -> type[serializers.Serializer]:
        return self.OutputSerializer if self.action == "list" else self.DetailOutputSerializer

    @extend_schema(
        summary="Store a circuit (admins); the rules engine judges its document",
        request=InputSerializer,
        responses=DetailOutputSerializer,
    )
    def create(self, request: Request, **_suffix: Any) -> Response:
        return self.created(circuit_create(**self.validated(self.InputSerializer)))

    @extend_schema(
        summary="Replace a circuit's document or country (admins); its id stays",
        request=InputSerializer,
        responses=DetailOutputSerializer,
    )
    def partial_update(self, request: Request, pk: str, **_suffix: Any) -> Response:
        circuit = self.get_object()
        data = self.validated(self.InputSerializer, partial=True)
        return Response(self.get_serializer(circuit_update(circuit=circuit, **data)).data)
