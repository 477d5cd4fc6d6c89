"""Remote races under load (issue 26): every driver plays his own car through the race-night HTTP API.
Prints figures; asserts nothing.

    .venv/bin/python bench/remote.py [--tables 500] [--seconds 60] [--warmup 10] [--workers 2]
                                     [--clients 16] [--laps 2] [--keep]

It creates a PostgreSQL database of its own (`bench_remote_<pid>` on 127.0.0.1:5432, dropped on the
way out), migrates it and builds `--tables` seasons with remote races, one race each on the oval
with 10 cars, each car with a driver of its own (a user with an API token) and a wear build
(`bench/remote_league.py`); the site opens them (`remote.opening.open_due_races`: tables, clocks,
"your move" notices). Then the site runs with production settings (`bench/site_settings.py`:
gunicorn `--workers` sync workers, Redis, the notices sent by one Celery worker with the locmem
e-mail backend, no webhook) and `--clients` threads play: each takes its share of the tables in
turn and plays the car awaited, as its driver's phone would when "your move" arrives
(tests/remote/remote_race.py `play_move`):

    GET  /api/tables/<id>/choices/              the car awaited, the steps, the gears: the highest free one ≤ 6
    POST /api/tables/<id>/rolls/ {"die": G}     the site rolls it; the answer has the stops: the last one
                                                without a reason not to
    POST /api/tables/<id>/moves/?events=N {"move", "expected"}  the site rolls the tests

After `--warmup` seconds, for `--seconds`: moves/s; p50/p95 of the whole move (the three requests)
and of the move POST alone, beside the minimal view's (`/bench/minimal/`, one probe thread every
0.1 s in the same run, so under the same load); notices sent (Notice rows); CPU per move (gunicorn's
processes, then the Celery worker's and PostgreSQL's, from /proc). The per-driver throttle
(THROTTLE_TABLES) is raised for the bench: one client plays many moves a minute of one driver only
when a table has nothing else to play.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import platform
import signal
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.pipeline import _cpu_seconds, _database_cpu_seconds, _start_workers  # noqa: E402
from bench.pipeline import _stop as _stop_workers  # noqa: E402
from bench.site import HOST, MINIMAL, Scratch, _clean_up, _free_port, _percentile, _start, production_env  # noqa: E402

TARGET_RATE = 35  # moves/s sustained
TARGET_RATIO = 10  # move p95 over the minimal view's p95
STEPS = ("GET choices", "POST rolls", "POST moves")
PROBE_EVERY = 0.1  # seconds between two GETs of the minimal view


@dataclass
class Figures:
    whole: list[float] = field(default_factory=list)  # seconds, the five requests of a move
    post: list[float] = field(default_factory=list)  # the move POST alone
    minimal: list[float] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)
    steps: dict[str, list[float]] = field(default_factory=dict)  # each request of a measured move
    skipped: int = 0  # reads that found no driver's move awaited (the site playing, or over)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500, help="remote tables of 10 cars")
    parser.add_argument("--seconds", type=float, default=60, help="measured seconds")
    parser.add_argument("--warmup", type=float, default=10, help="seconds played before measuring")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn sync workers")
    parser.add_argument("--clients", type=int, default=16, help="driver threads")
    parser.add_argument("--laps", type=int, default=2)
    parser.add_argument("--keep", action="store_true", help="keep the bench database (not dropped)")
    args = parser.parse_args(argv)
    if min(args.tables, args.workers, args.clients, args.laps) < 1 or args.seconds <= 0:
        parser.error("sizes and counts must be at least 1")
    args.server = "gunicorn"  # for bench.site._server_command
    return args


class Client:
    """One keep-alive HTTP connection (sync workers close it after each answer: it reopens)."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection(HOST, port, timeout=60)
        self.took: list[float] = []  # each request's seconds, for the current move

    def call(self, method: str, path: str, token: str, body: dict | None = None) -> tuple[int, object]:
        started = time.perf_counter()
        try:
            return self._call(method, path, token, body)
        finally:
            self.took.append(time.perf_counter() - started)

    def _call(self, method: str, path: str, token: str, body: dict | None = None) -> tuple[int, object]:
        headers = {"Authorization": f"Token {token}", "Accept": "application/json"}
        data = None
        if body is not None:
            data = json.dumps(body)
            headers["Content-Type"] = "application/json"
        try:
            self.conn.request(method, path, body=data, headers=headers)
            response = self.conn.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException):
            self.conn.close()
            raise
        try:
            return response.status, json.loads(raw) if raw else None
        except ValueError:
            return response.status, raw[:200].decode(errors="replace")


def _choose_gear(choices: dict) -> int:
    offered = choices["gears"]["choices"]
    free = [c["gear"] for c in offered if c["free"] and c["gear"] <= 6]
    return max(free) if free else min(offered, key=lambda c: c["gearbox"] + c["brakes"] + c["engine"])["gear"]


