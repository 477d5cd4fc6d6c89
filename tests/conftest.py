"""Fixtures shared by the whole suite, and the rule for tests that need real services."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# The worked examples ship with the project (fixtures/examples/README.md): never skipped, never absent.
EXAMPLES = ROOT / "fixtures" / "examples"
IN_CI = os.getenv("CI", "").lower() == "true"


def service_up(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def absent(message: str) -> None:
    """Skip with a reason when something the test needs is absent; under CI=true, fail instead."""
    if IN_CI:
        pytest.fail(f"{message} (CI=true: it must be there)")
    pytest.skip(message)


def require_service(name: str, host: str, port: int) -> None:
    """Skip with a reason when a service is absent; under CI=true, fail instead."""
    if not service_up(host, port):
        absent(f"{name} is not reachable on {host}:{port}")


def pytest_runtest_setup(item: pytest.Item) -> None:
    # A `postgres` test on another database is absent its service, like a Redis test without Redis.
    # CI runs them in its PostgreSQL pass and deselects them (-m "not postgres") on SQLite.
    if item.get_closest_marker("postgres"):
        from django.db import connection

        if connection.vendor != "postgresql":
            absent(f"needs PostgreSQL, the database is {connection.vendor} (set DATABASE_URL=postgres://...)")


@pytest.fixture(autouse=True)
def _no_worker_join_flag():
    """No Celery worker runs in the test process, so a join never blocks: eager tasks run at once
    in two threads save and restore Celery's one process-wide flag out of order and may leave it
    set, which would make a later test's `.get()` refuse ("Never call result.get() within a task")."""
    yield
    from celery._state import _set_task_join_will_block

    _set_task_join_will_block(False)


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    """Each test starts with an empty cache: cached pages, throttle counts and login failures."""
    from django.core.cache import caches

    for cache in caches.all(initialized_only=True):
        cache.clear()


@pytest.fixture
def tasks_inline() -> Iterator[None]:
    """Celery's tasks run inline, a sheet judged when its transaction commits: the live server of
    the browser tests sees it judged."""
    from config.celery_app import app

    saved = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = saved


@pytest.fixture
def pages_uncached(settings) -> None:
    """Pages rendered at each request, never served from the page cache: for the tests that count
    the queries a page makes."""
    settings.PAGE_CACHE_SECONDS = 0


def count_queries(client, url: str) -> int:
    """The queries a GET of `url` makes; it must answer 200."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert response.status_code == 200
    return len(context.captured_queries)


@pytest.fixture
def redis_server() -> str:
    require_service("Redis", "127.0.0.1", 6379)
    return "redis://127.0.0.1:6379/0"


@pytest.fixture
def examples_dir() -> Path:
    """fixtures/examples/: the oval, the valid and gear-skip race logs, the qualifying sheet."""
    assert EXAMPLES.is_dir(), f"{EXAMPLES} is missing: it ships with the project"
    return EXAMPLES


@pytest.fixture
def english() -> Iterator[None]:
    """Messages asserted in English, the source language; the site itself defaults to French.

    Folders whose tests all read English make it autouse in their conftest.
    """
    from django.utils import translation

    with translation.override("en"):
        yield
