"""The site's own files at fixed addresses: the favicon browsers ask for at /favicon.ico."""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_safe

FAVICON = "img/favicon.ico"
FAVICON_MAX_AGE = 7 * 24 * 3600  # a week: it changes about never


@cache
def _favicon_bytes() -> bytes:
    # Read from the source tree, present in every deployment (collectstatic copies it, with a hashed
    # name in production, which browsers asking for /favicon.ico cannot know).
    return (settings.BASE_DIR / "static" / FAVICON).read_bytes()


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(_favicon_bytes(), content_type="image/x-icon")
    response["Cache-Control"] = f"public, max-age={FAVICON_MAX_AGE}"
    return response
