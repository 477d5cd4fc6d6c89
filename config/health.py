"""Probes for a load balancer or an orchestrator.

`/healthz`: the process answers (no database, so a database outage does not get
every web process restarted). `/readyz`: the process can serve, i.e. the
database answers and, when REDIS_URL is set, Redis too.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache

logger = logging.getLogger(__name__)

OK = "ok"
DOWN = "down"
NOT_CONFIGURED = "not configured"
REDIS_TIMEOUT = 2  # seconds: a probe must answer faster than the orchestrator gives up


def database_ping() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def redis_ping(url: str) -> None:
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=REDIS_TIMEOUT, socket_timeout=REDIS_TIMEOUT)
    try:
        client.ping()
    finally:
        client.close()


@never_cache
def healthz(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok", content_type="text/plain; charset=utf-8")


@never_cache
def readyz(request: HttpRequest) -> JsonResponse:
    """200 with every check "ok" (or Redis "not configured"); 503 naming what is down.

    The reason stays in the log, not in the answer: it may name hosts and users.
    """
    checks: dict[str, str] = {}
    try:
        database_ping()
        checks["database"] = OK
    except Exception:
        logger.exception("readyz: the database check failed")
        checks["database"] = DOWN
    url = settings.REDIS_URL
    if not url:
        checks["redis"] = NOT_CONFIGURED
    else:
        try:
            redis_ping(url)
            checks["redis"] = OK
        except Exception:
            logger.exception("readyz: the Redis check failed")
            checks["redis"] = DOWN
    down = [name for name, state in checks.items() if state == DOWN]
    if down:
        return JsonResponse({**checks, "down": down}, status=503)
    return JsonResponse(checks)
