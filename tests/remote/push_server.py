"""A push service on this machine, for tests: it takes what the site posts to a browser's endpoint
(POST /push/<id>), keeps each request, answers 201 (or what it is told: 410 for a subscription
gone, or nothing at all, hanging), and reads a notice as the browser would: it decrypts the body
with the subscription's private key and auth secret, and checks the VAPID signature.

    with FakePushService() as service:                # http://127.0.0.1:<free port>
        phone = service.subscription()               # a browser's key pair, at service.endpoint(id)
        client.post("/me/push/subscribe/", phone.to_json(), content_type="application/json")
        ...                                          # the site sends a notice
        [request] = service.wait_for(1)              # requests arrive from another thread
        phone.payload(request)                       # {"title", "body", "url", "tag"}
        service.vapid_claims(request, vapid.public_key())  # {"aud", "sub", "exp"}, signature checked

The site must accept plain-http endpoints on 127.0.0.1 (settings.PUSH_ALLOW_HTTP_ENDPOINTS), and
a proxy in the environment must be bypassed (NO_PROXY=127.0.0.1): see tests/remote/test_push.py.
"""

from __future__ import annotations

import json
import os
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import jwt

from remote.vapid import b64url

PUSH_PATH = re.compile(r"^/push/(?P<id>[A-Za-z0-9_-]+)$")
HANG_AT_MOST = 30  # seconds a hanging answer waits if the service is never closed


@dataclass(frozen=True)
class PushRequest:
    """One POST the service received: `headers` with lower-case names."""

    id: str
    headers: dict[str, str]
    body: bytes
    received_at: float

    @property
    def ttl(self) -> int:
        return int(self.headers["ttl"])


@dataclass
class FakeSubscription:
    """A browser's side of a subscription: its ECDH key pair and auth secret, at an endpoint."""

    id: str
    endpoint: str
    private_key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth_secret: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def p256dh(self) -> str:
        point = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return b64url(point)

    @property
    def auth(self) -> str:
        return b64url(self.auth_secret)

    def to_json(self) -> dict[str, Any]:
        """What the browser's `PushSubscription.toJSON()` gives."""
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": self.p256dh, "auth": self.auth},
        }

    def decrypt(self, request: PushRequest) -> bytes:
        """The body as the browser reads it (RFC 8291, aes128gcm): fails unless encrypted for us."""
        assert request.headers.get("content-encoding") == "aes128gcm", request.headers
        return http_ece.decrypt(
            request.body, private_key=self.private_key, auth_secret=self.auth_secret, version="aes128gcm"
        )

    def payload(self, request: PushRequest) -> dict[str, Any]:
        return json.loads(self.decrypt(request))


class FakePushService:
    def __init__(self, host: str = "127.0.0.1") -> None:
        self.requests: list[PushRequest] = []
        self._answers: dict[str, int] = {}
        self._hanging: set[str] = set()
        self._closed = threading.Event()
        self._arrived = threading.Condition()
        self._count = 0
        self._server = ThreadingHTTPServer((host, 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="fake-push", daemon=True)

    # -- life ------------------------------------------------------------------------------------

    def start(self) -> FakePushService:
        self._thread.start()
        return self

    def close(self) -> None:
        self._closed.set()  # releases hanging answers
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> FakePushService:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- set-up ----------------------------------------------------------------------------------

    @property
    def origin(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def endpoint(self, id: str) -> str:
        return f"{self.origin}/push/{id}"

    def subscription(self, id: str | None = None) -> FakeSubscription:
        """A new browser subscribed at this service (a fresh key pair and auth secret)."""
        with self._arrived:
            self._count += 1
            id = id or f"sub{self._count}"
        return FakeSubscription(id=id, endpoint=self.endpoint(id))

    def answer(self, id: str, status: int) -> None:
        """From now on answer `status` to pushes for `id` (410: the subscription is gone)."""
        self._answers[id] = status

    def hang(self, id: str) -> None:
        """From now on never answer pushes for `id` (until the service is closed)."""
        self._hanging.add(id)

    # -- reading ---------------------------------------------------------------------------------

    def requests_for(self, id: str) -> list[PushRequest]:
        return [request for request in self.requests if request.id == id]

    def wait_for(self, count: int, timeout: float = 5.0) -> list[PushRequest]:
        """The requests received, once there are at least `count` (AssertionError after `timeout`)."""
        deadline = time.monotonic() + timeout
        with self._arrived:
            while len(self.requests) < count:
                left = deadline - time.monotonic()
                assert left > 0, f"{len(self.requests)} pushes received of {count} awaited"
                self._arrived.wait(left)
            return list(self.requests)

    def vapid_claims(self, request: PushRequest, public_key: str) -> dict[str, Any]:
        """The VAPID JWT's claims, its signature checked against the site's `public_key`, its key
        (`k=`) that key and its audience this service's origin, as a push service checks them."""
        scheme, _, params = request.headers["authorization"].partition(" ")
        assert scheme.lower() == "vapid", request.headers["authorization"]
        parts = dict(part.strip().split("=", 1) for part in params.split(","))
        assert parts["k"] == public_key, "signed with another key than the site's public key"
        claims = jwt.decode(parts["t"], public_key)  # raises InvalidSignature
        assert claims["aud"] == self.origin, claims
        assert claims["exp"] > time.time(), claims
        return claims

    # -- the server ------------------------------------------------------------------------------

    def _record(self, request: PushRequest) -> None:
        with self._arrived:
            self.requests.append(request)
            self._arrived.notify_all()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        service = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:
                match = PUSH_PATH.match(self.path)
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if not match:
                    self._answer(404)
                    return
                id = match["id"]
                headers = {name.lower(): value for name, value in self.headers.items()}
                service._record(PushRequest(id=id, headers=headers, body=body, received_at=time.time()))
                if id in service._hanging:
                    service._closed.wait(HANG_AT_MOST)
                    return
                self._answer(service._answers.get(id, 201), location=f"/message/{id}/{len(service.requests)}")

            def _answer(self, status: int, location: str = "") -> None:
                self.send_response(status)
                if location:
                    self.send_header("Location", location)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:  # quiet under pytest
                pass

        return Handler
