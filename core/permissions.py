"""Who may do a staff action: a staff account holding the action's named permission, never
`is_staff` alone (a view-only admin reads the league and changes nothing).

Services call `staff_require()` with the acting user, so no page, admin action or API view
can forget the check; views call `staff_permission_required` to answer 403 before any work.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse


def staff_may(user: Any, permission: str) -> bool:
    """A staff account with `permission` ("app.codename"; a superuser has them all)."""
    return bool(user is not None and user.is_authenticated and user.is_staff and user.has_perm(permission))


def staff_require(user: Any, permission: str, refusal: str) -> None:
    """Refuse (PermissionDenied, the project's refusal of a person) unless `staff_may`."""
    if not staff_may(user, permission):
        raise PermissionDenied(refusal)


def _reads(user: Any, permission: str) -> bool:
    """A view permission, or the change permission that implies it (as in the admin)."""
    app_label, codename = permission.split(".")
    changes = f"{app_label}.change_{codename.removeprefix('view_')}" if codename.startswith("view_") else ""
    return staff_may(user, permission) or bool(changes and staff_may(user, changes))


def staff_permission_required(
    permission: str, *, write: str | None = None
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """A staff page: visitors are sent to log in; anyone else without `permission` (a view
    permission, or the change one that implies it) gets 403. With `write`, a request that is
    not GET or HEAD needs that permission too."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not _reads(request.user, permission):
                raise PermissionDenied
            if write and request.method not in ("GET", "HEAD") and not staff_may(request.user, write):
                raise PermissionDenied
            return view(request, *args, **kwargs)

        return wrapped

    return decorate
