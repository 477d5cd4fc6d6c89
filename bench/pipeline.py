"""How fast race sheets go from submission to verdict on real workers. Prints figures; asserts nothing.

    .venv/bin/python bench/pipeline.py [--sheets 50] [--workers 2] [--rate 0] [--via service|api]
                                       [--redis redis://127.0.0.1:6379/13] [--database-url URL] [--keep]
                                       [--postgres] [--cars 10] [--paced 20] [--prefetch 1]

`--postgres` runs on a PostgreSQL database of its own (`fdleague_bench_<pid>` on the local server,
created and dropped); `--cars 10` judges bot-written 10-car races on Spa (one per sheet, each
its own race) instead of the demo's two-car oval, and prints beside the pipeline's rate the bare
replay rate of the same sheets (read + replay, no site) on as many processes as workers, measured
in the same run: the pipeline's overhead is the gap.

It builds a scratch database (SQLite in /tmp by default; any DATABASE_URL with
--database-url, e.g. an empty PostgreSQL database), migrates it, loads the demo
league, starts `--workers` Celery worker processes (solo pool, one process each, prefetch
multiplier 1 and late acknowledgement as in production; each builds the circuits' tracks when
ready, as the bare replay warms its processes) on Redis with a queue of its own, then submits
`--sheets` sheets as alice against the demo's oval race, alternating the worked examples' valid
and gear-skip logs (or the bot's races), and waits for every verdict.

A burst (`--rate 0`) stores every sheet in one transaction, so all are queued when it commits:
the throughput is the workers' alone, from that moment to the last verdict (the submitting
process does not take their CPU meanwhile; the bare replay shares it with nobody either). Then
`--paced` more sheets (20 with --cars) are sent one by one at half that rate: their submission
→ verdict times are the latency. `--rate N`: every sheet sent at N per second instead, timed from
the first submission.

- throughput: sheets judged per second (and with each sender's e-mail sent: the messages are
  tasks of their own, queued behind the verdicts);
- latency: submission (sheet stored) to verdict (sheet judged), p50 / p95 / max, at the paced rate
  (in the burst, from queueing: mostly time in the queue);
- task time: what the workers report per validation task (`succeeded in …`), p50 / p95;
- worker CPU: user + system CPU time of the worker processes during the burst, per sheet;
- database CPU: the same for a PostgreSQL server on this machine (the cores are shared).
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "fixtures" / "examples"
sys.path.insert(0, str(ROOT))


def _args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sheets", type=int, default=50)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rate", type=float, default=0, help="sheets submitted per second; 0 = a burst")
    parser.add_argument("--via", choices=["service", "api"], default="service")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/13", help="broker (its own DB number)")
    parser.add_argument("--database-url", default="", help="default: a scratch SQLite file in /tmp")
    parser.add_argument("--keep", action="store_true", help="keep the scratch SQLite file")
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--postgres", action="store_true", help="a PostgreSQL database of its own")
    parser.add_argument("--cars", type=int, default=0, help="bot-written races of this many cars on Spa")
    parser.add_argument("--laps", type=int, default=3, help="their length (3: Spa's, and the rules' F2)")
    parser.add_argument("--paced", type=int, default=None, help="sheets sent after the burst at half its rate "
                        "for the latency (default: 20 with --cars, else 0)")  # fmt: skip
    parser.add_argument("--prefetch", type=int, default=1, help="worker prefetch multiplier (production: 1)")
    args = parser.parse_args()
    if args.paced is None:
        args.paced = 20 if args.cars and not args.rate else 0
    return args


ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"


def _own_database(create: bool) -> str:
    import psycopg

    name = f"fdleague_bench_{os.getpid()}"
    with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if create:
            conn.execute(f'CREATE DATABASE "{name}"')
    return f"postgres://postgres@127.0.0.1:5432/{name}"


def _environment(args: argparse.Namespace, queue: str) -> tuple[dict[str, str], Path | None]:
    scratch = None
    database_url = args.database_url or (_own_database(create=True) if args.postgres else "")
    if not database_url:
        scratch = Path(tempfile.gettempdir()) / f"fdleague-bench-{os.getpid()}.sqlite3"
        database_url = f"sqlite:///{scratch}"
    env = {
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "DEBUG": "False",
        "DATABASE_URL": database_url,
        "REDIS_URL": args.redis,
        "CELERY_TASK_ALWAYS_EAGER": "False",
        "CELERY_QUEUE": queue,
        "LOG_LEVEL": "WARNING",
        "CELERY_KEY_PREFIX": f"{queue}:",  # its own unacknowledged messages on a shared Redis
        "THROTTLE_SHEETS": "1000000/min",
        # Database connections kept between tasks, as config/settings/production.py keeps them.
        "DB_CONN_MAX_AGE": os.getenv("DB_CONN_MAX_AGE", "60"),
    }
    return env, scratch


def _bot_races(n: int, cars: int, laps: int) -> tuple[list, list[bytes]]:
    """n races of `cars` cars and `laps` laps on Spa, each with a bot-written log (seeds 1…n), and the logs."""
    import json

    from django.contrib.auth import get_user_model

    from circuits.services import circuit_create
    from rules import load_circuit
    from tests.factories import bot_races

    document = json.loads((ROOT / "fixtures" / "circuits" / "spa.json").read_text())
    # Enough experience for whatever the bot spends: the bench measures judging, not refusals.
    built = bot_races(
        circuit_create(document=document),
        load_circuit(document),
        season_slug="bench",
        cars=cars,
        seeds=range(1, n + 1),
        experience="1000",
        laps=laps,
    )
    get_user_model().objects.create_superuser("bench-steward", "s@example.org", "bench")
    return [race for race, _ in built], [log for _, log in built]


def _replay_one(data: bytes) -> bool:
    from rules import load_circuit, read_race_log, replay
    from rules.ruleset import RuleSet

    global _TRACK
    log = read_race_log(data)
    if _TRACK is None:
        import json

        _TRACK = load_circuit(json.loads((ROOT / "fixtures" / "circuits" / "spa.json").read_text()))
    return replay(log, _TRACK, RuleSet.from_options(["A7"], laps=log.laps)).valid


_TRACK = None


def _bare_rate(logs: list[bytes], processes: int) -> float:
    """Sheets per second the engine alone judges on `processes` processes (read + replay)."""
    import multiprocessing

    from django.db import connections

    connections.close_all()  # no database connection shared with the forked processes
    with multiprocessing.get_context("fork").Pool(processes) as pool:
        pool.map(_replay_one, logs[:processes])  # warm up: imports, the track
        # The same sheets again until two seconds have passed: one pass of 50 takes a fraction of a
        # second, short enough for a scheduling hiccup to move the rate by half.
        started, judged = time.perf_counter(), 0
        while judged == 0 or time.perf_counter() - started < 2:
            pool.map(_replay_one, logs, chunksize=1)
            judged += len(logs)
        return judged / (time.perf_counter() - started)


def _start_workers(
    n: int, env: dict[str, str], queue: str, logs: Path, prefetch: int = 1
) -> list[subprocess.Popen]:
    procs = []
    for i in range(1, n + 1):
        log = (logs / f"worker{i}.log").open("wb")
        procs.append(
            subprocess.Popen(
                [
                    str(ROOT / ".venv" / "bin" / "celery"),
                    "-A",
                    "bench.pipeline_worker",  # the site's app, the circuits' tracks built when ready
                    "worker",
                    "--pool=solo",
                    "-Q",
                    queue,
                    "-n",
                    f"bench{i}-{queue}@%h",
                    "--without-gossip",
                    "--without-mingle",
                    "--without-heartbeat",
                    f"--prefetch-multiplier={prefetch}",
                    "--loglevel=INFO",
                ],
                cwd=ROOT,
                env={**os.environ, **env, "LOG_LEVEL": "INFO"},
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if all("ready." in (logs / f"worker{i}.log").read_text(errors="replace") for i in range(1, n + 1)):
            return procs
        if any(p.poll() is not None for p in procs):
            break
        time.sleep(0.2)
    _stop(procs)
    raise SystemExit(f"workers did not start; see {logs}")


def _stop(procs: list[subprocess.Popen]) -> None:
    for proc in procs:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
    for proc in procs:
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


def _cpu_seconds(procs: list[subprocess.Popen]) -> float:
    """User + system CPU the worker processes have used so far (Linux /proc; 0 elsewhere)."""
    total = 0
    for proc in procs:
        try:
            fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / os.sysconf("SC_CLK_TCK")


def _database_cpu_seconds() -> float:
    """CPU the local PostgreSQL server has used so far: its live processes, and the finished ones
    its postmaster has reaped (Linux /proc; 0 when the server is not on this machine)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            name, fields = stat.read_text().split(" (", 1)[1].rsplit(")", 1)
        except (OSError, IndexError, ValueError):
            continue
        if name != "postgres":
            continue
        fields = fields.split()
        total += int(fields[11]) + int(fields[12])
        if fields[1] == "1":  # the postmaster (parent: init): its reaped children too
            total += int(fields[13]) + int(fields[14])
    return total / os.sysconf("SC_CLK_TCK")


