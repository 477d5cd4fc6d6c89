"""What the rooms' admins share: rows the services write, which the admin shows and never edits."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from simple_history.admin import SimpleHistoryAdmin


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


class HistoryAdmin(SimpleHistoryAdmin):
    """simple_history's admin, its past versions shown and never saved back.

    Its version page saves the old version on POST for anyone allowed to *view* the row, past the
    services' checks and the read-only fields (a view-only admin could unpublish a race): here it
    only shows; a change goes through the services and the change page.
    """

    def history_form_view(
        self, request: HttpRequest, object_id: str, version_id: str, extra_context: Any = None
    ) -> HttpResponse:
        if request.method not in ("GET", "HEAD"):
            raise PermissionDenied
        return super().history_form_view(request, object_id, version_id, extra_context)

    def revert_disabled(self, request: HttpRequest, obj: Any = None) -> bool:
        return True  # no "Revert" button
