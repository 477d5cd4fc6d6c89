"""Public pages served from the shared cache, and forgotten the moment the league changes.

Every cached answer carries the *generation* number it was rendered in; any save or delete of
what the pages show (a result, penalty, entry, season, race, sheet, ledger row…) bumps it, once
per transaction when it commits (a sheet's 40 rows: one bump, not 40 round trips to Redis), so the
next request of every process finds its page out of date and renders afresh (the page and the
generation come in one round trip). The models the pages show say so with their manager
(`ShownQuerySet`), whose bulk writes move the generation too; raw SQL writes call pages_changed().

Only anonymous GETs are cached (no session, no flash message): a signed-in user's pages say who
he is; the key holds the language and the full path, so French and English pages stay apart. The
CSRF token in a cached page is replaced on the way out by one for the request. Each process also
keeps the pages it served last (LOCAL_PAGES), used only while the shared generation is the one
they were rendered in: a hit costs one small read of the shared cache, not the page's transfer.
"""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core.cache import cache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.db import models, transaction
from django.db.models.signals import post_delete, post_save
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils import translation

GENERATION_KEY = "pages:generation"
GENERATION_SECONDS = 7 * 24 * 3600  # longer than any page is kept; a lost one restarts from the clock
TOKEN_MARK = "__csrf_token_of_the_request__"
_TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*(")')
# A process reads the shared generation at most this often: a hit then needs no round trip to Redis
# at all (under load, that round trip was most of what a cached page cost over a bare view). A change
# made in this process moves it at once; one made in another process shows here within this delay.
GENERATION_MEMO_SECONDS = 0.05
_memo: list[float | int] = [0.0, 0]  # [read at (monotonic), generation]


def generation() -> int:
    value = cache.get(GENERATION_KEY)
    if value is None:
        # Start from the clock: a generation lost with the cache never comes back with old pages.
        cache.add(GENERATION_KEY, time.time_ns(), GENERATION_SECONDS)
        value = cache.get(GENERATION_KEY, 0)
    return value


def _memo_seconds() -> float:
    # An in-process cache (tests, development) costs no round trip: read it every time, and a
    # cleared cache (each test starts with one) is seen at once.
    return 0.0 if isinstance(caches["default"], LocMemCache) else GENERATION_MEMO_SECONDS


def _current_generation() -> int:
    now = time.monotonic()
    read_at, value = _memo
    if value and now - read_at < _memo_seconds():
        return int(value)
    value = generation()
    _memo[:] = [now, value]
    return value


def bump_generation() -> None:
    _memo[:] = [0.0, 0]  # this process reads the new one on its next page
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


class ShownQuerySet(models.QuerySet):
    """The rows of a model the cached pages show (its `objects = ShownQuerySet.as_manager()`).

    A save or delete of one moves the pages on (connect_invalidation); so do its bulk writes, which
    send no signal, here, so that no caller has to remember to.
    """

    def update(self, **kwargs: Any) -> int:
        count = super().update(**kwargs)
        if count:
            pages_changed()
        return count

    def bulk_create(self, objs: Any, *args: Any, **kwargs: Any) -> list[Any]:
        made = super().bulk_create(objs, *args, **kwargs)
        if made:
            pages_changed()
        return made

    def bulk_update(self, objs: Any, fields: Any, *args: Any, **kwargs: Any) -> int:
        count = super().bulk_update(objs, fields, *args, **kwargs)
        if count:
            pages_changed()
        return count


def shown_models() -> list[type[models.Model]]:
    """The models whose rows the cached pages show: those managed by a ShownQuerySet."""
    return [
        model
        for model in apps.get_models()
        if isinstance(model._default_manager.get_queryset(), ShownQuerySet)
    ]


def connect_invalidation() -> None:
    for model in shown_models():
        label = model._meta.label
        post_save.connect(_changed, sender=model, dispatch_uid=f"page-cache-save-{label}")
        post_delete.connect(_changed, sender=model, dispatch_uid=f"page-cache-delete-{label}")


def _cacheable(request: HttpRequest) -> bool:
    if request.method not in ("GET", "HEAD"):
        return False
    cookies = request.COOKIES
    if len(request.get_full_path()) > 300:  # made-up query strings must not fill the cache
        return False
    if "HTTP_AUTHORIZATION" in request.META:  # an API client signed in by its token: its own answer
        return False
    return settings.SESSION_COOKIE_NAME not in cookies and "messages" not in cookies


# Each process keeps the pages it served last: a hit then asks the shared cache for the generation
# only (a few bytes) instead of the page (the season page is 140 KiB to fetch and unpickle each time).
# A page is taken from here only if it was rendered in the current generation, as from the cache.
LOCAL_PAGES = 64
_local: OrderedDict[str, tuple[int, tuple[bytes, ...], dict[str, str]]] = OrderedDict()
_local_lock = threading.Lock()


def _local_get(key: str, current: int) -> tuple[int, tuple[bytes, ...], dict[str, str]] | None:
    with _local_lock:
        found = _local.get(key)
        if found is None or found[0] != current:
            return None
        _local.move_to_end(key)
        return found


def _local_put(key: str, stored: tuple[int, tuple[bytes, ...], dict[str, str]]) -> None:
    with _local_lock:
        _local[key] = stored
        _local.move_to_end(key)
        while len(_local) > LOCAL_PAGES:
            _local.popitem(last=False)


def _stored(response: HttpResponse, current: int) -> tuple[int, tuple[bytes, ...], dict[str, str]]:
    """What is kept of a page: its bytes cut where the request's CSRF token goes, and its headers."""
    content = response.content.decode(response.charset)
    marked = _TOKEN.sub(rf"\g<1>{TOKEN_MARK}\g<2>", content)
    parts = tuple(part.encode(response.charset) for part in marked.split(TOKEN_MARK))
    return current, parts, dict(response.items())


def _served(request: HttpRequest, stored: tuple[int, tuple[bytes, ...], dict[str, str]]) -> HttpResponse:
    _generation, parts, headers = stored
    content = parts[0] if len(parts) == 1 else get_token(request).encode().join(parts)
    response = HttpResponse(content)
    for name, value in headers.items():
        response[name] = value
    return response


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
        current = _current_generation()
        local = _local_get(key, current)
        if local is not None:
            return _served(request, local)
        stored = cache.get(key)
        if stored is not None and stored[0] == current and isinstance(stored[1], tuple):
            _local_put(key, stored)
            return _served(request, stored)
        response = view(request, *args, **kwargs)
        if getattr(response, "render", None) and not getattr(response, "is_rendered", True):
            response.render()
        if response.status_code != 200 or response.streaming or response.cookies:
            return response
        stored = _stored(response, current)
        cache.set(key, stored, seconds)
        _local_put(key, stored)
        return response

    return wrapper
