"""How fast the public pages answer on a big league, beside a minimal Django view. Prints figures; asserts nothing.

    .venv/bin/python bench/site.py [--quick] [--seasons 10] [--races 20] [--cars 20] [--seed 1]
                                   [--server gunicorn|runserver] [--workers 2] [--clients 8]
                                   [--requests 200] [--rounds 2] [--time-cap 60]
                                   [--database-url URL] [--keep]

It builds a scratch database (SQLite in a temporary folder by default; a
PostgreSQL or SQLite DATABASE_URL naming a database that does not exist yet,
which it creates and drops), migrates it and bulk-loads a league
(`bench/site_league.py`: 10 seasons × 20 races × 20 cars = 4,000 results by
default, with their experience ledger). Then:

- queries: each page fetched in-process with Django's test client, the queries
  of the second fetch counted (`CaptureQueriesContext`): a page's count must not
  grow with the league (compare with `--quick`);
- latency: the site served by gunicorn (`--workers` sync workers, production
  settings plus `/bench/minimal/`, see `bench/site_settings.py`) on 127.0.0.1,
  `--clients` threads each sending GETs until `--requests` per page are done
  (after a warm-up), in `--rounds` rounds that take the pages in turn so drift
  hits them alike. Sync workers close the connection after each response, so
  every request opens a TCP connection: the minimal view pays that too.
- × minimal: the page's median latency over the minimal view's in the same run,
  the figure to compare between machines.

The server is stopped (its process group) and the scratch database removed on
the way out, whatever happens. Production settings need REDIS_URL (default: the local Redis,
under a key prefix of the run's own): the season, race and home pages are served from the page
cache (core/page_cache.py), as in production; `rate ×min` is a page's throughput over the
minimal view's in the same run (target for the season page: ≥ 0.7×).
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import importlib.util
import itertools
import os
import platform
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import psycopg

    from bench.site_league import League  # imports Django models: only once settings are set up

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HOST = "127.0.0.1"
SETTINGS = "bench.site_settings"
MINIMAL = "/bench/minimal/"
READY_TIMEOUT = 30  # seconds for the server to answer its first request
STOP_TIMEOUT = 15  # seconds between SIGTERM and SIGKILL


@dataclass(frozen=True)
class Page:
    name: str
    path: str
    loaded: bool = True  # measured under load (else only its queries are counted)


@dataclass
class Sample:
    latencies: list[float] = field(default_factory=list)  # seconds, 200 responses only
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0  # wall time of the measured requests


def _args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: 2 seasons, 60 requests a page")
    parser.add_argument("--seasons", type=int, help="default 10 (2 with --quick)")
    parser.add_argument("--races", type=int, default=20, help="races per season")
    parser.add_argument("--cars", type=int, default=20, help="cars per race (two per team)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--server", choices=["gunicorn", "runserver"], default="gunicorn")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn sync workers")
    parser.add_argument("--clients", type=int, default=8, help="concurrent client threads")
    parser.add_argument(
        "--requests", type=int, help="measured requests per page; default 200 (60 with --quick)"
    )
    parser.add_argument(
        "--rounds", type=int, default=2, help="passes over the pages, requests split between them"
    )
    parser.add_argument("--time-cap", type=float, default=60, help="seconds at most per page and round")
    parser.add_argument(
        "--database-url",
        default=os.environ.get("DATABASE_URL", ""),
        help="a database to create, fill and drop (default $DATABASE_URL, else SQLite in a temporary folder)",
    )
    parser.add_argument("--keep", action="store_true", help="keep the scratch database (not dropped)")
    args = parser.parse_args(argv)
    if args.server == "gunicorn" and importlib.util.find_spec("gunicorn") is None:
        print("gunicorn is not installed: serving with runserver --nothreading instead")
        args.server = "runserver"
    args.seasons = args.seasons or (2 if args.quick else 10)
    args.requests = args.requests or (60 if args.quick else 200)
    if (
        min(args.seasons, args.races, args.workers, args.clients, args.requests, args.rounds) < 1
        or args.cars < 2
    ):
        parser.error("sizes and counts must be at least 1 (2 cars)")
    return args


# The scratch database ---------------------------------------------------------------------------


class Scratch:
    """A database the bench creates, hands to Django and the server, then drops."""

    def __init__(self, url: str, folder: Path, keep: bool) -> None:
        import dj_database_url

        self.folder = folder
        self.keep = keep
        self.created = False
        if not url:
            url = f"sqlite:///{folder / 'league.sqlite3'}"
        self.url = url
        self.config = dj_database_url.parse(url)
        self.engine = self.config["ENGINE"].rsplit(".", 1)[-1]

    def create(self) -> None:
        if self.engine == "sqlite3":
            path = Path(self.config["NAME"])
            if path.exists():
                raise SystemExit(
                    f"{path} exists: the bench fills a new database; name a file that does not exist."
                )
            self.created = True
            return
        if self.engine != "postgresql":
            raise SystemExit(f"{self.url}: only SQLite and PostgreSQL databases are supported.")
        import psycopg
        from psycopg import sql

        with self._admin() as admin:
            try:
                admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(self.config["NAME"])))
            except psycopg.errors.DuplicateDatabase:
                raise SystemExit(
                    f"database {self.config['NAME']!r} exists: the bench creates and drops its own; "
                    f"drop it (dropdb {self.config['NAME']}) or name another."
                ) from None
        self.created = True

    def drop(self) -> None:
        if not self.created or self.keep:
            return
        if self.engine == "postgresql":
            from psycopg import sql

            with self._admin() as admin:
                admin.execute(
                    sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(
                        sql.Identifier(self.config["NAME"])
                    )
                )
        # SQLite: the file is in self.folder, which main() removes.

    def describe(self) -> str:
        from django.conf import settings

        # With PostgreSQL, opening a connection per request (the default, 0) is a large part of a page.
        age = f"DB_CONN_MAX_AGE={settings.DATABASES['default']['CONN_MAX_AGE']}"
        if self.engine == "sqlite3":
            return f"SQLite, {age}"
        return f"PostgreSQL ({self.config['NAME']} on {self.config.get('HOST') or 'local socket'}, {age})"

    def _admin(self) -> psycopg.Connection:
        import psycopg

        return psycopg.connect(
            dbname="postgres",
            user=self.config.get("USER") or None,
            password=self.config.get("PASSWORD") or None,
            host=self.config.get("HOST") or None,
            port=self.config.get("PORT") or None,
            autocommit=True,
        )


# Queries, in-process ----------------------------------------------------------------------------


def _count_queries(pages: list[Page]) -> dict[str, tuple[int, int, int]]:
    """path -> (status, queries, bytes) of the second fetch with Django's test client."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    counts = {}
    for page in pages:
        client.get(page.path)  # the first fetch fills the template and translation caches
        with CaptureQueriesContext(connection) as captured:
            response = client.get(page.path)
        counts[page.path] = (response.status_code, len(captured.captured_queries), len(response.content))
    return counts