def _move(client: Client, table, figures: Figures, window: tuple[float, float]) -> bool:
    """Play the car awaited on `table`; False once the table is over."""
    base = f"/api/tables/{table.id}/"
    any_token = next(iter(table.tokens.values()))
    client.took = []
    started = time.perf_counter()
    # the car awaited, the steps to send back and its gears, in one read (its phone knows its car
    # from the notice; the bench asks the table)
    status, choices = client.call("GET", base + "choices/", any_token)
    if status != 200:
        figures.errors[f"GET choices {status}: {str(choices)[:120]}"] += 1
        return True
    car = choices.get("car")
    if (
        car is None
        and not choices.get("restart_due")
        and not choices.get("wait")
        and choices.get("turn") is None
    ):
        return False  # the race is over
    if car is None or choices["restart_due"] or choices["wait"] or car not in table.tokens:
        with figures.lock:
            figures.skipped += 1
        return True
    token = table.tokens[car]
    gear = _choose_gear(choices)
    # the site rolls the gear's die; its answer carries the stops for that roll
    status, rolled = client.call("POST", base + "rolls/", token, {"die": str(gear)})
    if status != 201:
        figures.errors[f"POST rolls {status}: {str(rolled)[:120]}"] += 1
        return True
    stops = rolled["choices"]["stops"]
    safe = [s for s in stops if not s["way"]["why"]] or stops
    posted = time.perf_counter()
    steps = choices["steps"]
    status, answer = client.call(
        "POST",
        base + f"moves/?events={steps + 1}",
        token,
        {"move": safe[-1]["way"]["move"], "expected": steps},
    )
    done = time.perf_counter()
    if status not in (200, 201):
        figures.errors[f"POST moves {status}: {str(answer)[:120]}"] += 1
        return True
    if window[0] <= started and done <= window[1]:
        with figures.lock:
            figures.whole.append(done - started)
            figures.post.append(done - posted)
            for step, took in zip(STEPS, client.took, strict=True):
                figures.steps.setdefault(step, []).append(took)
    return True


def _driver(port: int, tables: list, figures: Figures, window: tuple[float, float]) -> None:
    client = Client(port)
    playing = list(tables)
    while playing and time.perf_counter() < window[1]:
        for table in list(playing):
            if time.perf_counter() >= window[1]:
                return
            try:
                if not _move(client, table, figures, window):
                    playing.remove(table)
            except (OSError, http.client.HTTPException, KeyError, TypeError) as exc:
                figures.errors[f"{type(exc).__name__}: {exc}"[:120]] += 1


def _probe(port: int, figures: Figures, window: tuple[float, float]) -> None:
    conn = http.client.HTTPConnection(HOST, port, timeout=60)
    while time.perf_counter() < window[1]:
        started = time.perf_counter()
        try:
            conn.request("GET", MINIMAL)
            response = conn.getresponse()
            response.read()
        except (OSError, http.client.HTTPException) as exc:
            conn.close()
            figures.errors[f"minimal {type(exc).__name__}"] += 1
            continue
        done = time.perf_counter()
        if response.status == 200 and window[0] <= started and done <= window[1]:
            figures.minimal.append(done - started)
        time.sleep(max(0.0, PROBE_EVERY - (done - started)))


