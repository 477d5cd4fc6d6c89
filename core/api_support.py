"""What every API view shares: who may write, how service errors become 400s, the documented errors."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema_serializer
from rest_framework import exceptions, serializers, status, viewsets
from rest_framework.permissions import SAFE_METHODS, AllowAny, BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from core.client_address import client_address
from core.json_parser import StrictJSONParser

# PositiveSmallIntegerField's ceiling on PostgreSQL: inputs stop there, so every database answers alike.
SMALL = 32767


class IsStaffOrReadOnly(BasePermission):
    """Anyone reads; the league's admins (staff) write what their model permissions allow.

    A staff account with view permissions only writes nothing: POST needs `add`, PATCH `change`,
    DELETE `delete` on the view's model, as in the admin.
    """

    message = _("Only the league's admins may change this.")
    ACTIONS = {"POST": "add", "PUT": "change", "PATCH": "change", "DELETE": "delete"}

    def has_permission(self, request: Request, view: APIView) -> bool:
        if request.method in SAFE_METHODS:
            return True
        user = request.user
        if not (user and user.is_authenticated and user.is_staff):
            return False
        action = self.ACTIONS.get(request.method)
        model = getattr(getattr(view, "queryset", None), "model", None)
        if action is None or model is None:
            return False
        return user.has_perm(f"{model._meta.app_label}.{action}_{model._meta.model_name}")


class ClientScopedRateThrottle(ScopedRateThrottle):
    """DRF's scoped throttle, an anonymous client counted by the address the login lockout uses
    (TRUSTED_PROXIES), never by an X-Forwarded-For the client wrote itself."""

    def get_ident(self, request: Request) -> str:
        return client_address(request._request)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Services raise Django's ValidationError (full_clean, constraints): answer 400 `{"field": ["message"]}`.
    A missing object is DRF's translated "Not found." rather than Django's English sentence."""
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(serializers.as_serializer_error(exc))
    elif isinstance(exc, Http404):
        # get_object_or_404's "No Race matches the given query." is English whatever the reader asked for
        exc = exceptions.NotFound()
    return drf_exception_handler(exc, context)


@extend_schema_serializer(component_name="Named")
class NamedSerializer(serializers.Serializer):
    """A driver, team, season or circuit as others refer to it."""

    id = serializers.IntegerField(source="pk")
    slug = serializers.SlugField()
    name = serializers.CharField()


class DetailSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="What went wrong, for people.")


def detail_response(description: str) -> OpenApiResponse:
    return OpenApiResponse(response=DetailSerializer, description=description)


# A field's errors are a list of messages, or for a list or an object field, the errors of its items.
VALIDATION_ERRORS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": (
        'Messages by field, e.g. {"car_number": ["…"]}; "non_field_errors" for the input as a whole; '
        '"detail" alone when the body is not readable (not JSON).'
    ),
    "properties": {"detail": {"type": "string"}},
    "additionalProperties": {
        "oneOf": [
            {"type": "array", "items": {"type": "string"}},
            {"type": "object", "additionalProperties": {}},
        ]
    },
}

