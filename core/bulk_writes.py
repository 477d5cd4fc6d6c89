"""Rows written together: the verdicts of a batch of sheets insert each table's rows in one statement.

A write service given `writes` adds its rows here instead of writing them, and `flush()` writes
them all, a table at a time, in the order the tables were first added (every row's foreign keys
point at rows already stored or written before it). A service called without one makes its own
and flushes it before it returns: its rows are written at once, as they always were.

The caller that holds one must not read back what it has added before flushing; a spend, which
reads the ledger, flushes first (sheets.judging).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from django.db import connections, models, router
from simple_history.utils import bulk_create_with_history, get_history_manager_for_model

from core.page_cache import pages_changed

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
            else:
                update_from_values(model, batch, fields)
                if history:
                    get_history_manager_for_model(model).bulk_history_create(
                        batch, update=True, default_user=by
                    )
        if rows:
            pages_changed()  # bulk writes send no post_save
        for func in after:
            func()


# Rows a statement: well under SQLite's 32,766 parameters for the widest update written here.
_UPDATE_ROWS = 500


def update_from_values(
    model: type[models.Model], rows: Sequence[models.Model], fields: Sequence[str]
) -> None:
    """Write these fields of these stored rows: `UPDATE … FROM (VALUES (id, value, …), …)`, one
    statement for up to 500 rows (PostgreSQL, SQLite 3.33 and later).

    Django's `bulk_update` repeats every row's value inside a `CASE WHEN id = … THEN …` for each
    field: building it costs the worker about a millisecond for 160 rows, and the database tries the
    WHENs row by row; a sheet's 70 KB log inside one doubles what storing it costs. Here each value
    is sent once and found by its key. The values are prepared as a save prepares them (no
    `pre_save`, as with `bulk_update`: the caller sets `updated_at`).
    """
    connection = connections[router.db_for_write(model)]
    if connection.vendor not in ("postgresql", "sqlite"):
        model._default_manager.bulk_update(rows, list(fields))  # no UPDATE … FROM there
        return
    meta = model._meta
    columns = [meta.get_field(name) for name in fields]
    quote = connection.ops.quote_name
    # VALUES names its columns column1, column2…: the key first, then the fields in order.
    # PostgreSQL types a VALUES column from its literals (NULLs alone: text), hence the casts;
    # SQLite stores what it is given, and its CAST would turn a date's text into a number.
    typed = connection.vendor == "postgresql"
    assignments = ", ".join(
        f"{quote(field.column)} = "
        + (f"CAST(v.column{n} AS {field.db_type(connection)})" if typed else f"v.column{n}")
        for n, field in enumerate(columns, start=2)
    )
    table, key = quote(meta.db_table), quote(meta.pk.column)
    placeholder = "(" + ", ".join(["%s"] * (len(columns) + 1)) + ")"
    with connection.cursor() as cursor:
        for start in range(0, len(rows), _UPDATE_ROWS):
            chunk = rows[start : start + _UPDATE_ROWS]
            params: list[Any] = []
            for row in chunk:
                params.append(meta.pk.get_db_prep_value(row.pk, connection))
                params.extend(
                    field.get_db_prep_save(getattr(row, field.attname), connection) for field in columns
                )
            cursor.execute(
                f"UPDATE {table} SET {assignments} FROM (VALUES {', '.join([placeholder] * len(chunk))}) AS v "
                f"WHERE {table}.{key} = v.column1",
                params,
            )
