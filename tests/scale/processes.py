"""The production processes of the scale tests, run from the Procfile as the README's "Production"
section says: their environment, starting and killing them, and asking them over HTTP."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.conftest import ROOT

REDIS_URL = "redis://127.0.0.1:6379/0"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def procfile() -> dict[str, str]:
    lines = (ROOT / "Procfile").read_text().splitlines()
    return dict(line.split(": ", 1) for line in lines if line and not line.startswith("#"))


def production_env(folder: Path, database: str, tag: str, **extra: str) -> dict[str, str]:
    """config.settings.production on `database`, with a queue, cache and Redis keys of `tag`'s own."""
    from remote.vapid import key_pair_new

    kept = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL")}
    private, public = key_pair_new()  # production requires the Web Push keys
    return {
        **kept,
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "SECRET_KEY": "scale-test-secret-key-" + "x" * 40,
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": database,
        "REDIS_URL": REDIS_URL,
        "CELERY_QUEUE": tag,
        "CACHE_KEY_PREFIX": tag,
        "CELERY_KEY_PREFIX": f"{tag}:",  # its own unacknowledged messages, apart from other users of Redis
        "CELERY_VISIBILITY_TIMEOUT": "8",  # a dead worker's messages back in the queue soon
        "CELERY_RESTORE_INTERVAL": "2",
        "CELERY_RESTORE_THROTTLE": "1",
        "SECURE_SSL_REDIRECT": "False",  # plain HTTP on 127.0.0.1
        "TRUSTED_PROXIES": "1",
        "THROTTLE_SHEETS": "100000/min",
        "MEDIA_ROOT": str(folder / "media"),
        "LOG_LEVEL": "WARNING",
        "WEB_CONCURRENCY": "2",
        "WORKER_CONCURRENCY": "1",
        "BEAT_SCHEDULE": str(folder / "beat-schedule"),
        "VAPID_PRIVATE_KEY": private,
        "VAPID_PUBLIC_KEY": public,
        **extra,
    }


def forget_redis(tag: str) -> None:
    """The queue, cache and unacknowledged messages `tag` left in Redis."""
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    keys = [tag, *client.scan_iter(f"{tag}*"), *client.scan_iter(f"*{tag}*")]
    client.delete(*keys)


class Processes:
    def __init__(self, folder: Path, env: dict[str, str]) -> None:
        self.folder, self.env = folder, env
        self.running: dict[str, subprocess.Popen] = {}

    def start(self, name: str, command: str, **extra: str) -> subprocess.Popen:
        log = (self.folder / f"{name}.log").open("wb")
        proc = subprocess.Popen(
            ["bash", "-c", f"exec {command}"], cwd=ROOT, env={**self.env, **extra},
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        self.running[name] = proc
        return proc

    def kill(self, name: str, sig: int = signal.SIGKILL) -> None:
        proc = self.running.pop(name)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, sig)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()

    def stop_all(self) -> None:
        for name in list(self.running):
            self.kill(name, signal.SIGTERM)

    def log(self, name: str) -> str:
        return (self.folder / f"{name}.log").read_text(errors="replace")


def get(port: int, path: str) -> int:
    """The status of a GET, or 0 if nothing answered."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request("GET", path)
        return conn.getresponse().status
    except OSError:
        return 0
    finally:
        conn.close()


def call(port: int, method: str, path: str, token: str, body: Any, timeout: float = 30) -> tuple[int, Any]:
    """One JSON request with a token: (status, the decoded answer); (0, None) if the connection failed."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
    try:
        conn.request(method, path, None if body is None else json.dumps(body), headers)
        response = conn.getresponse()
        data = response.read()
    except (OSError, http.client.HTTPException):  # refused, reset, or cut mid-body
        return 0, None
    finally:
        conn.close()
    try:
        return response.status, json.loads(data)
    except ValueError:
        return response.status, data[:300]


def wait(what: str, ready: Callable[[], bool], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if ready():
            return
        time.sleep(0.3)
    raise AssertionError(f"{what} did not come up in {seconds:.0f} s")


def manage(env: dict[str, str], *args: str) -> str:
    """`python ARGS` in the deployment's environment; its standard output."""
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=180
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout
