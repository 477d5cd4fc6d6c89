"""Web Push: a browser's subscription kept (its endpoint checked, its keys read), and a notice
sent to it, signed with the site's VAPID key (remote/vapid.py) and encrypted for that browser
alone (aes128gcm, RFC 8291) by pywebpush.

A push service that answers 404 or 410 has forgotten the subscription (the app uninstalled, the
permission withdrawn): the row goes. Any other failure — a refusal, a timeout after PUSH_TIMEOUT,
a refused connection — is a `PushFailed`, an OSError: the notifications' delivery tasks retry
those (`autoretry_for=(OSError,)`, notifications/tasks.py)."""

from __future__ import annotations

import base64
import hashlib
import json
import logging
from typing import Any, TypedDict
from urllib.parse import urlsplit

import requests
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from pywebpush import WebPushException, webpush

from remote import vapid
from remote.models import PushSubscription

logger = logging.getLogger(__name__)

# A player's browsers that get his notices: the oldest subscriptions past this many are dropped
# (a script must not make the site post to a thousand endpoints for one "your move").
MAX_DEVICES = 10
GONE = (404, 410)
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}


class PushPayload(TypedDict, total=False):
    """What the service worker shows (static/js/remote-sw.js): `tag` makes a newer notice with the
    same tag replace the older one, on the phone and, still undelivered, at the push service."""

    title: str
    body: str
    url: str
    tag: str


class PushFailed(OSError):
    """A notice not delivered now that may be later: retried as any OSError is."""

    def __init__(self, message: str, *, status: int | None = None, retry_after: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


# -- Subscriptions --------------------------------------------------------------------------------


def subscription_clean(data: Any) -> dict[str, str]:
    """The endpoint and keys of `PushSubscription.toJSON()` (`{"endpoint", "keys": {"p256dh",
    "auth"}}`), checked: raises ValidationError naming the field, with a code."""
    if not isinstance(data, dict):
        raise ValidationError(_("A push subscription is a JSON object."), code="not_an_object")
    keys = data.get("keys")
    keys = keys if isinstance(keys, dict) else {}
    errors: dict[str, ValidationError] = {}
    endpoint = data.get("endpoint")
    try:
        endpoint_check(endpoint)
    except ValidationError as exc:
        errors["endpoint"] = exc
    p256dh, auth = keys.get("p256dh"), keys.get("auth")
    if not _is_p256_point(p256dh):
        errors["p256dh"] = ValidationError(
            _("The browser's public key (p256dh) is not a P-256 point in base64url."), code="bad_p256dh"
        )
    if _b64url_length(auth) != 16:
        errors["auth"] = ValidationError(
            _("The browser's auth secret is not 16 bytes in base64url."), code="bad_auth"
        )
    if errors:
        raise ValidationError(errors)
    return {"endpoint": endpoint, "p256dh": p256dh.strip().rstrip("="), "auth": auth.strip().rstrip("=")}


def endpoint_check(endpoint: Any) -> None:
    """An https address of a known push service (PUSH_SERVICE_HOSTS): the site posts to it. Plain
    http on this machine too when DEBUG or PUSH_ALLOW_HTTP_ENDPOINTS (the tests' fake service)."""
    field = PushSubscription._meta.get_field("endpoint")
    if not isinstance(endpoint, str) or not endpoint:
        raise ValidationError(_("A push subscription needs its endpoint."), code="required")
    if len(endpoint) > field.max_length:
        raise ValidationError(
            _("The endpoint is longer than %(limit)d characters."),
            code="too_long",
            params={"limit": field.max_length},
        )
    parts = urlsplit(endpoint)
    host = (parts.hostname or "").lower()
    local = host in LOCAL_HOSTS and (settings.DEBUG or settings.PUSH_ALLOW_HTTP_ENDPOINTS)
    if (
        parts.username
        or parts.password
        or not (parts.scheme == "https" or (local and parts.scheme == "http"))
    ):
        raise ValidationError(
            _("The endpoint %(endpoint)s is not an https address."),
            code="not_https",
            params={"endpoint": endpoint[:100]},
        )
    if not local and not _known_push_service(host):
        raise ValidationError(
            _("The endpoint's host %(host)s is not a push service this site knows."),
            code="unknown_push_service",
            params={"host": host},
        )
    field.run_validators(endpoint)


def _known_push_service(host: str) -> bool:
    allowed = settings.PUSH_SERVICE_HOSTS
    if not allowed:
        return bool(host)
    return any(host.endswith(name) if name.startswith(".") else host == name for name in allowed)


def _b64url_length(text: Any) -> int | None:
    if not isinstance(text, str):
        return None
    try:
        return len(vapid.b64url_decode(text))
    except ValueError:
        return None


def _is_p256_point(text: Any) -> bool:
    if _b64url_length(text) != 65:
        return False
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), vapid.b64url_decode(text))
    except ValueError:
        return False
    return True


