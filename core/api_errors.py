"""Under /api/, every error is JSON (`{"detail": "…"}`), whatever raised it: a body over
DATA_UPLOAD_MAX_MEMORY_SIZE (413, not Django's HTML 400), an address no route matches (404), a
lockout or a CSRF failure, answered by Django or a middleware in HTML.

DRF's views answer their own errors in JSON already (core.api_support.exception_handler); this
catches what happens outside them, and what they let through (Django's RequestDataTooBig)."""

from __future__ import annotations

from collections.abc import Callable
from http import HTTPStatus

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _
from rest_framework import exceptions

API_PREFIX = "/api/"


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def too_large(request: HttpRequest) -> bool:
    """The declared body is over what Django holds in memory (multipart files spill to disk instead)."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    try:
        size = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return False
    multipart = request.META.get("CONTENT_TYPE", "").startswith("multipart/")
    return limit is not None and size > limit and not multipart


def _message(status: int) -> str:
    # DRF's own sentences where it has one: translated in its catalogue
    messages = {
        400: exceptions.ParseError.default_detail,
        401: exceptions.NotAuthenticated.default_detail,
        403: exceptions.PermissionDenied.default_detail,
        404: exceptions.NotFound.default_detail,
        429: exceptions.Throttled.default_detail,
    }
    if status == 413:
        limit = filesizeformat(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
        return _("The request body is larger than the %(limit)s allowed.") % {"limit": limit}
    if status in messages:
        return str(messages[status])
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return _("Error.")


def json_error(status: int, source: HttpResponse | None = None) -> JsonResponse:
    response = JsonResponse({"detail": _said(source) or _message(status)}, status=status)
    for header in ("Retry-After", "Allow", "WWW-Authenticate"):
        if source is not None and header in source:
            response[header] = source[header]
    response["Cache-Control"] = "no-store"
    return response


def _said(source: HttpResponse | None) -> str:
    """A plain-text refusal's own words (a middleware saying what is wrong, e.g. a NUL in the
    query), kept; an HTML page's are not words for an API client."""
    if source is None or not source.get("Content-Type", "").startswith("text/plain"):
        return ""
    if getattr(source, "streaming", False):
        return ""
    return source.content.decode(source.charset or "utf-8", "replace").strip()[:500]


class ApiJsonErrors:
    """Middleware, near the top of MIDDLEWARE: it sees the answers of every other."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not is_api(request) or response.status_code < 400:
            return response
        if response.get("Content-Type", "").startswith("application/json"):
            return response
        status = response.status_code
        if status == 400 and too_large(request):
            status = 413  # Django's RequestDataTooBig, answered as a 400 by a middleware's reading
        return json_error(status, response)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        # a view read a body over the limit (DRF passes Django's own exceptions on)
        if is_api(request) and isinstance(exception, RequestDataTooBig):
            return json_error(413)
        return None