# The server -------------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def _server_command(args: argparse.Namespace, port: int) -> list[str]:
    if args.server == "gunicorn":
        return [
            sys.executable, "-m", "gunicorn", "config.wsgi:application",
            "--bind", f"{HOST}:{port}", "--workers", str(args.workers), "--worker-class", "sync",
            "--chdir", str(ROOT), "--log-level", "warning", "--timeout", "60",
        ]  # fmt: skip
    return [sys.executable, "manage.py", "runserver", "--nothreading", "--noreload", f"{HOST}:{port}"]


def _start(command: list[str], env: dict[str, str], log_path: Path, port: int) -> subprocess.Popen:
    with log_path.open("wb") as log:
        # A session of its own, so stopping it reaches every worker it forked.
        proc = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    deadline = time.monotonic() + READY_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            break
        try:
            conn = http.client.HTTPConnection(HOST, port, timeout=2)
            conn.request("GET", MINIMAL)
            if conn.getresponse().status == 200:
                conn.close()
                return proc
            conn.close()
        except OSError:
            pass
        time.sleep(0.2)
    _stop(proc)
    tail = log_path.read_text(errors="replace").splitlines()[-20:]
    raise SystemExit("the server did not answer:\n  " + "\n  ".join(tail))


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        except ProcessLookupError:
            pass
    # Workers the arbiter could not reap (it died first) are still in its group.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)


# Load -------------------------------------------------------------------------------------------


