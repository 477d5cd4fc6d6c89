"""More than one machine, in small: nginx in front of two gunicorn replicas, two workers and beat, on
PostgreSQL and Redis, run from the Procfile as the README's "Production" section says.

A burst of sheets from several players goes through nginx; one replica and one worker are killed
in the middle. Every sheet must be judged once and the standings must equal the verdicts.

The database is this test's own (`fdleague_scale_<pid>`, created and dropped here): the shared
test database of the other suites is never touched.
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.conftest import require_service
from tests.scale.front import nginx_command, own_database, require_nginx
from tests.scale.processes import (
    Processes,
    forget_redis,
    free_port,
    get,
    manage,
    procfile,
    production_env,
    wait,
)

pytestmark = [pytest.mark.slow, pytest.mark.postgres, pytest.mark.redis]

SEASONS, RACES = 4, 3  # 8 players, 12 races
VERSIONS = 2  # each player sends each of his races' sheets twice: 48 sheets


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
def database() -> Iterator[str]:
    require_service("Redis", "127.0.0.1", 6379)
    require_nginx()
    with own_database("fdleague_scale") as url:
        yield url


def test_two_replicas_and_two_workers_lose_nothing_when_one_of_each_dies(database):
    folder = Path(tempfile.mkdtemp(prefix="fdleague-scale-"))
    tag = f"scale-{os.getpid()}"
    env = production_env(folder, database, tag)
    procs = Processes(folder, env)
    commands = procfile()
    try:
        manage(env, "manage.py", "migrate", "--noinput", "-v", "0")  # once per release
        sheets = json.loads(manage(env, "-m", "tests.scale.league", "setup", str(SEASONS), str(RACES)))[
            "sheets"
        ]
        webs = [free_port(), free_port()]
        for i, port in enumerate(webs, start=1):
            procs.start(f"web{i}", commands["web"], PORT=str(port))
        for i in (1, 2):
            procs.start(f"worker{i}", commands["worker"], WORKER_NAME=f"{i}-{tag}")
        procs.start("beat", commands["beat"])
        front = free_port()
        procs.start("nginx", nginx_command(folder, front, webs))
        for port in (*webs, front):
            wait(f"the site on {port}", lambda port=port: get(port, "/healthz") == 200)
        wait("the workers", lambda: all("ready." in procs.log(f"worker{i}") for i in (1, 2)))

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
            state = json.loads(manage(env, "-m", "tests.scale.league", "check"))
            return set(state["statuses"]) <= {"valid", "invalid"}

        try:
            wait("every verdict", judged, seconds=70)
        except AssertionError as exc:
            state = manage(env, "-m", "tests.scale.league", "check")
            raise AssertionError(f"{exc}: {state}\n{procs.log('worker2')[-3000:]}") from None
        state = json.loads(manage(env, "-m", "tests.scale.league", "check"))
        # A POST the dead replica stored but never answered was sent again: one sheet more, judged too.
        assert len(set(accepted)) == len(burst) <= state["sheets"]
        assert state["statuses"] == {"valid": state["sheets"]}
        assert state["problems"] == []
    finally:
        procs.stop_all()
        forget_redis(tag)
        shutil.rmtree(folder, ignore_errors=True)
