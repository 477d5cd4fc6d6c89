"""A remote table's turns: whose move is awaited, until when, and what the site plays itself."""

from __future__ import annotations


def table_moved(table_id: int, what: str) -> None:
    """Called once a write to a remote table commits (filled in below)."""
