"""The header's "Your move" link: the remote table waiting longest on the logged-in driver."""

from __future__ import annotations

from functools import cache

from django.http import HttpRequest


def my_moves(request: HttpRequest) -> dict[str, object]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}

    @cache
    def waiting() -> list[object]:
        from remote.models import CarClock

        return list(
            CarClock.objects.waiting().filter(user=user).order_by("due_at").values_list("table_id", flat=True)
        )

    # A callable: asked only when a page's header shows it, and once.
    return {"my_moves": waiting}