def _hammer(port: int, path: str, *, clients: int, total: int, time_cap: float, sample: Sample) -> None:
    """`clients` threads send GETs to `path` until `total` are sent or `time_cap` seconds pass."""
    tickets = itertools.count()
    lock = threading.Lock()
    deadline = time.monotonic() + time_cap

    def client() -> None:
        conn = http.client.HTTPConnection(HOST, port, timeout=30)
        try:
            while time.monotonic() < deadline:
                with lock:
                    if next(tickets) >= total:
                        return
                started = time.perf_counter()
                try:
                    conn.request("GET", path)
                    response = conn.getresponse()
                    response.read()
                except (OSError, http.client.HTTPException) as exc:
                    conn.close()  # the next request reconnects
                    sample.errors.append(type(exc).__name__)
                    continue
                elapsed = time.perf_counter() - started
                if response.status == 200:
                    sample.latencies.append(elapsed)
                else:
                    sample.errors.append(f"HTTP {response.status}")
        finally:
            conn.close()

    threads = [threading.Thread(target=client, daemon=True) for _ in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(time_cap + 35)  # a request times out after 30 s
    sample.seconds += time.perf_counter() - started


def _measure(port: int, pages: list[Page], args: argparse.Namespace) -> dict[str, Sample]:
    samples = {page.path: Sample() for page in pages}
    warm_up = Sample()
    for page in pages:  # templates compiled, connections opened, in every worker
        _hammer(
            port,
            page.path,
            clients=args.clients,
            total=args.clients * 3,
            time_cap=args.time_cap,
            sample=warm_up,
        )
    if warm_up.errors:
        print(f"  warm-up errors: {_summary(warm_up.errors)}")
    per_round = [args.requests // args.rounds + (i < args.requests % args.rounds) for i in range(args.rounds)]
    for n in per_round:
        for page in pages:
            _hammer(
                port,
                page.path,
                clients=args.clients,
                total=n,
                time_cap=args.time_cap,
                sample=samples[page.path],
            )
    return samples


def _percentile(values: list[float], p: int) -> float:
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]


def _summary(errors: list[str]) -> str:
    return ", ".join(f"{n}× {e}" for e, n in sorted({e: errors.count(e) for e in errors}.items()))


# Main -------------------------------------------------------------------------------------------


def _build(args: argparse.Namespace) -> tuple[League, float]:
    from django.core.management import call_command

    from bench.site_league import league_load

    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    league = league_load(
        circuits_dir=ROOT / "fixtures" / "circuits",
        seasons=args.seasons,
        races=args.races,
        cars=args.cars,
        seed=args.seed,
    )
    return league, time.perf_counter() - started


def _report(
    args: argparse.Namespace,
    pages: list[Page],
    counts: dict[str, tuple[int, int, int]],
    samples: dict[str, Sample],
) -> bool:
    """Print the table; False when a page did not answer 200 every time."""
    ok = True
    minimal = samples.get(MINIMAL)
    base = statistics.median(minimal.latencies) if minimal and minimal.latencies else None
    base_rate = len(minimal.latencies) / minimal.seconds if minimal and minimal.latencies else None
    print(
        f"{'page':<18} {'path':<26} {'status':>6} {'queries':>7} {'KiB':>6} "
        f"{'p50 ms':>7} {'p95 ms':>7} {'req/s':>6} {'× minimal':>9} {'rate ×min':>9}"
    )
    for page in pages:
        status, queries, size = counts[page.path]
        ok = ok and status == 200
        line = f"{page.name:<18} {page.path:<26} {status:>6} {queries:>7} {size / 1024:>6.1f} "
        sample = samples.get(page.path)
        if sample is None:
            line += f"{'—':>7} {'—':>7} {'—':>6} {'—':>9}"
        elif not sample.latencies:
            line += "no answer"
        else:
            p50 = statistics.median(sample.latencies)
            ratio = f"{p50 / base:>8.1f}×" if base else f"{'—':>9}"
            rate = len(sample.latencies) / sample.seconds
            rate_ratio = f"{rate / base_rate:>8.2f}×" if base_rate else f"{'—':>9}"
            line += (
                f"{p50 * 1000:>7.1f} {_percentile(sample.latencies, 95) * 1000:>7.1f} "
                f"{rate:>6.0f} {ratio} {rate_ratio}"
            )
        print(line)
        if sample is not None:
            short = args.requests - len(sample.latencies) - len(sample.errors)
            if sample.errors or short:
                ok = False
                missing = f"; {short} not sent (time cap)" if short else ""
                print(f"{'':<18} ! {_summary(sample.errors) or 'no error'}{missing}")
    return ok


def production_env(scratch: Scratch, folder: Path) -> dict[str, str]:
    """The environment production's settings read, for a run on `scratch` in `folder`."""
    from remote.vapid import key_pair_new

    private, public = key_pair_new()  # Web Push's keys: production requires them
    return {
        "DJANGO_SETTINGS_MODULE": SETTINGS,
        "SECRET_KEY": secrets.token_urlsafe(40),
        "ALLOWED_HOSTS": f"{HOST},testserver",
        "DEBUG": "False",
        "SECURE_SSL_REDIRECT": "False",
        "DATABASE_URL": scratch.url,
        "MEDIA_ROOT": str(folder / "media"),
        "LOG_LEVEL": "WARNING",
        "VAPID_PRIVATE_KEY": private,
        "VAPID_PUBLIC_KEY": public,
    }


def main(argv: list[str] | None = None) -> int:
    args = _args(argv)
    folder = Path(tempfile.mkdtemp(prefix="fdleague-bench-site-"))
    scratch = Scratch(args.database_url, folder, args.keep)
    os.environ.update(production_env(scratch, folder))
    # Production needs a broker and serves cached pages from Redis: the local one by default, under
    # a key prefix of this run's own, so other users of the server are not disturbed.
    os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6379/0")
    os.environ["CACHE_KEY_PREFIX"] = f"bench-site-{os.getpid()}"
    # WhiteNoise looks for collected static files; the pages measured link to them but none is fetched.
    warnings.filterwarnings("ignore", message="No directory at: ")
    server: subprocess.Popen | None = None
    django_ready = False
    # SIGTERM unwinds like Ctrl-C, through the finally that stops the server and drops the database.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    try:
        scratch.create()
        import django

        django.setup()
        django_ready = True
        league, load_seconds = _build(args)
        pages = [
            Page("minimal view", MINIMAL),
            Page("season standings", f"/seasons/{league.latest_season}/"),
            Page("race", f"/races/{league.race_pk}/"),
            Page("home", "/"),
        ]
        counts = _count_queries(pages)

        port = _free_port()
        server = _start(_server_command(args, port), dict(os.environ), folder / "server.log", port)
        served_by = (
            f"gunicorn, {args.workers} sync workers"
            if args.server == "gunicorn"
            else "runserver --nothreading"
        )
        print(
            f"Site benchmark: {league.seasons} seasons × {args.races} races × {league.cars} cars "
            f"({league.results:,} results, {league.experience:,} experience rows, loaded in {load_seconds:.1f} s); "
            f"{scratch.describe()}; {served_by}; {args.clients} clients, {args.requests} requests a page "
            f"in {args.rounds} rounds; Python {platform.python_version()}, Django {django.get_version()}, "
            f"{os.cpu_count()} cores"
        )
        print()
        samples = _measure(port, [page for page in pages if page.loaded], args)
        _stop(server)
        server = None
        ok = _report(args, pages, counts, samples)
        print(
            "\nqueries: the second in-process fetch (0 once cached); p50/p95: a GET's latency under load (new "
            "TCP connection included); × minimal: p50 over the minimal view's p50; rate ×min: req/s over the "
            "minimal view's req/s"
        )
        return 0 if ok else 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    finally:
        _clean_up(server, django_ready, scratch, folder, keep=args.keep)


def _clean_up(
    server: subprocess.Popen | None, django_ready: bool, scratch: Scratch, folder: Path, *, keep: bool
) -> None:
    """Stop the server, close Django's connections, drop the scratch database and remove the
    run's folder (both kept with `keep`): on the way out, however it is taken."""
    if server is not None:
        _stop(server)
    if django_ready:
        from django.db import connections

        connections.close_all()
    scratch.drop()
    if keep:
        print(f"kept: {scratch.url}")
    else:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
