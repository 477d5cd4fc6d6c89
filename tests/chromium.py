"""Debian's Chromium, never a downloaded one, for the browser tests (tests/site/conftest.py) and the
screenshots (docs/screenshots.py): no sandbox (containers), nothing fetched in the background."""

from __future__ import annotations

import os

CHROMIUM = os.getenv("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