def _percentile(values: list[float], p: int) -> float:
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]


def main() -> None:
    args = _args()
    queue = f"fdleague-bench-{uuid.uuid4().hex[:8]}"
    env, scratch = _environment(args, queue)
    os.environ.update(env)

    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection, transaction
    from django.db.models import Max
    from django.utils import timezone

    call_command("migrate", verbosity=0)
    if not args.cars:
        call_command("load_demo", verbosity=0, stdout=open(os.devnull, "w"))  # noqa: SIM115

    from races.models import Race
    from sheets.models import RaceSheet
    from sheets.services import race_sheet_submit

    logs = Path(tempfile.mkdtemp(prefix="fdleague-bench-logs-"))
    if args.cars:
        bot_races, logs_raw = _bot_races(args.sheets + args.paced, args.cars, args.laps)
        alice = get_user_model().objects.get(username="bench-steward")
        bare = _bare_rate(logs_raw[: args.sheets], args.workers)  # the burst's sheets
    else:
        demo_race = Race.objects.select_related("season", "circuit").get(
            circuit__slug="ovale", status=Race.Status.RUN
        )
        alice = get_user_model().objects.get(username="alice")
        logs_raw = [
            (EXAMPLES / name).read_bytes() for name in ("race-ovale-valid.json", "race-ovale-gear-skip.json")
        ]
        bot_races, bare = [], None
    post = None
    if args.via == "api":
        from rest_framework.authtoken.models import Token
        from rest_framework.test import APIClient

        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=alice)[0].key}")

        def post(race: Race, raw: bytes) -> int:
            response = client.post(f"/api/races/{race.pk}/sheets/", {"log": raw.decode()}, format="json")
            assert response.status_code == 201, response.content
            return response.json()["id"]

    def submit(n: int) -> int:
        race, raw = (bot_races[n], logs_raw[n]) if bot_races else (demo_race, logs_raw[n % 2])
        if post is not None:
            return post(race, raw)
        return race_sheet_submit(race=race, raw=raw, by=alice).pk

    def wait(ids: list[int]) -> list[dict]:
        deadline = time.monotonic() + args.timeout
        while RaceSheet.objects.filter(pk__in=ids, status__in=RaceSheet.WAITING).exists():
            if time.monotonic() > deadline:
                raise SystemExit(f"timed out; worker logs in {logs}")
            time.sleep(0.05)
        return list(RaceSheet.objects.filter(pk__in=ids).values("status", "submitted_at", "validated_at"))

    def told(ids: list[int]) -> Any:
        """When the last of these sheets' senders had the verdict by e-mail (its Notice sent)."""
        from notifications.models import Notice

        keys = [f"sheet-judged:{pk}" for pk in ids]
        deadline = time.monotonic() + args.timeout
        while Notice.objects.filter(key__in=keys, sent_at__isnull=False).count() < len(ids):
            if time.monotonic() > deadline:
                raise SystemExit(f"timed out waiting for the messages; worker logs in {logs}")
            time.sleep(0.05)
        return Notice.objects.filter(key__in=keys).aggregate(last=Max("sent_at"))["last"]

    burst = range(args.sheets)
    paced = range(args.sheets, args.sheets + args.paced)
    workers = _start_workers(args.workers, env, queue, logs, args.prefetch)
    try:
        cpu_before, database_before = _cpu_seconds(workers), _database_cpu_seconds()
        started = time.monotonic()
        if args.rate:  # every sheet at this pace, throughput from the first submission
            ids = []
            for i, n in enumerate(burst):
                ids.append(submit(n))
                time.sleep(max(0.0, started + (i + 1) / args.rate - time.monotonic()))
            queued_at = None
        else:
            # A burst: every sheet stored first, in one transaction, so that all are queued at once
            # when it commits. The workers then judge without the submitting process taking their
            # CPU, which the bare replay does not have to share either.
            queued: list = []
            with transaction.atomic():
                transaction.on_commit(lambda: queued.append(timezone.now()))  # before the queueing
                ids = [submit(n) for n in burst]
            queued_at = queued[0]
        submitted = time.monotonic() - started
        sheets = wait(ids)
        told_at = told(ids)  # the messages are tasks of their own, queued behind the verdicts
        time.sleep(0.2)  # the last task's acknowledgement
        worker_cpu = _cpu_seconds(workers) - cpu_before
        database_cpu = _database_cpu_seconds() - database_before
        judged = [s for s in sheets if s["validated_at"]]
        first = queued_at or min(s["submitted_at"] for s in sheets)
        span = (max(s["validated_at"] for s in judged) - first).total_seconds()
        rate = len(judged) / span
        told_rate = len(judged) / (told_at - first).total_seconds()
        latencies = [
            (s["validated_at"] - (queued_at or s["submitted_at"])).total_seconds() * 1000 for s in judged
        ]
        paced_latencies = []
        if paced:
            # Latency at a pace the pipeline keeps up with: half the throughput just measured.
            pace = rate / 2
            started_paced = time.monotonic()
            paced_ids = []
            for i, n in enumerate(paced):
                paced_ids.append(submit(n))
                time.sleep(max(0.0, started_paced + (i + 1) / pace - time.monotonic()))
            paced_latencies = [
                (s["validated_at"] - s["submitted_at"]).total_seconds() * 1000
                for s in wait(paced_ids)
                if s["validated_at"]
            ]
    finally:
        _stop(workers)
        import redis

        client = redis.Redis.from_url(args.redis)
        client.delete(queue, *client.scan_iter(f"{queue}*"))

    task_times = [
        float(line.rsplit("succeeded in ", 1)[1].split("s:", 1)[0]) * 1000
        for i in range(1, args.workers + 1)
        for line in (logs / f"worker{i}.log").read_text(errors="replace").splitlines()
        if "succeeded in " in line and "races.validate_race_sheet" in line
    ]
    statuses = {
        status: sum(1 for s in sheets if s["status"] == status) for status in {s["status"] for s in sheets}
    }
    print(f"pipeline: {args.sheets} sheets via the {args.via}, {args.workers} worker processes (solo, "
          f"prefetch {args.prefetch}), {connection.vendor} database, Redis {args.redis}")  # fmt: skip
    how = "paced" if args.rate else "stored in one transaction, queued at its commit"
    print(f"  submitted in {submitted:.2f} s ({args.sheets / submitted:.1f}/s), {how}")
    print(f"  verdicts: {statuses}")
    since = "submission" if args.rate else "queueing (a burst: mostly time in the queue)"
    print(
        f"  {since} → verdict: p50 {_percentile(latencies, 50):.0f} ms, "
        f"p95 {_percentile(latencies, 95):.0f} ms, max {max(latencies):.0f} ms"
    )
    print(
        f"  throughput: {rate:.1f} sheets judged/s ({span:.2f} s, {'first submission' if args.rate else 'queueing'} → last verdict)"
    )
    print(f"  with their messages sent (each sheet's e-mails, a task of their own): {told_rate:.1f} sheets/s")
    if paced_latencies:
        print(
            f"  submission → verdict at {rate / 2:.1f} sheets/s ({len(paced_latencies)} more sheets, half the "
            f"throughput): p50 {_percentile(paced_latencies, 50):.0f} ms, p95 {_percentile(paced_latencies, 95):.0f} ms, "
            f"max {max(paced_latencies):.0f} ms"
        )
    if worker_cpu:
        print(f"  worker CPU (user + system, the {args.workers} worker processes, burst): "
              f"{worker_cpu / args.sheets * 1000:.1f} ms a sheet")  # fmt: skip
    if database_cpu and connection.vendor == "postgresql":
        print(
            f"  database CPU (the local PostgreSQL server, burst): {database_cpu / args.sheets * 1000:.1f} ms a sheet"
        )
    if bare is not None:
        print(
            f"  bare replay of the same {args.cars}-car sheets on {args.workers} processes: {bare:.1f} sheets/s; "
            f"the pipeline judges {rate:.1f}/s = {rate / bare:.2f}× (target ≥ 0.5×)"
        )
    if task_times:
        print(
            f"  task time on a worker (validation): p50 {_percentile(task_times, 50):.0f} ms, "
            f"p95 {_percentile(task_times, 95):.0f} ms"
        )
    connection.close()
    if scratch is not None and not args.keep:
        scratch.unlink(missing_ok=True)
    if args.postgres and not args.database_url:
        _own_database(create=False)


if __name__ == "__main__":
    main()
