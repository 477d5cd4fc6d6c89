"""The Celery app. Tasks are listed in CELERY_IMPORTS; settings come from CELERY_* in Django settings."""

from __future__ import annotations

import gc
import os
from typing import Any

from celery import Celery
from celery.signals import task_postrun, task_prerun, worker_process_init, worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("fdleague")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_prerun.connect
@task_postrun.connect
def close_old_connections(sender: Any = None, **_kwargs: Any) -> None:
    """Around each task, what Django does around each request: a connection past CONN_MAX_AGE, or
    broken by an error (a database restart), is closed and the next query opens a fresh one.

    CELERY_DB_REUSE_MAX keeps Celery from closing every connection at every task; this keeps a
    reused connection honest. A task run inline (eager) is inside its caller's request or
    transaction, whose connection is not the task's to close."""
    if sender is not None and getattr(sender.request, "is_eager", False):
        return
    from django.db import close_old_connections as django_close_old_connections

    django_close_old_connections()


@worker_ready.connect
@worker_process_init.connect
def freeze_heap(**_kwargs: Any) -> None:
    """Once a worker (or a pool's process) is ready, what it has loaded (Django, the site, the rules)
    is left out of the garbage collector's passes: a replay allocates much, and each pass would
    otherwise walk the whole long-lived heap (about a tenth of a sheet's judging time)."""
    gc.freeze()
