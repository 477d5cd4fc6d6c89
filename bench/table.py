"""How fast the race-night API answers on a 10-car race, beside a minimal Django view. Prints
figures; asserts nothing.

    .venv/bin/python bench/table.py [--circuit monza] [--cars 10] [--laps 3] [--seed 1]
                                    [--all-options] [--minimal 300] [--auth session|token]

A scratch SQLite database in a temporary folder is migrated and given a league race with the
bot's cars entered (`rules/bot.py` writes the race). Then the race is recorded through the API
in-process (Django's test client, the whole middleware stack), as the page at the table does it:
before each move `GET …/choices/` (the gears) and `GET …/choices/?gear=G&roll=R` (the stops for
the bot's gear and roll), then `POST …/moves/?events=N` (the page's delta: the events of the new
step only), and `/bench/minimal/` (a view with no template
and no database) beside each move, so a busy machine slows both alike. Printed: p50/p95/worst of
each, in wall-clock and in this process's CPU time (SQLite's disk waits are in the first only),
and p95 over the minimal view's p95 (target: within 10×). Last, the cost of rebuilding the table from its
rows (another process, or after a restart), with no cache.

`--auth session` (the default) is the race-night page: a logged-in session, and every write
carries the CSRF token (the client enforces the check, as a browser's request gets it);
`--auth token` is an API client with `Authorization: Token …`.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bot_race import quantile_ms, race_arguments  # noqa: E402


def _line(name: str, values: list[float], minimal: float) -> str:
    p50, p95 = quantile_ms(values, 0.5), quantile_ms(values, 0.95)
    return f"{name:<22} {len(values):>5} {p50:>8.2f} {p95:>8.2f} {quantile_ms(values, 1.0):>8.2f} {p95 / minimal:>7.1f}×"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/table.py", description=__doc__.splitlines()[0])
    race_arguments(parser, circuit="monza")
    parser.add_argument("--minimal", type=int, default=300, help="requests to the minimal view")
    parser.add_argument("--auth", choices=("session", "token"), default="session")
    args = parser.parse_args(argv)

    folder = tempfile.mkdtemp(prefix="fdleague-bench-table-")
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    try:
        return _run(args)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _run(args: argparse.Namespace) -> int:
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test.utils import override_settings, setup_test_environment

    from rules.bot import write_race
    from rules.ruleset import OPTIONS
    from rules.track import load_circuit

    setup_test_environment()
    call_command("migrate", verbosity=0)
    options = tuple(sorted(OPTIONS, key=lambda o: int(o[1:]))) if args.all_options else ("A7",)
    document = json.loads(
        (ROOT / "fixtures" / "circuits" / f"{args.circuit}.json").read_text(encoding="utf-8")
    )
    log = write_race(
        load_circuit(document), cars=args.cars, laps=args.laps, seed=args.seed, options=options, pits=True
    )
    user, race = _league(document, log)
    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    from rest_framework.throttling import ScopedRateThrottle

    ScopedRateThrottle.THROTTLE_RATES = {**rates, "tables": None}  # a bench plays faster than a table

    with override_settings(ROOT_URLCONF="bench.site_urls", ALLOWED_HOSTS=["testserver"]):
        client = _client(user, args.auth)
        header = {k: v for k, v in log.items() if k not in ("turns", "result")}
        response = client.post(
            f"/api/races/{race.pk}/tables/", {"header": header}, content_type="application/json"
        )
        assert response.status_code == 201, response.content
        table = response.json()["id"]
        # the minimal view is asked beside each move too, so the machine's drift hits both alike
        minimal = [_timed(client.get, "/bench/minimal/") for _ in range(args.minimal)]
        gears: list[tuple[float, float]] = []
        stops: list[tuple[float, float]] = []
        moves: list[tuple[float, float]] = []
        steps = 0
        for turn in log["turns"]:
            if "restart" in turn:
                client.post(f"/api/tables/{table}/restart/", turn["restart"], content_type="application/json")
                steps += 1
            for move in turn["moves"]:
                minimal.append(_timed(client.get, "/bench/minimal/"))
                if "gear" in move and "roll" in move:
                    gears.append(_timed(client.get, f"/api/tables/{table}/choices/"))
                    roll = move["roll"]
                    roll = ",".join(map(str, roll)) if isinstance(roll, list) else roll
                    stops.append(
                        _timed(client.get, f"/api/tables/{table}/choices/?gear={move['gear']}&roll={roll}")
                    )
                moves.append(
                    _timed(
                        client.post,
                        f"/api/tables/{table}/moves/?events={steps}",
                        move,
                        content_type="application/json",
                    )
                )
                steps += 1
        minimal += [_timed(client.get, "/bench/minimal/") for _ in range(args.minimal)]

        from live import engine

        engine.forget_all()
        rebuild = _timed(client.get, f"/api/tables/{table}/")[0]
        state = _timed(client.get, f"/api/tables/{table}/")[0]

    n = sum(len(t["moves"]) for t in log["turns"])
    print(
        f"{args.circuit}, {args.cars} cars, {args.laps} laps, options {','.join(options)}: {n} moves;"
        f" auth {args.auth}"
    )
    for i, clock in ((0, "wall clock"), (1, "process CPU")):
        base = quantile_ms([m[i] for m in minimal], 0.95)
        print(f"{clock + ', ms':<22} {'n':>5} {'p50':>8} {'p95':>8} {'max':>8} {'p95/min':>8}")
        for name, values in (
            ("minimal view", minimal),
            ("choices (gears)", gears),
            ("choices (gear, roll)", stops),
            ("moves (POST)", moves),
        ):
            print(_line(name, [v[i] for v in values], base))
    print(f"rebuilt from {n} rows, no cache: {rebuild * 1000:.0f} ms (then {state * 1000:.1f} ms)")
    return 0


def _client(user, auth: str):  # noqa: ANN001, ANN202
    """A client as the page (session and CSRF token) or an API client (token) sends requests."""
    from django.test import Client

    if auth == "token":
        from rest_framework.authtoken.models import Token

        key = Token.objects.get_or_create(user=user)[0].key
        return Client(headers={"Authorization": f"Token {key}"})
    from django.utils.crypto import get_random_string

    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    secret = get_random_string(32)  # the cookie's secret; Django takes it unmasked in the header too
    client.cookies["csrftoken"] = secret
    client.defaults["HTTP_X_CSRFTOKEN"] = secret
    return client


def _timed(call, path: str, *args, **kwargs) -> tuple[float, float]:  # noqa: ANN001
    """(wall clock, this process's CPU time) of one request; a refused one stops the bench."""
    wall, cpu = time.perf_counter(), time.process_time()
    response = call(path, *args, **kwargs)
    took = (time.perf_counter() - wall, time.process_time() - cpu)
    if response.status_code not in (200, 201):
        raise SystemExit(f"{path}: {response.status_code} {response.content[:300]!r}")
    return took


def _league(document: dict, log: dict):  # noqa: ANN202
    from django.contrib.auth import get_user_model

    from circuits.services import circuit_create
    from league.services import driver_create, season_create, season_entry_create, team_create
    from races.services import race_create, race_entry_create

    user = get_user_model().objects.create_user("bench", "bench@example.org", "bench")
    circuit = circuit_create(document=document)
    season = season_create(
        name="Bench",
        slug="bench",
        year=2026,
        status="running",
        options=list(log["options"]),
        laps_per_race=log["laps"],
    )
    from django.utils import timezone

    race = race_create(season=season, round=1, circuit=circuit, scheduled_at=timezone.now())
    teams: dict = {}
    for i, car in enumerate(log["cars"]):
        team = teams.get(car["team"]) or teams.setdefault(
            car["team"], team_create(name=car["team"], slug=car["team"])
        )
        driver = driver_create(name=car["driver"], slug=car["driver"], user=user if i == 0 else None)
        entry = season_entry_create(season=season, driver=driver, team=team, car_number=int(car["car"]))
        race_entry_create(race=race, season_entry=entry, grid_slot=car["grid"])
    return user, race


if __name__ == "__main__":
    raise SystemExit(main())
