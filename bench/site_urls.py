"""The site's URLs plus `/bench/minimal/`: the cheapest Django page, the yardstick of `bench/site.py`."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import include, path


def minimal(request: HttpRequest) -> HttpResponse:
    """Through the whole middleware stack, no template, no database."""
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("bench/minimal/", minimal, name="bench-minimal"),
    path("", include("config.urls")),
]