@transaction.atomic
def push_subscribe(
    *, user: Any, endpoint: str, p256dh: str, auth: str, user_agent: str = ""
) -> PushSubscription:
    """Keep this browser's subscription for `user` (checked by `subscription_clean`). An endpoint
    known already is his now: one browser, one player signed in at a time."""
    subscription, _created = PushSubscription.objects.update_or_create(
        endpoint=endpoint,
        defaults={"user": user, "p256dh": p256dh, "auth": auth, "user_agent": user_agent[:200]},
    )
    older = PushSubscription.objects.filter(user=user).order_by("-created_at", "-pk")[MAX_DEVICES:]
    PushSubscription.objects.filter(pk__in=list(older.values_list("pk", flat=True))).delete()
    return subscription


def push_unsubscribe(*, user: Any, endpoint: str) -> int:
    """Forget `user`'s subscription at this endpoint; how many rows went (0 or 1)."""
    removed, _per_model = PushSubscription.objects.filter(user=user, endpoint=endpoint).delete()
    return removed


# -- Sending --------------------------------------------------------------------------------------


def push_send(subscription: PushSubscription, payload: PushPayload) -> int:
    """Send one notice to one browser; the push service's status (201 delivered, or 404/410: the
    subscription was gone and is deleted). Raises PushFailed (an OSError) on anything else."""
    body = {
        "title": payload["title"],
        "body": payload.get("body", ""),
        "url": payload.get("url", "/"),
        "tag": payload.get("tag", ""),
    }
    headers = {"Urgency": "high"}
    if body["tag"]:
        # The push service keeps one undelivered message per topic: a phone off for a while gets
        # the latest "your move", not each. A topic is at most 32 base64url characters.
        headers["Topic"] = _topic(body["tag"])
    parts = urlsplit(subscription.endpoint)
    try:
        response = webpush(
            subscription_info={
                "endpoint": subscription.endpoint,
                "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
            },
            data=json.dumps(body, ensure_ascii=False),
            vapid_private_key=vapid.private_key(),
            vapid_claims={"sub": settings.VAPID_SUBJECT, "aud": f"{parts.scheme}://{parts.netloc}"},
            ttl=settings.PUSH_TTL,
            timeout=settings.PUSH_TIMEOUT,
            headers=headers,
        )
    except WebPushException as exc:
        status = exc.status_code
        if status in GONE:
            PushSubscription.objects.filter(pk=subscription.pk).delete()
            logger.info("push subscription %s gone (%s): deleted", subscription.pk, status)
            return status
        raise PushFailed(
            f"push service {parts.netloc} refused the notice: {status} {exc.message}"[:500],
            status=status,
            retry_after=exc.retry_after,
        ) from exc
    except (requests.RequestException, OSError) as exc:  # timeouts, refused connections, TLS
        raise PushFailed(f"push service {parts.netloc} unreachable: {exc}"[:500]) from exc
    return response.status_code


def push_to_user(user: Any, payload: PushPayload) -> int:
    """Send a notice to each of `user`'s browsers; how many took it. When none did and one failed
    for a reason that may pass, raises its PushFailed, so that a retry sends it again to none twice."""
    delivered = 0
    failed: PushFailed | None = None
    for subscription in list(PushSubscription.objects.filter(user=user)):
        try:
            status = push_send(subscription, payload)
        except PushFailed as exc:
            logger.warning("push to subscription %s failed: %s", subscription.pk, exc)
            failed = failed or exc
            continue
        if status not in GONE:
            delivered += 1
    if failed is not None and delivered == 0:
        raise failed
    return delivered


def _topic(tag: str) -> str:
    digest = hashlib.sha256(tag.encode()).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode()[:32]
