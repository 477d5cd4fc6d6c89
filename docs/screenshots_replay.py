"""A short capture of the race replay for the README: docs/screenshots/replay-1.png … replay-4.png
and replay-steps.gif, the same four frames as one animation.

Serves the demo league like docs/screenshots.py (a fresh SQLite database in a temporary folder,
migrate, load_demo, runserver on a free port), opens the replay of the demo race told by a race
sheet at the first turn where a move cost a wear point, and steps it car by car with the
viewer's own button: the turn before, the first two cars' moves (their path drawn, what they
cost), then the whole turn. Debian's Chromium (/usr/bin/chromium, or $CHROMIUM); Pillow joins
the frames. Nothing is downloaded.

    .venv/bin/python docs/screenshots_replay.py [--out DIR] [--lang fr|en]
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "docs"))

from screenshots import CHROMIUM, CHROMIUM_ARGS, arguments, chromium_found, demo_database, demo_server  # noqa: E402

WIDTH = 960  # the frames' width in the README, in pixels
COLOURS = 96  # a palette per frame: a fraction of the bytes, the page's flat colours kept
FRAME_MS = 1400


def replay_page() -> tuple[str, int]:
    """Load the demo league; the demo replay's address and the first turn with a costly move."""
    import django
    from django.core.management import call_command

    django.setup()
    from demo.services import REPLAY_ROUND, RUNNING
    from races.models import Race
    from sheets.replay.frames import race_replay, standing_race_sheet

    call_command("migrate", "--noinput", verbosity=0)
    call_command("load_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115 (closed at exit)
    race = Race.objects.get(season__slug=RUNNING.slug, round=REPLAY_ROUND)
    sheet = standing_race_sheet(race=race)
    if sheet is None:
        raise SystemExit(f"{race}: no race sheet to replay")
    turns = race_replay(sheet=sheet)["turns"]
    # a turn where one of the first two cars to move pays for something (brakes, a gear, tyres)
    costly = next(
        (t["turn"] for t in turns if t["turn"] > 1 and any(m.get("wear") for m in t["moves"][:2])),
        turns[len(turns) // 2]["turn"],
    )
    return f"{race.get_absolute_url()}replay/", costly


def main(argv: list[str] | None = None) -> int:
    args = arguments(__doc__).parse_args(argv)
    if not chromium_found():
        return 1
    from PIL import Image
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    frames: list[Image.Image] = []
    with demo_database("fdleague-replay-shots-"):
        path, turn = replay_page()
        with demo_server() as base, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(
                locale=args.lang, viewport={"width": 1280, "height": 900}, device_scale_factor=1
            )
            page = context.new_page()
            page.goto(f"{base}{path}#turn-{turn - 1}", wait_until="networkidle")
            viewer = page.locator("[data-replay] .replay-stage, [data-replay] .replay-panel")
            step = page.locator('[data-action="car"]')
            for n in range(4):
                if n in (1, 2):
                    step.click()
                elif n == 3:
                    page.locator('[data-action="forward"]').click()
                page.wait_for_timeout(700)  # the cars glide for 0.45 s
                box = _union([viewer.nth(i).bounding_box() for i in range(viewer.count())])
                box["y"] += page.evaluate("() => window.scrollY")  # the page's, not the window's
                shot = page.screenshot(clip=box, full_page=True, animations="disabled")
                frames.append(_scaled(Image.open(io.BytesIO(shot)).convert("RGB")))
            browser.close()

    height = max(frame.height for frame in frames)
    frames = [_padded(frame, height).quantize(COLOURS) for frame in frames]
    for n, frame in enumerate(frames, start=1):
        target = args.out / f"replay-{n}.png"
        frame.save(target, optimize=True)
        print(target.relative_to(ROOT) if target.is_relative_to(ROOT) else target)
    animated = args.out / "replay-steps.gif"  # a GIF keeps each frame's palette: a third of an APNG
    frames[0].save(
        animated, save_all=True, append_images=frames[1:], duration=FRAME_MS, loop=0, optimize=True
    )
    print(animated.relative_to(ROOT) if animated.is_relative_to(ROOT) else animated)
    return 0


def _union(boxes: list[dict]) -> dict:
    x0 = min(b["x"] for b in boxes)
    y0 = min(b["y"] for b in boxes)
    x1 = max(b["x"] + b["width"] for b in boxes)
    y1 = max(b["y"] + b["height"] for b in boxes)
    return {"x": x0, "y": y0, "width": x1 - x0, "height": y1 - y0}


def _scaled(image):  # noqa: ANN001, ANN202 - a Pillow image
    if image.width <= WIDTH:
        return image
    return image.resize((WIDTH, round(image.height * WIDTH / image.width)))


def _padded(image, height: int):  # noqa: ANN001, ANN202 - a Pillow image
    """Every frame the same size (an animated PNG's frames share the first one's)."""
    from PIL import Image

    if image.height == height:
        return image
    out = Image.new("RGB", (image.width, height), (246, 246, 244))
    out.paste(image, (0, 0))
    return out


if __name__ == "__main__":
    raise SystemExit(main())
