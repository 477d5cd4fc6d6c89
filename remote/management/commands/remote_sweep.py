"""`python manage.py remote_sweep`: one pass of the remote races' sweep (what beat runs every
REMOTE_SWEEP_EVERY seconds): open the races whose time has come, play the autopilot for the clocks
that ran out, send the reminders due. `--every N` keeps sweeping every N seconds (a site run
without beat, e.g. `make run`)."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from remote.tasks import sweep


class Command(BaseCommand):
    help = "Open the remote races due, play the autopilot for the clocks that ran out, send the reminders."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--every", type=int, default=0, help="sweep again every N seconds (0: once)")

    def handle(self, *args: Any, every: int = 0, **options: Any) -> None:
        while True:
            done = sweep()
            self.stdout.write(
                f"Opened {done['opened']} race(s), the autopilot played {done['autopilot']} move(s), "
                f"{done['told']} notice(s) sent."
            )
            if every <= 0:
                return
            time.sleep(every)
