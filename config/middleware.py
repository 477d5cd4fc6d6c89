"""Middleware of the whole site: refuse what no page can take before any view sees it."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils.translation import gettext as _


class RefuseNulMiddleware:
    """A NUL in the query string (`?season=%00`) is a 400: PostgreSQL refuses it in any text,
    so a lookup with it would be a 500 deep in a view."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        for key, values in request.GET.lists():
            if "\x00" in key or any("\x00" in value for value in values):
                return HttpResponseBadRequest(
                    _("The query parameter %(name)r holds a NUL character.")
                    % {"name": key.replace("\x00", "")},
                    content_type="text/plain; charset=utf-8",
                )
        return self.get_response(request)


class PermissionsPolicyMiddleware:
    """The `Permissions-Policy` header of settings.PERMISSIONS_POLICY on every answer."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = getattr(settings, "PERMISSIONS_POLICY", "")
        if policy:
            response.headers.setdefault("Permissions-Policy", policy)
        return response
