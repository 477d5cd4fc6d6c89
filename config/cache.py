"""A Redis cache that degrades instead of failing: while Redis is down, pages are served uncached.

Django's RedisCache raises on a connection error, so a cache outage became a 500 on every page
that reads the cache. This one answers a read as a miss and drops a write, logging the outage
once a minute per process; throttle counts and login failures kept in the cache are then not
counted (the site stays up rather than locked). Timeouts are short: a cache that hangs is down.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)
OUTAGE = (RedisConnectionError, RedisTimeoutError, OSError)
LOG_EVERY = 60.0  # seconds


class _ReusedClients(RedisCacheClient):
    """Django builds a redis client for every operation (a third of a cached page's time went to
    that); one client per connection pool serves every thread (redis clients are thread-safe)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            client = self._clients[index] = self._client(connection_pool=self._get_connection_pool(write))
        return client


class ResilientRedisCache(RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        options = params.setdefault("OPTIONS", {})
        options.setdefault("socket_connect_timeout", 0.5)
        options.setdefault("socket_timeout", 0.5)
        super().__init__(server, params)
        self._class = _ReusedClients
        self._logged_at = 0.0

    def _outage(self, operation: str) -> None:
        now = time.monotonic()
        if now - self._logged_at >= LOG_EVERY:
            self._logged_at = now
            logger.warning("cache unavailable (%s): serving uncached", operation, exc_info=True)

    def _tolerant(self, fallback: Any, operation: Callable[..., Any], *args: Any) -> Any:
        """RedisCache's `operation(*args)`; while Redis is down, `fallback` (a miss, nothing done)."""
        try:
            return operation(*args)
        except OUTAGE:
            self._outage(operation.__name__)
            return fallback

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        return self._tolerant(default, super().get, key, default, version)

    def get_many(self, keys: Any, version: int | None = None) -> dict[Any, Any]:
        return self._tolerant({}, super().get_many, keys, version)

    def has_key(self, key: Any, version: int | None = None) -> bool:
        return self._tolerant(False, super().has_key, key, version)

    def set(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> None:
        self._tolerant(None, super().set, key, value, timeout, version)

    def add(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        return self._tolerant(False, super().add, key, value, timeout, version)

    def set_many(self, data: dict, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> list:
        return self._tolerant(list(data), super().set_many, data, timeout, version)

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        return self._tolerant(False, super().touch, key, timeout, version)

    def delete(self, key: Any, version: int | None = None) -> bool:
        return self._tolerant(False, super().delete, key, version)

    def delete_many(self, keys: Any, version: int | None = None) -> None:
        self._tolerant(None, super().delete_many, keys, version)

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        try:
            return super().incr(key, delta, version)
        except OUTAGE:
            self._outage("incr")
            raise ValueError(f"Key {key!r} not found (cache unavailable)") from None

    def clear(self) -> None:
        self._tolerant(None, super().clear)
