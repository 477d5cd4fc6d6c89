"""More than one machine, in small: nginx in front of two gunicorn replicas, two workers and beat, on
PostgreSQL and Redis, run from the Procfile as the README's "Production" section says.

A burst of sheets from several players goes through nginx; one replica and one worker are killed
in the middle. Every sheet must be judged once and the standings must equal the verdicts.

The database is this test's own (`fdleague_scale_<pid>`, created and dropped here): the shared
test database of the other suites is never touched.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.conftest import IN_CI, ROOT, require_service

pytestmark = [pytest.mark.slow, pytest.mark.postgres, pytest.mark.redis]

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"
SEASONS, RACES = 4, 3  # 8 players, 12 races
VERSIONS = 2  # each player sends each of his races' sheets twice: 48 sheets


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _procfile() -> dict[str, str]:
    lines = (ROOT / "Procfile").read_text().splitlines()
    return dict(line.split(": ", 1) for line in lines if line and not line.startswith("#"))


class Processes:
    def __init__(self, folder: Path, env: dict[str, str]) -> None:
        self.folder, self.env, self.running = folder, env, {}

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


def _get(port: int, path: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request("GET", path)
        return conn.getresponse().status
    except OSError:
        return 0
    finally:
        conn.close()


def _wait(what: str, ready, seconds: float = 60) -> None:  # noqa: ANN001
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if ready():
            return
        time.sleep(0.3)
    raise AssertionError(f"{what} did not come up in {seconds:.0f} s")


def _nginx_conf(folder: Path, port: int, upstreams: list[int]) -> Path:
    servers = "\n".join(f"    server 127.0.0.1:{p} max_fails=1 fail_timeout=30s;" for p in upstreams)
    user = "user root;" if os.geteuid() == 0 else ""
    conf = folder / "nginx.conf"
    conf.write_text(f"""{user}