VALIDATION_ERRORS = OpenApiResponse(
    response=VALIDATION_ERRORS_SCHEMA,
    description="Refused input: the messages say why, by field.",
    examples=[
        OpenApiExample(
            "A car number taken twice",
            value={"car_number": ["This car number is already taken in this season."]},
            status_codes=["400"],
        )
    ],
)
NOT_FOUND = detail_response("No such object.")
FILTER_ERRORS = OpenApiResponse(
    response=VALIDATION_ERRORS_SCHEMA, description="A query parameter is not valid: the messages say why."
)
WRITE_ERRORS: dict[int, OpenApiResponse] = {
    400: VALIDATION_ERRORS,
    401: detail_response("No credentials: send `Authorization: Token …` (or log in)."),
    403: detail_response("Only the league's admins (staff) may write."),
}
LIST_ERRORS: dict[int, OpenApiResponse] = {
    400: FILTER_ERRORS,
    404: detail_response("No such page."),
}
# Any path with an id may find no object; any body may be over DATA_UPLOAD_MAX_MEMORY_SIZE (413,
# core/api_errors.py); any throttled view may say 429, with Retry-After.
TOO_LARGE = detail_response("The body is larger than the site takes (DATA_UPLOAD_MAX_MEMORY_SIZE).")
THROTTLED = detail_response("Too many requests from this client: try again after `Retry-After` seconds.")
# What a viewset's actions may answer besides success, documented so clients (and the schema fuzzer) know.
ACTION_ERRORS: dict[str, dict[int, OpenApiResponse]] = {
    "list": LIST_ERRORS,
    "retrieve": {404: NOT_FOUND},
    "create": WRITE_ERRORS,
    "partial_update": {**WRITE_ERRORS, 404: NOT_FOUND},
}


class ApiSchema(AutoSchema):
    """drf-spectacular's schema, plus the error responses of viewset actions (APIViews say their own)."""

    def get_auth(self) -> list[dict[str, list[str]]]:
        auths = super().get_auth()
        public_read = self.method in SAFE_METHODS and any(
            isinstance(permission, IsStaffOrReadOnly) for permission in self.view.get_permissions()
        )
        if public_read and {} not in auths:
            auths.append({})  # anonymous reads are fine
        return auths

    # spectacular has no public hook that keeps the inferred success response and adds others.
    def _get_response_bodies(self, direction: str = "response") -> dict[str, Any]:
        bodies = super()._get_response_bodies(direction)
        if direction != "response":
            return bodies
        extra = dict(self._action_errors())
        if "{" in self.path:
            extra.setdefault(404, NOT_FOUND)
        if self.method in ("POST", "PUT", "PATCH"):
            extra.setdefault(413, TOO_LARGE)
        if self.view.get_throttles():
            extra.setdefault(429, THROTTLED)
        for code, response in extra.items():
            if str(code) not in bodies:
                bodies[str(code)] = self._get_response_for_code(response, str(code), direction=direction)
        return bodies

    def _action_errors(self) -> dict[int, OpenApiResponse]:
        action = getattr(self.view, "action", None)
        if action is None:
            return {}
        extra = ACTION_ERRORS.get(action)
        if extra is None:  # a custom action: a detail one may not find its object
            detail = getattr(getattr(self.view, action, None), "detail", False)
            extra = {404: NOT_FOUND} if detail else {}
        return extra


class ReadWriteViewSet(viewsets.GenericViewSet):
    """Public list and detail with the view's OutputSerializer; writes (staff) go through services.

    A subclass sets `queryset` (joined up front: a list runs a fixed number of queries),
    `filterset_class`, `OutputSerializer`, and writes its own `create`/`partial_update`.
    """

    permission_classes = [IsStaffOrReadOnly]
    parser_classes = [StrictJSONParser]
    http_method_names = ["get", "post", "patch", "head", "options"]
    OutputSerializer: type[serializers.Serializer]

    def get_serializer_class(self) -> type[serializers.Serializer]:
        return self.OutputSerializer

    def list(self, request: Request, **_suffix: Any) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        return self.get_paginated_response(self.get_serializer(page, many=True).data)

    def retrieve(self, request: Request, pk: str | None = None, **_suffix: Any) -> Response:
        return Response(self.get_serializer(self.get_object()).data)

    def validated(self, serializer_class: type[serializers.Serializer], *, partial: bool = False) -> dict:
        serializer = serializer_class(data=self.request.data, partial=partial)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data

    def created(self, instance: Any) -> Response:
        return Response(self.get_serializer(instance).data, status=status.HTTP_201_CREATED)


class ReadOnlyViewSet(ReadWriteViewSet):
    permission_classes = [AllowAny]
    http_method_names = ["get", "head", "options"]
