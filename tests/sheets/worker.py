"""A real Celery worker for the pipeline tests: a subprocess on Redis, working on the test database.

Each rig has its own queue (one per test run and test), so two test runs side by
side on one Redis never take each other's messages; it never flushes a database.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
CELERY = ROOT / ".venv" / "bin" / "celery"
REDIS_DB = 15  # never 0: the development worker's


def worker_database_url() -> str:
    """Where the worker finds the database this test runs on (pytest-django's test database)."""
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        name = str(settings["NAME"])
        if name == ":memory:" or "mode=memory" in name:
            raise RuntimeError("the worker tests need a file SQLite test database (config/settings/test.py)")
        return f"sqlite:///{name}"
    if connection.vendor == "postgresql":
        user = quote(settings.get("USER") or "", safe="")
        password = quote(settings.get("PASSWORD") or "", safe="")
        auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
        host = settings.get("HOST") or "127.0.0.1"
        port = settings.get("PORT") or "5432"
        return f"postgres://{auth}{host}:{port}/{settings['NAME']}"
    raise RuntimeError(f"no worker test for {connection.vendor}")


@dataclass
class WorkerRig:
    redis_url: str
    database_url: str
    logs: Path
    queue: str = field(default_factory=lambda: f"fdleague-test-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    procs: list[subprocess.Popen] = field(default_factory=list)

    def start(
        self, *, pool: str = "solo", concurrency: int = 1, delay: float = 0, visibility_timeout: int = 3600
    ) -> subprocess.Popen:
        name = f"w{len(self.procs) + 1}"
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.test",
            "REDIS_URL": self.redis_url,
            "DATABASE_URL": self.database_url,
            "CELERY_TASK_ALWAYS_EAGER": "False",
            "CELERY_QUEUE": self.queue,
            "CELERY_VISIBILITY_TIMEOUT": str(visibility_timeout),
            "SLOW_JUDGE_SECONDS": str(delay),
            "PYTHONUNBUFFERED": "1",
        }
        command = [
            str(CELERY),
            "-A",
            "tests.sheets.slow_worker",  # the site's app; `delay` makes its judge slow
            "worker",
            f"--pool={pool}",
            f"--concurrency={concurrency}",
            "-Q",
            self.queue,
            "-n",
            f"{self.queue}-{name}@%h",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "--loglevel=INFO",
        ]
        log = (self.logs / f"{name}.log").open("wb")
        proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        proc.log_path = self.logs / f"{name}.log"  # type: ignore[attr-defined]
        self.procs.append(proc)
        return proc

    def log(self, proc: subprocess.Popen) -> str:
        return Path(proc.log_path).read_text(errors="replace")  # type: ignore[attr-defined]

    def kill(self, proc: subprocess.Popen) -> None:
        """SIGKILL: no warm shutdown, no chance to hand the message back."""
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)

    def stop_all(self) -> None:
        for proc in self.procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=5)


def wait_for(check: Callable[[], Any], *, timeout: float = 60, what: str = "a condition", rig=None) -> Any:
    """Poll `check` until it returns something true; fail with the workers' logs after `timeout`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.2)
    logs = "\n".join(f"--- {p.args[-1]} ---\n{rig.log(p)[-3000:]}" for p in rig.procs) if rig else ""
    raise AssertionError(f"timed out after {timeout}s waiting for {what}\n{logs}")


def use_broker(app, *, broker_url: str, queue: str) -> dict[str, Any]:
    """Point this process's Celery app at the rig's broker and queue; returns what to restore."""
    keys = ("broker_url", "task_always_eager", "task_default_queue")
    saved = {key: app.conf[key] for key in keys}
    app.conf.update(broker_url=broker_url, task_always_eager=False, task_default_queue=queue)
    _forget_connections(app)
    return saved


def restore_broker(app, saved: dict[str, Any]) -> None:
    app.conf.update(**saved)
    _forget_connections(app)


def _forget_connections(app) -> None:
    # The app keeps a connection pool and a producer pool built from the broker URL of the time.
    app._pool = None
    amqp = app.__dict__.get("amqp")
    if amqp is not None:
        amqp._producer_pool = None
        for cached in ("queues", "default_queue", "router"):
            amqp.__dict__.pop(cached, None)
