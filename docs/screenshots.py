"""Screenshots of the demo league for the README: `make screenshots` writes docs/screenshots/*.png.

Serves the demo league from a fresh SQLite database in a temporary folder
(migrate, load_demo, runserver on a free port) and photographs the home,
season (standings and charts), race and driver pages with Playwright driving
Debian's Chromium (/usr/bin/chromium, or $CHROMIUM). Nothing is downloaded.

    .venv/bin/python docs/screenshots.py [--out DIR] [--lang fr|en]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
DESKTOP = {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1}
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


@dataclass(frozen=True)
class Shot:
    name: str
    path: str
    device: dict
    prepare: str = ""  # JavaScript run before the photo (e.g. move the replay to a turn)
    login: str = ""  # a demo account to log in as first ("admin" through the admin's login)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(port: int, server: subprocess.Popen, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"runserver stopped with status {server.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"runserver did not answer on port {port} within {timeout:.0f} s")


def arguments(doc: str) -> argparse.ArgumentParser:
    """The options every screenshot script takes: --out and --lang."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"folder for the PNG files (default {OUT})")
    parser.add_argument(
        "--lang", choices=["fr", "en"], default="fr", help="language of the pages (default fr)"
    )
    return parser


def chromium_found() -> bool:
    if os.access(CHROMIUM, os.X_OK):
        return True
    print(f"Chromium not found at {CHROMIUM}: apt-get install chromium, or set CHROMIUM.", file=sys.stderr)
    return False


@contextlib.contextmanager
def demo_database(prefix: str) -> Iterator[str]:
    """Settings for a fresh SQLite database and media folder in a temporary folder (the caller
    migrates and loads the demo in-process before `demo_server`)."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        os.environ.update(
            {
                "DJANGO_SETTINGS_MODULE": "config.settings.local",
                "DATABASE_URL": f"sqlite:///{tmp}/db.sqlite3",
                "REDIS_URL": "",
                "MEDIA_ROOT": f"{tmp}/media",
                # The demo's welcome mails stay in memory instead of filling the terminal.
                "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
            }
        )
        sys.path.insert(0, str(ROOT))
        yield tmp


@contextlib.contextmanager
def demo_server() -> Iterator[str]:
    """runserver on a free port with the settings of `demo_database`; yields its base address."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "manage.py"), "runserver", f"127.0.0.1:{port}", "--noreload"],
        cwd=ROOT,
        env=os.environ.copy(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(port, server)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def demo_pages() -> list[Shot]:
    """Load the demo league in this process's database and pick the pages to photograph."""
    import django
    from django.core.management import call_command

    django.setup()
    from demo.services import RUNNING
    from races.models import Race

    call_command("migrate", "--noinput", verbosity=0)
    call_command("load_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115 (closed at exit)
    race = Race.objects.filter(season__slug=RUNNING.slug, status__in=Race.RESULT_STATUSES).order_by("round")
    season = f"/seasons/{RUNNING.slug}/"
    return [
        Shot("home-desktop", "/", DESKTOP),
        Shot("home-phone", "/", PHONE),
        Shot("season-desktop", season, DESKTOP),
        Shot("season-phone", season, PHONE),
        Shot("race-desktop", race.first().get_absolute_url(), DESKTOP),
        Shot("driver-desktop", "/drivers/alice/", DESKTOP),
        Shot("experience-desktop", f"/experience/?season={RUNNING.slug}", DESKTOP),
        Shot("ledger-desktop", "/experience/driver/alice/", DESKTOP),
        *replay_shots(),
        *league_setup_shots(),
    ]


def league_setup_shots() -> list[Shot]:
    """Setting a league up: sign-up, the entry list, the stewards' admin, the season's rules, My races."""
    from demo.services import PLANNED_SLUG, RUNNING
    from league.models import Season

    planned = Season.objects.get(slug=PLANNED_SLUG)
    return [
        Shot("signup-desktop", "/accounts/signup/", DESKTOP),
        Shot("entry-list-desktop", f"/seasons/{PLANNED_SLUG}/", DESKTOP),
        Shot("enter-desktop", f"/seasons/{PLANNED_SLUG}/enter/", DESKTOP, login="jakub"),
        Shot("admin-season-desktop", f"/admin/league/season/{planned.pk}/change/", DESKTOP, login="admin"),
        Shot("admin-entries-desktop", "/admin/league/entryrequest/", DESKTOP, login="admin"),
        Shot("my-races-desktop", "/my-races/", DESKTOP, login="alice"),
        Shot("rules-desktop", f"/seasons/{RUNNING.slug}/#rules-title", DESKTOP),
    ]


def log_in(page, base: str, username: str) -> None:  # noqa: ANN001 - a Playwright page
    from demo.services import PASSWORD

    if username == "admin":
        page.goto(f"{base}/admin/login/")
        page.fill("#id_username", username)
    else:
        page.goto(f"{base}/accounts/login/")
        page.fill("#id_login", username)
    page.fill("#id_password", PASSWORD)
    page.click("main form button[type=submit], #login-form input[type=submit]")
    page.wait_for_load_state("networkidle")


def replay_shots() -> list[Shot]:
    """The demo race told by a race sheet, replayed to the turn of its first elimination."""
    from demo.services import REPLAY_ROUND, RUNNING
    from races.models import Race
    from sheets.replay.frames import standing_race_sheet

    race = Race.objects.filter(season__slug=RUNNING.slug, round=REPLAY_ROUND).first()
    sheet = standing_race_sheet(race=race) if race else None
    if sheet is None:
        return []
    turns = [turn["turn"] for turn in sheet.log["turns"]]
    out = [p["turn"] for p in sheet.verdict["classification"] if p["status"] == "eliminated" and p["turn"]]
    index = turns.index(min(out)) + 1 if out else len(turns) // 2
    prepare = (
        "(() => { const s = document.querySelector('#replay-slider');"
        f" s.value = '{index}'; s.dispatchEvent(new Event('input')); }})()"
    )
    path = f"{race.get_absolute_url()}replay/"
    return [Shot("replay-desktop", path, DESKTOP, prepare), Shot("replay-phone", path, PHONE, prepare)]


def main(argv: list[str] | None = None) -> int:
    parser = arguments(__doc__)
    parser.add_argument("--only", default="", help="comma-separated picture names to make (default: all)")
    args = parser.parse_args(argv)
    if not chromium_found():
        return 1
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with demo_database("fdleague-screenshots-"):
        shots = demo_pages()
        if args.only:
            wanted = set(args.only.split(","))
            shots = [shot for shot in shots if shot.name in wanted]
        with demo_server() as base, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for shot in shots:
                context = browser.new_context(locale=args.lang, **shot.device)
                page = context.new_page()
                if shot.login:
                    log_in(page, base, shot.login)
                page.goto(f"{base}{shot.path}", wait_until="networkidle")
                if shot.prepare:
                    page.evaluate(shot.prepare)
                    page.wait_for_timeout(800)  # let the cars glide to their squares
                target = args.out / f"{shot.name}.png"
                page.screenshot(path=str(target), full_page=True, animations="disabled")
                context.close()
                print(f"{target.relative_to(ROOT) if target.is_relative_to(ROOT) else target}")
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
