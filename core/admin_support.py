"""What the rooms' admins share: rows the services write, which the admin shows and never edits."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest


class WrittenByServices:
    """A model admin or inline mixin: its rows come from the site's services (where they are
    checked), so the admin adds and changes none; it may still delete them."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnly(WrittenByServices):
    """Rows the admin only reads: not deleted either (results, penalties, a race's history)."""

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
