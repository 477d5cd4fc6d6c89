"""A browser's push subscription, from the page's script (static/js/remote-push.js): JSON in and
out, the CSRF token in X-CSRFToken; and the service worker, served at the site's root so that
its scope is the whole site."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.staticfiles import finders
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from remote import vapid
from remote.push import PushFailed, push_subscribe, push_to_user, push_unsubscribe, subscription_clean

SERVICE_WORKER = "js/remote-sw.js"
# A test notice a player may ask for this often (the site posts to each of his push services).
TEST_EVERY_SECONDS = 10

View = Callable[..., HttpResponse]


def _signed_in(view: View) -> View:
    """A script's request gets a JSON 403, not the login page's redirect."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return JsonResponse({"error": "not_signed_in", "message": _("Sign in first.")}, status=403)
        return view(request, *args, **kwargs)

    return wrapped


def _json_body(request: HttpRequest) -> Any:
    try:
        return json.loads(request.body or b"{}")
    except (ValueError, UnicodeDecodeError):
        return None


def _invalid(error: ValidationError) -> JsonResponse:
    if hasattr(error, "error_dict"):
        errors = {
            field: [{"code": e.code, "message": " ".join(e.messages)} for e in items]
            for field, items in error.error_dict.items()
        }
    else:
        errors = {"__all__": [{"code": e.code, "message": " ".join(e.messages)} for e in error.error_list]}
    return JsonResponse({"error": "invalid", "errors": errors}, status=400)


@require_GET
def push_key(request: HttpRequest) -> JsonResponse:
    """The site's VAPID public key: the page subscribes with it (`applicationServerKey`)."""
    return JsonResponse({"public_key": vapid.public_key()})


@require_POST
@_signed_in
def push_subscribe_view(request: HttpRequest) -> JsonResponse:
    try:
        fields = subscription_clean(_json_body(request))
    except ValidationError as error:
        return _invalid(error)
    subscription = push_subscribe(
        user=request.user, user_agent=request.headers.get("User-Agent", ""), **fields
    )
    return JsonResponse({"subscribed": True, "id": subscription.pk}, status=201)


@require_POST
@_signed_in
def push_unsubscribe_view(request: HttpRequest) -> JsonResponse:
    data = _json_body(request)
    endpoint = data.get("endpoint") if isinstance(data, dict) else None
    if not isinstance(endpoint, str) or not endpoint:
        return _invalid(ValidationError({"endpoint": ValidationError(_("Which endpoint?"), code="required")}))
    return JsonResponse({"removed": push_unsubscribe(user=request.user, endpoint=endpoint)})


@require_POST
@_signed_in
def push_test_view(request: HttpRequest) -> JsonResponse:
    """A test notice to each of the player's browsers, sent now: the page says how many took it.
    Tapping it opens the page it was asked from."""
    if not cache.add(f"push-test:{request.user.pk}", 1, timeout=TEST_EVERY_SECONDS):
        return JsonResponse(
            {"error": "too_soon", "message": _("A test notice was sent a moment ago: wait a few seconds.")},
            status=429,
        )
    data = _json_body(request)
    url = data.get("url") if isinstance(data, dict) else None
    if not (
        isinstance(url, str)
        and url.startswith("/")
        and url_has_allowed_host_and_scheme(url, allowed_hosts={request.get_host()})
    ):
        url = "/"
    devices = request.user.push_subscriptions.count()
    payload = {
        "title": _("Formule Dé league: a test notice"),
        "body": _("Notices reach this device: this is how the site will tell you it is your move."),
        "url": url,
        "tag": "push-test",
    }
    try:
        sent = push_to_user(request.user, payload)
    except PushFailed:
        return JsonResponse(
            {
                "error": "push_failed",
                "sent": 0,
                "devices": devices,
                "message": _("The push service did not answer."),
            },
            status=502,
        )
    return JsonResponse({"sent": sent, "devices": devices})


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """static/js/remote-sw.js at /sw.js: a worker's scope is at most the folder it is served from
    (Service-Worker-Allowed says so too), and a notice may open any page of the site."""
    path = finders.find(SERVICE_WORKER)
    if not path:
        raise Http404(SERVICE_WORKER)
    with open(path, "rb") as source:
        response = HttpResponse(source.read(), content_type="application/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    # A browser looks for a new worker at most daily anyway; no-cache makes it ask each time.
    response["Cache-Control"] = "no-cache"
    return response
