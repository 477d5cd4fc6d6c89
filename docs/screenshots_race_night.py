"""Screenshots of race night for the README: writes docs/screenshots/race-night-*.png.

Like `docs/screenshots.py` (whose server and browser helpers it uses): the demo league in a fresh
SQLite database in a temporary folder, served by runserver, photographed with Playwright driving
Debian's Chromium. The demo's oval race (round 5, cars 7 and 3) is set up at the table, the
worked example's first moves are played through the table services, then the pages are shot:
the set-up, the board at the moment the legal stops light up (phone and desktop), a visitor
watching, the TV view and qualifying at the table.

    .venv/bin/python docs/screenshots_race_night.py [--out DIR] [--lang fr|en]
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from screenshots import (
    CHROMIUM,
    CHROMIUM_ARGS,
    DESKTOP,
    PHONE,
    ROOT,
    arguments,
    chromium_found,
    demo_database,
    demo_server,
    log_in,
)

EXAMPLE = ROOT / "fixtures" / "examples" / "race-ovale-valid.json"
PLAYED = 9  # moves of the example played before the photos: turn 5, car 3 to play


def demo_race() -> tuple[int, dict]:
    """The demo loaded; the oval race's id and the example log."""
    import django
    from django.core.management import call_command

    django.setup()
    from demo.services import OVAL_ROUND, RUNNING
    from races.models import Race

    call_command("migrate", "--noinput", verbosity=0)
    call_command("load_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115 (closed at exit)
    race = Race.objects.get(season__slug=RUNNING.slug, round=OVAL_ROUND)
    return race.pk, json.loads(EXAMPLE.read_text())


def table_at(race_pk: int, log: dict, played: int) -> tuple[int, dict]:
    """A table of the oval race with the example's first `played` moves; the next move."""
    from django.contrib.auth import get_user_model

    from live import services
    from races.models import Race

    race = Race.objects.get(pk=race_pk)
    alice = get_user_model().objects.get(username="alice")
    header = {k: v for k, v in log.items() if k not in ("turns", "result")}
    table = services.table_create(race=race, user=alice, header=header)
    moves = [move for turn in log["turns"] for move in turn["moves"]]
    for move in moves[:played]:
        table, _engine, _created = services.table_move(table=table, user=alice, move=move)
    return table.pk, moves[played]


def shoot(page, target: Path) -> None:  # noqa: ANN001 - a Playwright page
    page.screenshot(path=str(target), full_page=True, animations="disabled")
    print(target.relative_to(ROOT) if target.is_relative_to(ROOT) else target)


def main(argv: list[str] | None = None) -> int:
    args = arguments(__doc__).parse_args(argv)
    if not chromium_found():
        return 1
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with demo_database("fdleague-race-night-"):
        race, log = demo_race()
        # The table is played through the ORM between photos, inside Playwright's event loop.
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
        with demo_server() as base, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)

            def context(device: dict, user: str = ""):  # noqa: ANN202
                ctx = browser.new_context(locale=args.lang, **device)
                page = ctx.new_page()
                if user:
                    log_in(page, base, user)
                return ctx, page

            ctx, page = context(PHONE, "alice")
            page.goto(f"{base}/races/{race}/live/", wait_until="networkidle")
            page.wait_for_timeout(500)  # the builds are checked by the engine as the page opens
            shoot(page, args.out / "race-night-setup-phone.png")
            page.goto(f"{base}/races/{race}/live/qualifying/", wait_until="networkidle")
            page.locator('[data-lap="7"] [data-action="throws+"]').click(click_count=3)
            page.locator('[data-lap="3"] [data-action="throws+"]').click(click_count=2)
            page.wait_for_timeout(500)
            shoot(page, args.out / "race-night-qualifying-phone.png")
            page.evaluate("window.localStorage.clear()")
            ctx.close()

            table, move = table_at(race, log, PLAYED)
            table_url = f"{base}/live/tables/{table}/"
            for name, device in (("race-night-phone", PHONE), ("race-night-desktop", DESKTOP)):
                ctx, page = context(device, "alice")
                page.goto(table_url, wait_until="networkidle")
                page.locator(f'.live-gear[data-gear="{move["gear"]}"]').click()
                page.locator(".live-number input").fill(str(move["roll"]))
                page.keyboard.press("Enter")
                page.locator("svg polygon.is-stop").first.wait_for()
                page.wait_for_timeout(600)
                shoot(page, args.out / f"{name}.png")
                ctx.close()
            ctx, page = context(DESKTOP)
            page.goto(table_url, wait_until="networkidle")
            shoot(page, args.out / "race-night-watch-desktop.png")
            # the TV view: a screen beside the board, read-only, the board large
            page.goto(f"{base}/races/{race}/live/tv/", wait_until="networkidle")
            page.wait_for_timeout(600)
            page.screenshot(path=str(args.out / "race-night-tv-desktop.png"), animations="disabled")
            print(args.out / "race-night-tv-desktop.png")
            ctx.close()
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
