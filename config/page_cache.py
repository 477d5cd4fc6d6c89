"""Public pages served from the shared cache, and forgotten the moment the league changes.

Every cached answer carries the *generation* number it was rendered in; any save or delete of
what the pages show (a result, penalty, entry, season, race, sheet, ledger row…) bumps it, once
per transaction when it commits (a sheet's 40 rows: one bump, not 40 round trips to Redis), so the
next request of every process finds its page out of date and renders afresh (the page and the
generation come in one round trip). Bulk writes, which send no signal, call pages_changed().

Only anonymous GETs are cached (no session, no flash message): a signed-in user's pages say who
he is. The CSRF token in a cached page is replaced on the way out by one for the request.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils import translation

GENERATION_KEY = "pages:generation"
GENERATION_SECONDS = 7 * 24 * 3600  # longer than any page is kept; a lost one restarts from the clock
TOKEN_MARK = "__csrf_token_of_the_request__"
_TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*(")')
# What the cached pages show: any change to one of these shows at once.
WATCHED = (
    "league.Season",
    "league.SeasonEntry",
    "league.Driver",
    "league.Team",
    "league.ExperienceEntry",
    "races.Race",
    "races.RaceEntry",
    "races.Result",
    "races.Penalty",
    "races.RaceSheet",
    "races.Circuit",
)


def generation() -> int:
    value = cache.get(GENERATION_KEY)
    if value is None:
        # Start from the clock: a generation lost with the cache never comes back with old pages.
        cache.add(GENERATION_KEY, time.time_ns(), GENERATION_SECONDS)
        value = cache.get(GENERATION_KEY, 0)
    return value


def bump_generation() -> None:
    try:
        cache.incr(GENERATION_KEY)
    except ValueError:  # not there (evicted, or the cache is down)
        cache.set(GENERATION_KEY, time.time_ns(), GENERATION_SECONDS)


_DIRTY = "_pages_changed_uncommitted"  # on the connection: it wrote watched rows not yet committed


def _bump_after_commit() -> None:
    setattr(transaction.get_connection(), _DIRTY, False)
    bump_generation()


def pages_changed() -> None:
    """What the cached pages show has changed (a save, a delete, or a bulk write that sends no signal).

    Outside a transaction the generation moves at once. Inside one, it moves once, when the
    transaction commits, however many rows it writes: other processes cannot see the rows before
    then. This connection can: until the commit it is marked, and its own next cached read moves
    the generation first (a test, or a view that writes then reads in one transaction).
    """
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        bump_generation()
        return
    setattr(connection, _DIRTY, True)
    if not any(func is _bump_after_commit for _sids, func, *_rest in connection.run_on_commit):
        transaction.on_commit(_bump_after_commit)


def _changed(**kwargs: Any) -> None:
    pages_changed()


def _own_writes_seen() -> None:
    """Before a cached read: this connection's uncommitted writes make its cached pages out of date."""
    connection = transaction.get_connection()
    if getattr(connection, _DIRTY, False):
        setattr(connection, _DIRTY, False)
        bump_generation()


def connect_invalidation() -> None:
    for model in WATCHED:
        post_save.connect(_changed, sender=model, dispatch_uid=f"page-cache-save-{model}")
        post_delete.connect(_changed, sender=model, dispatch_uid=f"page-cache-delete-{model}")


def _cacheable(request: HttpRequest) -> bool:
    if request.method not in ("GET", "HEAD"):
        return False
    cookies = request.COOKIES
    if len(request.get_full_path()) > 300:  # made-up query strings must not fill the cache
        return False
    return settings.SESSION_COOKIE_NAME not in cookies and "messages" not in cookies


def cached_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Serve the view's 200 answers to anonymous GETs from the cache (PAGE_CACHE_SECONDS)."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        seconds = settings.PAGE_CACHE_SECONDS
        if not seconds or not _cacheable(request):
            return view(request, *args, **kwargs)
        accept = request.headers.get("Accept", "") if request.path.startswith("/api/") else ""
        key = f"pages:{translation.get_language()}:{request.get_full_path()}:{accept}"
        _own_writes_seen()
        # One round trip for both: the page carries the generation it was rendered in.
        found = cache.get_many([GENERATION_KEY, key])
        current = found.get(GENERATION_KEY)
        if current is None:
            current = generation()
        stored = found.get(key)
        if stored is None or stored[0] != current:
            response = view(request, *args, **kwargs)
            if getattr(response, "render", None) and not getattr(response, "is_rendered", True):
                response.render()
            if response.status_code != 200 or response.streaming or response.cookies:
                return response
            content = response.content.decode(response.charset)
            marked = _TOKEN.sub(rf"\g<1>{TOKEN_MARK}\g<2>", content)
            cache.set(key, (current, marked, dict(response.items())), seconds)
            return response
        _generation, content, headers = stored
        if TOKEN_MARK in content:
            content = content.replace(TOKEN_MARK, get_token(request))
        response = HttpResponse(content)
        for name, value in headers.items():
            response[name] = value
        return response

    return wrapper
