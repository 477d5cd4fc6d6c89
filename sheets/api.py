"""The race-sheet API: submit a log (JSON or a file, with photos), follow its validation."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, ParseError, ValidationError
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api_support import NOT_FOUND, ClientScopedRateThrottle
from core.api_support import detail_response as _detail
from core.json_parser import StrictJSONParser
from races.models import Race
from sheets.models import RaceSheet, SubmissionAttempt
from sheets.selectors import sheet_status
from sheets.services import (
    SubmissionRefused,
    SubmissionTooLarge,
    race_sheet_submit,
    submission_attempt_record,
    too_large_message,
)
from sheets.uploads import body_limit, declared_size, declared_too_large, install_upload_limits


class PayloadTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = _lazy("The upload is too large.")
    default_code = "too_large"


class RaceSheetCreateApi(APIView):
    """POST /api/races/{id}/sheets/: submit a race log; validation runs on a worker."""

    permission_classes = [IsAuthenticated]
    parser_classes = [StrictJSONParser, MultiPartParser, FormParser]
    throttle_classes = [ClientScopedRateThrottle]
    throttle_scope = "sheets"

    @extend_schema_serializer(component_name="RaceSheetSubmission")
    class InputSerializer(serializers.Serializer):
        log = serializers.JSONField(
            required=False,
            help_text="The race log: a JSON object, or its text. Or send it as a file. May be left out "
            "of a race sheet sent with `photos` (multipart): photos alone.",
        )
        kind = serializers.ChoiceField(choices=RaceSheet.Kind.choices, default=RaceSheet.Kind.RACE)
        photos = serializers.ListField(
            child=serializers.ImageField(),
            required=False,
            help_text="Photos of the paper sheet (multipart). A race sheet of photos alone, with no "
            "`log`, is stored with status `transcribe`: the stewards record it on the race-night page.",
        )

    @extend_schema_serializer(component_name="RaceSheetCreated")
    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        status = serializers.ChoiceField(choices=RaceSheet.Status.choices)
        url = serializers.URLField(help_text="Where to follow the validation (GET).")
        page = serializers.URLField(help_text="The sheet's page on the site.")

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any):
        install_upload_limits(request)  # before authentication: a session's CSRF check reads the body
        return super().dispatch(request, *args, **kwargs)

    @extend_schema(
        operation_id="race_sheet_create",
        request={"application/json": InputSerializer, "multipart/form-data": InputSerializer},
        description="A race log (JSON body, or multipart with the log as a file or a field), with "
        "photos or without; or, for a race sheet, photos alone (multipart, no `log`): status "
        "`transcribe`, not judged, until a steward records it on the race-night page.",
        responses={
            201: OutputSerializer,
            400: _detail("Refused input (the message says why); the attempt is recorded."),
            401: _detail("No credentials: send `Authorization: Token …` (or log in)."),
            403: _detail("Not an entrant of this race."),
            404: NOT_FOUND,
            413: _detail("The log or a photo is too large."),
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        race = get_object_or_404(Race.objects.select_related("season", "circuit"), pk=pk)
        django_request = request._request
        if declared_too_large(django_request):
            message = too_large_message(size=declared_size(django_request), limit=body_limit(django_request))
            self._refuse(
                race, request, message, SubmissionAttempt.Outcome.TOO_LARGE, declared_size(django_request)
            )
        try:
            data = request.data  # parses the body, under the upload limits
        except ParseError as exc:  # refused JSON (rules.strict_json): a 400, and the attempt recorded
            self._refuse(
                race,
                request,
                str(exc.detail),
                SubmissionAttempt.Outcome.REFUSED,
                declared_size(django_request),
            )
        if getattr(django_request, "upload_too_large", None):
            self._refuse(
                race,
                request,
                too_large_message(size=None, limit=django_request.upload_too_large[1]),
                SubmissionAttempt.Outcome.TOO_LARGE,
                declared_size(django_request),
            )
        if not isinstance(data, Mapping):
            data = {}
        kind = data.get("kind") or RaceSheet.Kind.RACE
        raw = self._raw_log(request, data)
        if raw is None and request.FILES.getlist("photos") and kind == RaceSheet.Kind.RACE:
            raw = b""  # photos alone: a paper sheet for the stewards to transcribe (race night)
        if raw is None:
            self._refuse(
                race,
                request,
                _('Send the log as {"log": {…}} in a JSON body, or as a file in the field "log".'),
                SubmissionAttempt.Outcome.REFUSED,
                0,
                kind=kind,
            )
        try:
            sheet = race_sheet_submit(
                race=race, raw=raw, by=request.user, photos=request.FILES.getlist("photos"), kind=kind
            )
        except SubmissionTooLarge as exc:
            raise PayloadTooLarge(" ".join(exc.messages)) from exc
        except SubmissionRefused as exc:
            raise ValidationError({"detail": " ".join(exc.messages)}) from exc
        except PermissionDenied:
            raise
        url = request.build_absolute_uri(reverse("api:sheet", kwargs={"pk": sheet.pk}))
        output = self.OutputSerializer(
            {
                "id": sheet.pk,
                "status": sheet.status,
                "url": url,
                "page": request.build_absolute_uri(sheet.get_absolute_url()),
            }
        )
        return Response(output.data, status=status.HTTP_201_CREATED, headers={"Location": url})

    @staticmethod
    def _raw_log(request: Request, data: Mapping[str, Any]) -> bytes | None:
        upload = request.FILES.get("log")
        if upload is not None:
            return upload.read()
        value = data.get("log")
        if isinstance(value, str):
            return value.encode("utf-8")
        if isinstance(value, dict | list):
            return json.dumps(value, ensure_ascii=False).encode("utf-8")
        return None

    @staticmethod
    def _refuse(
        race: Race, request: Request, message: str, outcome: str, size: int, kind: str = "race"
    ) -> None:
        submission_attempt_record(
            race=race, by=request.user, outcome=outcome, message=message, size=size, kind=kind
        )
        if outcome == SubmissionAttempt.Outcome.TOO_LARGE:
            raise PayloadTooLarge(message)
        raise ValidationError({"detail": message})


class RaceSheetDetailApi(APIView):
    """GET /api/sheets/{id}/: a sheet's status and, once judged, its verdict."""

    permission_classes = [AllowAny]

    @extend_schema_serializer(component_name="RaceSheet")
    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        race = serializers.IntegerField(source="race_id")
        kind = serializers.ChoiceField(choices=RaceSheet.Kind.choices)
        version = serializers.IntegerField()
        status = serializers.ChoiceField(choices=RaceSheet.Status.choices)
        chosen = serializers.BooleanField()
        verdict = serializers.JSONField(
            allow_null=True,
            help_text=(
                "The replay's verdict (see the race-log spec); null until judged. Each violation and event "
                "has `message` (English), `code` (a stable message code: the engine's, or `site.…` for the "
                "site's own checks) and `params` (the values its template is filled with; a nested message "
                "is {code, params}), so a client can show it in its own language. Verdicts judged before "
                "codes existed have `message` only."
            ),
        )
        error = serializers.CharField(help_text="Why the log is unreadable or could not be judged.")

    @extend_schema(operation_id="race_sheet_retrieve", responses={200: OutputSerializer, 404: NOT_FOUND})
    def get(self, request: Request, pk: int) -> Response:
        try:
            sheet = sheet_status(pk=pk)
        except RaceSheet.DoesNotExist:
            return Response({"detail": _("No such race sheet.")}, status=status.HTTP_404_NOT_FOUND)
        return Response(self.OutputSerializer(sheet).data)
