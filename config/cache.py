"""A Redis cache that degrades instead of failing: while Redis is down, pages are served uncached.

Django's RedisCache raises on a connection error, so a cache outage became a 500 on every page
that reads the cache. This one answers a read as a miss and drops a write, logging the outage
once a minute per process; throttle counts and login failures kept in the cache are then not
counted (the site stays up rather than locked). Timeouts are short: a cache that hangs is down.
"""

from __future__ import annotations

import logging
import time
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

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        try:
            return super().get(key, default, version)
        except OUTAGE:
            self._outage("get")
            return default

    def get_many(self, keys: Any, version: int | None = None) -> dict[Any, Any]:
        try:
            return super().get_many(keys, version)
        except OUTAGE:
            self._outage("get_many")
            return {}

    def has_key(self, key: Any, version: int | None = None) -> bool:
        try:
            return super().has_key(key, version)
        except OUTAGE:
            self._outage("has_key")
            return False

    def set(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> None:
        try:
            super().set(key, value, timeout, version)
        except OUTAGE:
            self._outage("set")

    def add(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        try:
            return super().add(key, value, timeout, version)
        except OUTAGE:
            self._outage("add")
            return False

    def set_many(self, data: dict, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> list:
        try:
            return super().set_many(data, timeout, version)
        except OUTAGE:
            self._outage("set_many")
            return list(data)

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        try:
            return super().touch(key, timeout, version)
        except OUTAGE:
            self._outage("touch")
            return False

    def delete(self, key: Any, version: int | None = None) -> bool:
        try:
            return super().delete(key, version)
        except OUTAGE:
            self._outage("delete")
            return False

    def delete_many(self, keys: Any, version: int | None = None) -> None:
        try:
            super().delete_many(keys, version)
        except OUTAGE:
            self._outage("delete_many")

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        try:
            return super().incr(key, delta, version)
        except OUTAGE:
            self._outage("incr")
            raise ValueError(f"Key {key!r} not found (cache unavailable)") from None

    def clear(self) -> None:
        try:
            super().clear()
        except OUTAGE:
            self._outage("clear")
