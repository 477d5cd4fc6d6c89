"""A test-only Celery entry point: the site's app, with the judge made slow (`SLOW_JUDGE_SECONDS`).

`celery -A tests.sheets.slow_worker worker …` runs the production tasks; before each task the
judging function is wrapped with a sleep, so a test can kill a worker while it holds a sheet, or
see the time limit stop a replay. Production code carries no test hook.
"""

from __future__ import annotations

import os
import time
from typing import Any

from celery.signals import task_prerun

from config.celery_app import app

__all__ = ["app"]

DELAY = float(os.getenv("SLOW_JUDGE_SECONDS", "0"))


@task_prerun.connect
def _slow_judge(**_kwargs: Any) -> None:
    # In the process that runs the task (a prefork child or the solo worker), once Django is ready.
    if not DELAY:
        return
    from sheets import judging

    if getattr(judging._judge, "slowed", False):
        return
    judge = judging._judge

    def slow(sheet: Any, *args: Any) -> Any:
        time.sleep(DELAY)
        return judge(sheet, *args)

    slow.slowed = True  # type: ignore[attr-defined]
    judging._judge = slow
