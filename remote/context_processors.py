"""The header's "Your move" link: the remote table waiting longest on the logged-in driver."""

from __future__ import annotations

from functools import cache

from django.db.models import F
from django.http import HttpRequest


def my_moves(request: HttpRequest) -> dict[str, object]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}

    @cache
    def waiting() -> list[object]:
        from live.models import LiveTable
        from remote.models import CarClock

        return list(
            CarClock.objects.filter(
                user=user,
                step=F("table__steps"),
                due_at__isnull=False,
                table__status=LiveTable.Status.PLAYING,
            )
            .order_by("due_at")
            .values_list("table_id", flat=True)
        )

    # A callable: asked only when a page's header shows it, and once.
    return {"my_moves": waiting}
