"""The bench's Celery entry point: the site's app, each worker warmed before it takes a sheet.

`celery -A bench.pipeline_worker worker …` runs the production tasks unchanged. When the worker is
ready it builds the track of every circuit (as the bare replay's warm-up does in each of its
processes), so the first sheet a worker judges is not charged the 140 ms of building Spa's graph:
the bench compares warm processes with warm processes.
"""

from __future__ import annotations

from typing import Any

from celery.signals import worker_ready

from config.celery_app import app

__all__ = ["app"]


@worker_ready.connect
def _warm(**_kwargs: Any) -> None:
    from races.models import Race
    from sheets.engine import _track

    seen = set()
    for race in Race.objects.select_related("circuit").order_by("circuit_id"):
        if race.circuit_id not in seen:
            seen.add(race.circuit_id)
            _track(race)
    from django.db import connections

    connections.close_all()  # the solo worker opens its own when the first task comes
