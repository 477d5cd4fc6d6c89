"""The PostgreSQL server restarts (pg_ctl restart -m fast) in the middle of race night.

A server of the test's own (tests/scale/pg_cluster.py), the site on it as in production (gunicorn,
two processes, and a Celery worker, from the Procfile). Race-night tables play their moves and
players send race sheets, in a burst; the server restarts in the middle. No process of the site is
restarted: Django's CONN_HEALTH_CHECKS and the worker's retries must carry it through. A second
restart while the site is idle checks that a process's kept connection, dead, is replaced before
use (without the health checks, the first request of each process got a 503).

Every move and sheet the site accepted is stored once, the tables' steps are their moves in order,
every sheet is judged, and the site answers again on its own. A request refused meanwhile gets a
503 (the outage answer), never a 500; the client sends it again, as race night's page does.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import absent, require_service
from tests.scale import pg_cluster
from tests.scale.processes import (
    Processes,
    call,
    forget_redis,
    free_port,
    get,
    manage,
    procfile,
    production_env,
    wait,
)

pytestmark = [pytest.mark.slow, pytest.mark.postgres, pytest.mark.redis]

TABLES = 4  # race-night tables, one thread each
SEASONS, RACES = 2, 2  # tests/scale/league.py: 4 players, 4 races, 8 sheets
PAUSE = 0.05  # between two writes of one client: the burst lasts a few seconds


@dataclass
class Tally:
    """What the clients saw: each answer that was not a success, and when."""

    refused: list[tuple[float, float, int]] = field(default_factory=list)  # (sent, answered, status)
    accepted: list[float] = field(default_factory=list)  # when answered
    lock: threading.Lock = field(default_factory=threading.Lock)

    def note(self, sent: float, status: int) -> None:
        with self.lock:
            now = time.monotonic()
            if 200 <= status < 300:
                self.accepted.append(now)
            else:
                self.refused.append((sent, now, status))  # status 0: no answer


def _until_answered(tally: Tally, port: int, path: str, token: str, body: Any) -> tuple[int, Any]:
    """POST, and again what the outage refused (503, or no answer); any other answer is returned."""
    for _ in range(150):
        sent = time.monotonic()
        status, answer = call(port, "POST", path, token, body)
        tally.note(sent, status)
        if status not in (0, 503):
            return status, answer
        time.sleep(0.2)
    raise AssertionError("still refused after 30 s: the site did not come back")


@pytest.fixture
def cluster():
    require_service("Redis", "127.0.0.1", 6379)
    why = pg_cluster.missing()
    if why:
        absent(why)
    own = pg_cluster.OwnCluster()
    try:
        own.start()
        yield own
    finally:
        own.stop()


def test_a_database_restart_mid_burst_loses_and_duplicates_nothing(cluster):
    import psycopg

    with psycopg.connect(cluster.admin_url, autocommit=True) as conn:
        conn.execute("CREATE DATABASE league")
    folder = Path(tempfile.mkdtemp(prefix="fdleague-pgrestart-"))
    tag = f"pgrestart-{os.getpid()}"
    env = production_env(folder, cluster.url("league"), tag)
    procs = Processes(folder, env)
    commands = procfile()
    try:
        manage(env, "manage.py", "migrate", "--noinput", "-v", "0")
        made = json.loads(
            manage(env, "-m", "tests.scale.night", "setup", str(TABLES), str(SEASONS), str(RACES))
        )
        tables, sheets = made["tables"], made["sheets"]
        web = free_port()
        procs.start("web", commands["web"], PORT=str(web))
        procs.start("worker", commands["worker"], WORKER_NAME=tag, LOG_LEVEL="INFO")  # its retries logged
        wait("the site", lambda: get(web, "/healthz") == 200)
        wait("the worker", lambda: "ready." in procs.log("worker"))
        for table in tables:
            status, body = call(web, "POST", f"/api/races/{table['race']}/tables/", table["token"],
                                {"header": table["header"]})  # fmt: skip
            assert status == 201, body
            table["id"] = body["id"]

        tally = Tally()
        total = sum(len(t["moves"]) for t in tables) + len(sheets)
        restart: dict[str, float] = {}

        def play(table: dict) -> list[int]:
            statuses = []
            for n, move in enumerate(table["moves"]):
                path = f"/api/tables/{table['id']}/moves/"
                # `expected`: a move the site stored but whose answer was lost is not stored twice (200)
                status, body = _until_answered(
                    tally, web, path, table["token"], {"move": move, "expected": n}
                )
                assert status in (200, 201), (status, body)
                statuses.append(status)
                time.sleep(PAUSE)
            return statuses

        def send(sheet: list) -> int:
            race, token, log = sheet
            time.sleep(PAUSE * 8 * sheets.index(sheet))  # spread over the burst
            status, body = _until_answered(
                tally, web, f"/api/races/{race}/sheets/", token, {"log": json.loads(log)}
            )
            assert status == 201, (status, body)
            return body["id"]

        over = threading.Event()

        def restarter() -> None:
            while len(tally.accepted) < total // 3:
                if over.is_set():
                    return  # the burst failed before its third: its error says why
                time.sleep(0.02)
            restart["start"] = time.monotonic()
            cluster.restart()
            restart["end"] = time.monotonic()

        chaos = threading.Thread(target=restarter, daemon=True)
        chaos.start()
        try:
            with ThreadPoolExecutor(TABLES + 4) as pool:
                played = [pool.submit(play, table) for table in tables]
                sent = [pool.submit(send, sheet) for sheet in sheets]
                played_statuses = [f.result() for f in played]
                accepted_sheets = [f.result() for f in sent]
        finally:
            over.set()
            chaos.join(timeout=70)
        assert restart.get("end"), "the server was not restarted during the burst"

        def judged() -> bool:
            answers = [
                call(web, "GET", f"/api/sheets/{pk}/", tables[0]["token"], None) for pk in accepted_sheets
            ]
            return all(status == 200 and body["status"] in ("valid", "invalid") for status, body in answers)

        wait("every verdict", judged, seconds=60)
        found = json.loads(manage(env, "-m", "tests.scale.night", "check"))
        # Nothing lost, nothing twice: each table's steps are its moves, in order, once each.
        night, state = found["races"], found["league"]
        for table in tables:
            [stored] = night[str(table["race"])]["tables"]
            assert stored["indexes"] == list(range(len(table["moves"])))
            assert stored["steps"] == len(table["moves"])
            assert stored["bodies"] == table["moves"]

        # Every accepted sheet stored once: none refused yet stored, none stored twice.
        assert len(set(accepted_sheets)) == len(sheets) == state["sheets"]
        assert state["statuses"] == {"valid": len(sheets)}, state
        # tests/scale/league.py's races: results and standings as their verdicts say (night's have none).
        night_races = tuple(f"race {t['race']}: " for t in tables)
        assert [p for p in state["problems"] if not p.startswith(night_races)] == [], state["problems"]

        refusals = [status for _sent, _answered, status in tally.refused]
        assert set(refusals) <= {503}, f"refused otherwise than by the outage's 503: {refusals}"
        assert [t for t in tally.accepted if t > restart["end"]], "nothing accepted after the restart"
        # Once the server is back, every request is served: a process's stale connection is found by
        # its health check (CONN_HEALTH_CHECKS) and replaced before the request uses it.
        late = [status for sent, _answered, status in tally.refused if sent > restart["end"]]
        assert late == [], f"{len(late)} requests sent after the restart ended were refused"
        last_refusal = max((answered for _s, answered, _st in tally.refused), default=restart["start"])
        recovered = min(t for t in tally.accepted if t >= last_refusal) - restart["start"]
        print(
            f"\npg restart: {total} writes ({sum(len(s) for s in played_statuses)} moves, {len(sheets)} "
            f"sheets); restart took {restart['end'] - restart['start']:.2f} s; {len(refusals)} requests "
            f"refused (503) meanwhile; writes accepted again {recovered:.2f} s after the restart began; "
            f"{sum(s.count(200) for s in played_statuses)} move answers were 200 (already stored); the "
            f"worker retried {procs.log('worker').count('] retry: ')} task(s)"
        )
        # A restart while the site is idle: each process's kept connection is dead, found so by its
        # health check, and the next request is served on a new one (without the check: a 503).
        cluster.restart()
        quiet = [get(web, f"/api/tables/{tables[0]['id']}/") for _ in range(8)]
        assert quiet == [200] * 8, f"after an idle restart: {quiet}"
        assert get(web, "/readyz") == 200  # the site says it is whole again, by itself
        assert all(proc.poll() is None for proc in procs.running.values()), "a process died"
    finally:
        procs.stop_all()
        forget_redis(tag)
        shutil.rmtree(folder, ignore_errors=True)