def _group_cpu_seconds(pgid: int) -> float:
    """User + system CPU of the processes in group `pgid`, and of the children they reaped."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) == pgid:  # pgrp (field 5 of stat)
                total += sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
    return total / os.sysconf("SC_CLK_TCK")


def _notices_sent() -> int:
    from notifications.models import Notice

    return Notice.objects.filter(sent_at__isnull=False).count()


def _ms(values: list[float], p: int) -> str:
    return f"{_percentile(values, p) * 1000:7.1f}" if values else "     —"


def main(argv: list[str] | None = None) -> int:  # noqa: PLR0915 - set-up, run, report, clean-up
    args = _args(argv)
    folder = Path(tempfile.mkdtemp(prefix="fdleague-bench-remote-"))
    name = f"bench_remote_{os.getpid()}"
    scratch = Scratch(f"postgres://postgres@127.0.0.1:5432/{name}", folder, args.keep)
    os.environ.update(
        {
            **production_env(scratch, folder),
            "SITE_URL": f"http://{HOST}",
            "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
            "LEAGUE_WEBHOOK_URL": "",
            "THROTTLE_TABLES": "100000/min",
            # each worker keeps every table built (about 0.6 MB each): none is replayed per request
            "LIVE_TABLES_KEPT": str(max(256, args.tables + 50)),
            "CACHE_KEY_PREFIX": f"bench-remote-{os.getpid()}",
            "CELERY_KEY_PREFIX": f"bench-remote-{os.getpid()}:",
            "REMOTE_SWEEP_EVERY": "3600",
        }
    )
    os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/0")
    warnings.filterwarnings("ignore", message="No directory at: ")
    server: subprocess.Popen | None = None
    workers: list[subprocess.Popen] = []
    django_ready = False
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    try:
        scratch.create()
        import django

        django.setup()
        django_ready = True
        from django.conf import settings
        from django.core.management import call_command

        from bench.remote_league import remote_tables_load

        call_command("migrate", verbosity=0)
        started = time.perf_counter()
        # The notices of the opening go through the worker too: start it first.
        queues = f"{settings.CELERY_TASK_DEFAULT_QUEUE},{settings.CELERY_NOTIFICATIONS_QUEUE}"
        workers = _start_workers(1, {}, queues, folder)
        tables = remote_tables_load(tables=args.tables, laps=args.laps)
        load_seconds = time.perf_counter() - started
        if len(tables) < args.tables:
            print(f"! only {len(tables)} of {args.tables} tables opened")
        from django.db import connections

        connections.close_all()

        port = _free_port()
        server = _start(_server_command(args, port), dict(os.environ), folder / "server.log", port)
        print(
            f"Remote races: {len(tables)} tables × 10 cars ({args.laps} laps, built and opened in "
            f"{load_seconds:.0f} s); PostgreSQL {name}, gunicorn {args.workers} sync workers, 1 Celery "
            f"worker (notices); {args.clients} driver threads; {args.warmup:.0f} s warm-up, "
            f"{args.seconds:.0f} s measured; Python {platform.python_version()}, Django {django.get_version()}, "
            f"{os.cpu_count()} cores"
        )
        figures = Figures()
        now = time.perf_counter()
        window = (now + args.warmup, now + args.warmup + args.seconds)
        threads = [
            threading.Thread(
                target=_driver, args=(port, tables[i :: args.clients], figures, window), daemon=True
            )
            for i in range(args.clients)
        ]
        threads.append(threading.Thread(target=_probe, args=(port, figures, window), daemon=True))
        for thread in threads:
            thread.start()
        time.sleep(max(0.0, window[0] - time.perf_counter()))
        cpu = (_group_cpu_seconds(server.pid), _cpu_seconds(workers), _database_cpu_seconds())
        clients_cpu = time.process_time()  # the bench's own threads share the 2 cores
        notices_before = _notices_sent()
        connections.close_all()
        for thread in threads:
            thread.join(max(0.0, window[1] - time.perf_counter()) + 65)
        cpu_after = (_group_cpu_seconds(server.pid), _cpu_seconds(workers), _database_cpu_seconds())
        clients_cpu = time.process_time() - clients_cpu
        notices_window = _notices_sent() - notices_before
        time.sleep(3)  # the worker's backlog
        notices_total = _notices_sent()
        moves = len(figures.whole)
        rate = moves / args.seconds
        p95_min = _percentile(figures.minimal, 95) if figures.minimal else None
        p95_move = _percentile(figures.whole, 95) if figures.whole else None
        print()
        print(f"{'':<22} {'count':>7} {'p50 ms':>7} {'p95 ms':>7}")
        print(f"{'whole move (3 req.)':<22} {moves:>7} {_ms(figures.whole, 50)} {_ms(figures.whole, 95)}")
        print(
            f"{'move POST alone':<22} {len(figures.post):>7} {_ms(figures.post, 50)} {_ms(figures.post, 95)}"
        )
        for step in STEPS:
            took = figures.steps.get(step, [])
            print(f"{'  ' + step:<22} {len(took):>7} {_ms(took, 50)} {_ms(took, 95)}")
        print(
            f"{'minimal view':<22} {len(figures.minimal):>7} {_ms(figures.minimal, 50)} {_ms(figures.minimal, 95)}"
        )
        print()
        verdict = "ok" if rate >= TARGET_RATE else "below"
        print(f"moves/s sustained: {rate:.1f}   (target ≥ {TARGET_RATE}: {verdict})")
        if p95_min and p95_move:
            ratio = p95_move / p95_min
            verdict = "ok" if ratio <= TARGET_RATIO else "above"
            print(f"move p95 / minimal p95: {ratio:.1f}×   (target ≤ {TARGET_RATIO}×: {verdict})")
        print(
            f"notices sent (Notice rows): {notices_window} in the window, {notices_total} in all "
            f"(opening included)"
        )
        if moves:
            web, worker, database = (after - before for after, before in zip(cpu_after, cpu, strict=True))
            print(
                f"CPU per move: gunicorn {web / moves * 1000:.1f} ms, Celery worker {worker / moves * 1000:.1f} ms, "
                f"PostgreSQL {database / moves * 1000:.1f} ms (user + system, measured window); "
                f"the bench's own clients {clients_cpu / moves * 1000:.1f} ms"
            )
        print(f"reads with no driver's move awaited: {figures.skipped}")
        for error, n in figures.errors.most_common(10):
            print(f"! {n}× {error}")
        log = (folder / "server.log").read_text(errors="replace").splitlines()
        problems = [line for line in log if '"ERROR"' in line or "Traceback" in line or "CRITICAL" in line]
        if problems:
            print(f"! server log: {len(problems)} error lines; first: {problems[0][:300]}")
        return 0 if not figures.errors else 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    finally:
        if workers:
            _stop_workers(workers)
        _clean_up(server, django_ready, scratch, folder, keep=args.keep)


def _server_command(args: argparse.Namespace, port: int) -> list[str]:
    from bench.site import _server_command as site_command

    return site_command(args, port)


if __name__ == "__main__":
    raise SystemExit(main())
