"""What a race-night table tells the rooms above it, once the write that changed it commits."""

from __future__ import annotations

from django.db import transaction
from django.dispatch import Signal

# sent with `table_id`, `mode` ("table" or "remote"), `what` ("created", "step", "undo",
# "finished") and for a step `step` ({"car", "auto"}: whose move, and why the site played it if it
# did): a remote table's clocks and notices move on (`remote.receivers`)
table_changed = Signal()


def changed(table: object, what: str, step: dict | None = None) -> None:
    """Send `table_changed` for `table` after the current transaction commits (at once outside one)."""
    pk, mode = table.pk, getattr(table, "mode", "table")  # type: ignore[attr-defined]
    transaction.on_commit(
        lambda: table_changed.send(sender="live", table_id=pk, mode=mode, what=what, step=step), robust=True
    )
