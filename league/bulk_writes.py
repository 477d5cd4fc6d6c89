"""Rows written together: the verdicts of a batch of sheets insert each table's rows in one statement.

A write service given `writes` adds its rows here instead of writing them, and `flush()` writes
them all, a table at a time, in the order the tables were first added (every row's foreign keys
point at rows already stored or written before it). A service called without one makes its own
and flushes it before it returns: its rows are written at once, as they always were.

The caller that holds one must not read back what it has added before flushing; a spend, which
reads the ledger, flushes first (races.sheets.judging).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from django.db import models
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from config.page_cache import pages_changed

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser


class Writes:
    def __init__(self) -> None:
        # (what, model, fields, history, user) -> rows; a dict keeps the order of first use.
        self._rows: dict[tuple[Any, ...], list[models.Model]] = {}
        self._after: list[Callable[[], None]] = []

    def create(
        self,
        model: type[models.Model],
        rows: Sequence[models.Model],
        *,
        history: bool = False,
        by: AbstractBaseUser | None = None,
    ) -> None:
        """Insert these rows (their ids are set by the flush); `history`: with their history rows."""
        if rows:
            self._rows.setdefault(("create", model, (), history, by), []).extend(rows)

    def update(
        self,
        model: type[models.Model],
        rows: Sequence[models.Model],
        fields: Sequence[str],
        *,
        history: bool = False,
        by: AbstractBaseUser | None = None,
    ) -> None:
        """Write these fields of these stored rows; `history`: a history row each, as a save makes."""
        if rows:
            self._rows.setdefault(("update", model, tuple(fields), history, by), []).extend(rows)

    def after(self, func: Callable[[], None]) -> None:
        """Run `func` once the rows are written (it may use their ids)."""
        self._after.append(func)

    def flush(self) -> None:
        rows, after = self._rows, self._after
        self._rows, self._after = {}, []
        for (what, model, fields, history, by), batch in rows.items():
            if what == "create" and history:
                bulk_create_with_history(batch, model, default_user=by)
            elif what == "create":
                model._default_manager.bulk_create(batch)
            elif history:
                bulk_update_with_history(batch, model, list(fields), default_user=by)
            else:
                model._default_manager.bulk_update(batch, list(fields))
        if rows:
            pages_changed()  # bulk writes send no post_save
        for func in after:
            func()