daemon off;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/nginx-error.log warn;
events {{ worker_connections 256; }}
http {{
  access_log {folder}/nginx-access.log;
  client_body_temp_path {folder}/nginx-body;
  proxy_temp_path {folder}/nginx-proxy;
  fastcgi_temp_path {folder}/nginx-fastcgi;
  uwsgi_temp_path {folder}/nginx-uwsgi;
  scgi_temp_path {folder}/nginx-scgi;
  client_max_body_size 60m;
  upstream league {{
{servers}
  }}
  server {{
    listen 127.0.0.1:{port};
    location / {{
      proxy_pass http://league;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
    }}
  }}
}}
""")
    return conf


def _manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def _post(port: int, race: int, token: str, log: str) -> int | None:
    """A client that retries what the killed replica dropped; the sheet id, or None if never accepted."""
    body = json.dumps({"log": json.loads(log)})
    for _attempt in range(4):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            conn.request("POST", f"/api/races/{race}/sheets/", body,
                         {"Authorization": f"Token {token}", "Content-Type": "application/json"})  # fmt: skip
            response = conn.getresponse()
            data = response.read()
            if response.status == 201:
                return json.loads(data)["id"]
            if response.status not in (502, 503, 504):
                raise AssertionError(f"HTTP {response.status}: {data[:300]!r}")
        except (OSError, http.client.HTTPException):  # refused, reset, or cut mid-body (IncompleteRead)
            pass
        finally:
            conn.close()
        time.sleep(0.5)
    return None


@pytest.fixture
def database():
    require_service("PostgreSQL", "127.0.0.1", 5432)
    require_service("Redis", "127.0.0.1", 6379)
    if not Path(NGINX).exists():
        if IN_CI:
            pytest.fail("nginx is not installed (apt-get install nginx)")
        pytest.skip("nginx is not installed")
    import psycopg

    name = f"fdleague_scale_{os.getpid()}"
    with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgres://postgres@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_two_replicas_and_two_workers_lose_nothing_when_one_of_each_dies(database):
    folder = Path(tempfile.mkdtemp(prefix="fdleague-scale-"))
    tag = f"scale-{os.getpid()}"
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL")},
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "SECRET_KEY": "scale-test-secret-key-" + "x" * 40,
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": database,
        "REDIS_URL": "redis://127.0.0.1:6379/0",
        "CELERY_QUEUE": tag,
        "CACHE_KEY_PREFIX": tag,
        "CELERY_KEY_PREFIX": f"{tag}:",  # its own unacknowledged messages, apart from other users of Redis
        "CELERY_VISIBILITY_TIMEOUT": "8",  # a dead worker's messages back in the queue soon
        "CELERY_RESTORE_INTERVAL": "2",
        "CELERY_RESTORE_THROTTLE": "1",
        "SECURE_SSL_REDIRECT": "False",  # nginx here speaks plain HTTP on 127.0.0.1
        "TRUSTED_PROXIES": "1",
        "THROTTLE_SHEETS": "100000/min",
        "MEDIA_ROOT": str(folder / "media"),
        "LOG_LEVEL": "WARNING",
        "WEB_CONCURRENCY": "2",
        "WORKER_CONCURRENCY": "1",
        "BEAT_SCHEDULE": str(folder / "beat-schedule"),
    }
    procs = Processes(folder, env)
    commands = _procfile()
    try:
        _manage(env, "manage.py", "migrate", "--noinput", "-v", "0")  # once per release
        sheets = json.loads(_manage(env, "-m", "tests.scale.league", "setup", str(SEASONS), str(RACES)))[
            "sheets"
        ]
        webs = [_free_port(), _free_port()]
        for i, port in enumerate(webs, start=1):
            procs.start(f"web{i}", commands["web"], PORT=str(port))
        for i in (1, 2):
            procs.start(f"worker{i}", commands["worker"], WORKER_NAME=f"{i}-{tag}")
        procs.start("beat", commands["beat"])
        front = _free_port()
        procs.start("nginx", f"{NGINX} -c {_nginx_conf(folder, front, webs)} -p {folder}")
        for port in (*webs, front):
            _wait(f"the site on {port}", lambda port=port: _get(port, "/healthz") == 200)
        _wait("the workers", lambda: all("ready." in procs.log(f"worker{i}") for i in (1, 2)))

        burst = [sheet for sheet in sheets for _ in range(VERSIONS)]
        accepted: list[int | None] = []
        sent = threading.Event()

        def killer() -> None:
            # In the middle of the burst: a replica and a worker die without a word.
            while len(accepted) < len(burst) // 3 and not sent.is_set():
                time.sleep(0.05)
            procs.kill("web1")
            procs.kill("worker1")

        chaos = threading.Thread(target=killer)
        chaos.start()
        with ThreadPoolExecutor(8) as pool:
            for sheet_id in pool.map(lambda sheet: _post(front, *sheet), burst):
                accepted.append(sheet_id)
        sent.set()
        chaos.join()
        assert None not in accepted, "a sheet was never accepted through nginx"
        assert "web1" not in procs.running and "worker1" not in procs.running

        def judged() -> bool:
            state = json.loads(_manage(env, "-m", "tests.scale.league", "check"))
            return set(state["statuses"]) <= {"valid", "invalid"}

        try:
            _wait("every verdict", judged, seconds=70)
        except AssertionError as exc:
            state = _manage(env, "-m", "tests.scale.league", "check")
            raise AssertionError(f"{exc}: {state}\n{procs.log('worker2')[-3000:]}") from None
        state = json.loads(_manage(env, "-m", "tests.scale.league", "check"))
        # A POST the dead replica stored but never answered was sent again: one sheet more, judged too.
        assert len(set(accepted)) == len(burst) <= state["sheets"]
        assert state["statuses"] == {"valid": state["sheets"]}
        assert state["problems"] == []
    finally:
        procs.stop_all()
        import redis

        client = redis.Redis.from_url("redis://127.0.0.1:6379/0")
        keys = [tag, *client.scan_iter(f"{tag}*"), *client.scan_iter(f"*{tag}*")]
        client.delete(*keys)
        shutil.rmtree(folder, ignore_errors=True)
