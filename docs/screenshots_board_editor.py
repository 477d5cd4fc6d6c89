"""Screenshots of the board editor for the README: writes docs/screenshots/board-editor-*.png.

Serves the site from a fresh SQLite database in a temporary folder (as docs/screenshots.py does),
draws the test suite's known board to a PNG with Pillow, then has Debian's Chromium (/usr/bin/chromium,
or $CHROMIUM) upload it and trace it tap by tap as the browser test does (tests/circuits/editor_taps.py),
photographing the editor: the pieces traced, a problem on its square, the passed test drive.

    .venv/bin/python docs/screenshots_board_editor.py [--out DIR] [--lang fr|en]
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "docs"))

from screenshots import CHROMIUM, CHROMIUM_ARGS, arguments, chromium_found, demo_database, demo_server  # noqa: E402

DESKTOP = {"viewport": {"width": 1600, "height": 1000}, "device_scale_factor": 1}
# The arrows out of one square, taken away and put back: the engine names the square at once.
CUT = [("S2-b3", "S2-a4"), ("S2-b3", "S2-b4"), ("S2-b3", "S2-c4")]


def admin() -> None:
    """A fresh database with one league admin, `admin` / `demo`."""
    import django
    from django.core.management import call_command

    django.setup()
    from django.contrib.auth import get_user_model

    call_command("migrate", "--noinput", verbosity=0)
    get_user_model().objects.create_superuser("admin", "admin@example.org", "demo")


def main(argv: list[str] | None = None) -> int:
    args = arguments(__doc__).parse_args(argv)
    if not chromium_found():
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    with demo_database("fdleague-board-shots-"):
        admin()
        from playwright.sync_api import sync_playwright

        from tests.circuits import editor_taps
        from tests.circuits import known_board as kb

        with demo_server() as base, sync_playwright() as pw, tempfile.TemporaryDirectory() as tmp:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(locale=args.lang, **DESKTOP)
            context.add_cookies([{"name": "django_language", "value": args.lang, "url": base}])
            page = context.new_page()
            page.goto(f"{base}/admin/login/?next=/board-editor/")
            page.fill("#id_username", "admin")
            page.fill("#id_password", "demo")
            page.click("#login-form input[type=submit]")
            page.wait_for_url("**/board-editor/")

            def shot(name: str) -> None:
                page.screenshot(path=str(args.out / f"board-editor-{name}-desktop.png"))
                print(args.out / f"board-editor-{name}-desktop.png")

            do = editor_taps.upload(page, base, kb.render_png(Path(tmp) / "essai.png"))
            editor_taps.pieces(do)
            editor_taps.lassos(do)
            page.locator("#board-canvas").scroll_into_view_if_needed()
            shot("trace")
            editor_taps.pit_lane(do)
            editor_taps.grid(do)
            editor_taps.weather(do)
            do.tool("arrow")
            for start, end in CUT:
                do.tap(kb.position(start))
                do.taps([kb.position(end)])
            page.hover("#problems li[data-square]")
            shot("problem")
            for start, end in CUT:
                do.tap(kb.position(start))
                do.taps([kb.position(end)])
            page.click("#drive")
            page.wait_for_selector('#drive-result[data-drive="passed"]', timeout=120_000)
            page.locator("#drive-result li").last.scroll_into_view_if_needed()
            shot("drive")
            browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
