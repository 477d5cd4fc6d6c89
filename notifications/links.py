"""Where the links in mails and chat messages point.

The site's configured address (`SITE_URL`, from the environment) when it is set; otherwise the
address of the request the event happened in (a steward accepting an entry on
https://league.example.org links there), caught by `RequestOrigin` and carried in the event's
params to the task that sends it. An event with neither (the reminders of beat, a sheet judged
on a worker) falls back on the first host of `ALLOWED_HOSTS`: set `SITE_URL` in production.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse

SITE = "site"  # the params' key of the request's address
_ORIGIN: ContextVar[str | None] = ContextVar("notifications_origin", default=None)


class RequestOrigin:
    """Middleware: the address of the request being served (`https://host:port`), for the events
    it raises. A host `ALLOWED_HOSTS` refuses is never remembered."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            origin = f"{request.scheme}://{request.get_host()}"
        except DisallowedHost:
            origin = None
        token = _ORIGIN.set(origin)
        try:
            return self.get_response(request)
        finally:
            _ORIGIN.reset(token)


def request_origin() -> str | None:
    """The address of the request being served, if any."""
    return _ORIGIN.get()


def with_origin(params: dict[str, Any]) -> dict[str, Any]:
    """An event's params with the request's address, when the site has none configured."""
    origin = request_origin()
    if settings.SITE_URL or origin is None or SITE in params:
        return params
    return {**params, SITE: origin}


def site_address(params: Mapping[str, Any] | None = None) -> str:
    """The address links start with: `SITE_URL`, else the event's request's, else the first
    concrete host of `ALLOWED_HOSTS` (https when the site redirects to it)."""
    configured = str(settings.SITE_URL or "").rstrip("/")
    if configured:
        return configured
    site = (params or {}).get(SITE) or request_origin()
    if site:
        return str(site).rstrip("/")
    host = next((h for h in settings.ALLOWED_HOSTS if h and h[0] not in ".*"), "localhost")
    scheme = "https" if getattr(settings, "SECURE_SSL_REDIRECT", False) else "http"
    return f"{scheme}://{host}"


def link(params: Mapping[str, Any], path: str) -> str:
    """The absolute address of a site's `path` for an event's message."""
    return site_address(params) + path
