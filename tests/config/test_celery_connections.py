"""Workers keep their database connection from task to task, and drop it when Django would."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest
from celery.fixups.django import DjangoWorkerFixup
from django.db import connection

from config.celery_app import app, close_old_connections

pytestmark = pytest.mark.django_db(transaction=True)  # autocommit, as on a worker


def _task(eager: bool = False) -> SimpleNamespace:
    return SimpleNamespace(request=SimpleNamespace(is_eager=eager))


def _connected() -> bool:
    connection.ensure_connection()
    return connection.connection is not None


def test_celery_does_not_close_the_connection_after_each_task(monkeypatch) -> None:
    monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", 60)  # production's
    connection.close()  # opened again with that age
    fixup = DjangoWorkerFixup(app)
    assert _connected()
    before = connection.connection
    for _ in range(3):  # what the worker does around three tasks
        fixup.on_task_prerun(_task())
        close_old_connections(_task())
        fixup.on_task_postrun(_task())
        close_old_connections(_task())
    assert connection.connection is before


def test_a_connection_past_its_age_is_closed_at_the_next_task() -> None:
    assert _connected()
    connection.close_at = time.monotonic() - 1  # CONN_MAX_AGE elapsed
    close_old_connections(_task())
    assert connection.connection is None


def test_an_inline_task_leaves_its_callers_connection_alone() -> None:
    assert _connected()
    connection.close_at = time.monotonic() - 1
    close_old_connections(_task(eager=True))
    assert connection.connection is not None


@pytest.mark.postgres
def test_a_connection_the_database_dropped_is_replaced_at_the_next_task(monkeypatch) -> None:
    from django.db import connections

    monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", 60)  # production's
    monkeypatch.setitem(connection.settings_dict, "CONN_HEALTH_CHECKS", True)
    connection.close()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:  # a database restart, as far as this connection can tell
            cursor.execute("SELECT pg_terminate_backend(%s)", [pid])
    finally:
        other.close()

    close_old_connections(_task())  # the next task starts
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] != pid
