"""Fixtures shared by the whole suite, and the rule for tests that need real services."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
EXAMPLES = SHARED / "examples"
IN_CI = os.getenv("CI", "").lower() == "true"


def service_up(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def require_service(name: str, host: str, port: int) -> None:
    """Skip with a reason when a service is absent; under CI=true, fail instead."""
    if service_up(host, port):
        return
    message = f"{name} is not reachable on {host}:{port}"
    if IN_CI:
        pytest.fail(f"{message} (CI=true: services must run)")
    pytest.skip(message)


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    """Each test starts with an empty cache: cached pages, throttle counts and login failures."""
    from django.core.cache import caches

    for cache in caches.all(initialized_only=True):
        cache.clear()


@pytest.fixture
def redis_server() -> str:
    require_service("Redis", "127.0.0.1", 6379)
    return "redis://127.0.0.1:6379/0"


@pytest.fixture
def examples_dir() -> Path:
    if not EXAMPLES.is_dir():
        pytest.skip(f"shared examples not found at {EXAMPLES}")
    return EXAMPLES
