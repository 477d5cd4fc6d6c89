"""A chat webhook of the tests' own that hangs: it takes each call and answers only when released
(or after `hold` seconds), counting the calls it holds."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class HangingWebhook(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, hold: float) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.hold = hold
        self.release = threading.Event()
        self.lock = threading.Lock()
        self.arrived: list[float] = []  # time.monotonic() of each call
        self.holding = 0  # calls taken and not answered yet

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/hook"


class _Handler(BaseHTTPRequestHandler):
    server: HangingWebhook

    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        with self.server.lock:
            self.server.arrived.append(time.monotonic())
            self.server.holding += 1
        try:
            self.server.release.wait(self.server.hold)
            self.send_response(204)
            self.end_headers()
        except OSError:
            pass  # the caller gave up (its timeout) long ago
        finally:
            with self.server.lock:
                self.server.holding -= 1

    def log_message(self, *_args: object) -> None:
        pass


@contextmanager
def hanging_webhook(hold: float = 30) -> Iterator[HangingWebhook]:
    server = HangingWebhook(hold)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.release.set()
        server.shutdown()
        server.server_close()
