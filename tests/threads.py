"""Calls run in real parallel threads, released together: how the PostgreSQL tests race writers."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from django.db import connection


def run_together(
    calls: Sequence[Callable[[], Any]], *, stuck: str, start: float = 10, join: float = 60
) -> list[Any]:
    """Each call's result, or the exception it raised; `stuck` is said if a thread never ends.

    Each thread closes its own database connection: one connection a thread, one transaction each.
    """
    barrier = threading.Barrier(len(calls))
    out: list[Any] = [None] * len(calls)

    def run(i: int, call: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout=start)
            out[i] = call()
        except BaseException as exc:  # the caller sorts them
            out[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=join)
    assert not any(t.is_alive() for t in threads), stuck
    return out
