"""A database outage is a 503 that says so: JSON with Retry-After for the API, a styled page otherwise.

Only the errors of a database that cannot be reached count (OperationalError, InterfaceError);
anything else stays a 500. The page is rendered without the database (no user, no menu from it).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.utils.translation import gettext as _
from django.views.defaults import server_error

logger = logging.getLogger(__name__)
OUTAGE = (OperationalError, InterfaceError)
RETRY_AFTER = 30  # seconds


def outage_response(request: HttpRequest) -> HttpResponse:
    message = _("The league's database cannot be reached just now. Try again in a moment.")
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse({"detail": message}, status=503)
    else:
        html = loader.get_template("503.html").render({"message": message})
        response = HttpResponse(html, status=503, content_type="text/html; charset=utf-8")
    response["Retry-After"] = str(RETRY_AFTER)
    response["Cache-Control"] = "no-store"
    return response


class DatabaseOutageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, OUTAGE):
            logger.error("database unavailable: %s", exception)
            return outage_response(request)
        return None


def handler500(request: HttpRequest) -> HttpResponse:
    """Django's last resort (an error outside any view, e.g. in a middleware): the same 503 for an
    outage; otherwise a 500, as JSON under /api/."""
    error = sys.exc_info()[1]
    if isinstance(error, OUTAGE):
        return outage_response(request)
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": _("Server error.")}, status=500)
    return server_error(request)
