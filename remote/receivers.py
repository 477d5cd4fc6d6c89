"""A remote table that changed moves its clocks on, plays what the site plays, and tells the
next driver (`remote.turns.table_moved`)."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from live.signals import table_changed


@receiver(table_changed, dispatch_uid="remote-table-changed")
def _table_changed(*, table_id: int, mode: str, what: str, step: dict | None = None, **_kw: Any) -> None:
    if mode != "remote":
        return
    from remote.turns import table_moved

    table_moved(table_id, what, step)
