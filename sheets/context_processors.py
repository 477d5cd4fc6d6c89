"""The header's "My races" badge: how many things wait on the logged-in player."""

from __future__ import annotations

from functools import cache

from django.http import HttpRequest


def my_races(request: HttpRequest) -> dict[str, object]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}

    @cache
    def count() -> int:
        from sheets.my_races import player_dashboard

        return player_dashboard(user=user).todo_count

    # A callable: the template counts only when a page's header shows it, and once.
    return {"my_races_count": count}
