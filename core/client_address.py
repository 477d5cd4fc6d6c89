"""The client's address, the same for the login lockout (axes), allauth's rate limits, the API's
throttles and the logs: from the proxy chain the deployment declares (`TRUSTED_PROXIES`).

With no trusted proxy the socket's address is the client: X-Forwarded-For is whatever the client
typed. With N proxies in front (nginx: 1), each appended the address it was reached from to
X-Forwarded-For, so the client is the N-th address from the right; anything left of it is the
client's own words.
"""

from __future__ import annotations

import logging
from types import SimpleNamespace

from django.conf import settings
from django.http import HttpRequest
from ipware import get_client_ip

HEADER = "HTTP_X_FORWARDED_FOR"


def client_address(request: HttpRequest) -> str:
    """The client's address as the deployment's proxies saw it; REMOTE_ADDR when no proxy is trusted
    or the request did not come through them all (a probe asking a replica directly)."""
    remote = request.META.get("REMOTE_ADDR", "") or ""
    proxies = int(getattr(settings, "TRUSTED_PROXIES", 0) or 0)
    if proxies <= 0:
        return remote
    hops = request.META.get(HEADER, "").split(",")
    if len(hops) < proxies:
        return remote
    # Only the hops our proxies wrote go to ipware: it reads quotes, and an unbalanced one typed by
    # the client would swallow the hops appended after it. strict: exactly these hops, all valid.
    written = SimpleNamespace(META={HEADER: ",".join(hops[-proxies:])})
    address, _routable = get_client_ip(
        written,
        proxy_count=proxies - 1,
        request_header_order=[HEADER],
        strict=True,
        algorithm="modern",
    )
    return address or remote


class ClientAddressFilter(logging.Filter):
    """Adds `client` (the client's address) to log records that carry their request
    (django.request's); the JSON lines show it."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = getattr(record, "request", None)
        if isinstance(request, HttpRequest) and not hasattr(record, "client"):
            record.client = client_address(request)
        return True
