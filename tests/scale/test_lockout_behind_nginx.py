"""Behind nginx, a guesser locks out his own address for the account he guesses, and nobody else.

nginx in front of two gunicorn replicas from the Procfile's `web` line, on production settings,
PostgreSQL and Redis, with `TRUSTED_PROXIES=1` as docs/deploy.md says. Each client connects to
nginx from an address of its own (127.0.0.2, 127.0.0.3: all of 127/8 is local on Linux), so nginx
appends a different address to X-Forwarded-For for each, as it would for two people on the
Internet; the guesser writes a different made-up X-Forwarded-For with every try besides.
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.conftest import require_service
from tests.scale.front import nginx_command, own_database, require_nginx
from tests.scale.processes import (
    Processes,
    forget_redis,
    free_port,
    get,
    manage,
    procfile,
    production_env,
    wait,
)

pytestmark = [pytest.mark.slow, pytest.mark.postgres, pytest.mark.redis]

GUESSER, PLAYER = "127.0.0.2", "127.0.0.3"
LIMIT = 8  # AXES_FAILURE_LIMIT's default, the deployment's
PLAYERS = """
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
for name in ("alice", "bruno"):
    user = get_user_model().objects.create_user(name, f"{name}@example.org", f"{name}-password")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
"""
CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class Browser:
    """A visitor connecting to nginx from `address`, keeping its cookies."""

    def __init__(self, port: int, address: str) -> None:
        self.port, self.address = port, address
        self.cookies: dict[str, str] = {}
        self.csrf: str | None = None

    def request(self, method: str, path: str, body: str = "", headers: dict | None = None) -> tuple[int, str]:
        conn = http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=30, source_address=(self.address, 0)
        )
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        try:
            conn.request(method, path, body, {**(headers or {}), **({"Cookie": cookie} if cookie else {})})
            response = conn.getresponse()
            text = response.read().decode(errors="replace")
        finally:
            conn.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response.status, text

    def log_in(self, login: str, password: str, spoofed: str | None = None) -> int:
        """The login page's form, as a browser sends it: the status of the POST."""
        if self.csrf is None:  # once, as a page left open: the tries alternate between the replicas
            _status, page = self.request("GET", "/accounts/login/")
            self.csrf = CSRF_FIELD.search(page).group(1)
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        if spoofed:
            headers["X-Forwarded-For"] = spoofed
        body = urlencode({"csrfmiddlewaretoken": self.csrf, "login": login, "password": password})
        status, _text = self.request("POST", "/accounts/login/", body, headers)
        return status

    @property
    def signed_in(self) -> bool:
        return "sessionid" in self.cookies and bool(self.cookies["sessionid"].strip('"'))


@pytest.fixture
def database() -> Iterator[str]:
    require_service("Redis", "127.0.0.1", 6379)
    require_nginx()
    with own_database("fdleague_lockout") as url:
        yield url


def _timed(action):  # noqa: ANN001, ANN202
    start = time.monotonic()
    result = action()
    return result, (time.monotonic() - start) * 1000


def test_a_guesser_behind_nginx_locks_out_only_his_address_for_that_account(database, record_property):
    folder = Path(tempfile.mkdtemp(prefix="fdleague-lockout-"))
    tag = f"lockout-{os.getpid()}"
    procs = Processes(folder, production_env(folder, database, tag))
    try:
        manage(procs.env, "manage.py", "migrate", "--noinput", "-v", "0")
        manage(procs.env, "manage.py", "shell", "-c", PLAYERS)
        webs = [free_port(), free_port()]
        for i, port in enumerate(webs, start=1):
            procs.start(f"web{i}", procfile()["web"], PORT=str(port))
        front = free_port()
        procs.start("nginx", nginx_command(folder, front, webs))
        for port in (*webs, front):
            wait(f"the site on {port}", lambda port=port: get(port, "/healthz") == 200)

        guesser = Browser(front, GUESSER)
        started = time.monotonic()
        codes = [guesser.log_in("alice", "guess", spoofed=f"203.0.113.{i}") for i in range(LIMIT)]
        locked_after = time.monotonic() - started
        assert codes == [200] * (LIMIT - 1) + [429], codes
        assert guesser.log_in("alice", "alice-password", spoofed="198.51.100.1") == 429

        # Another player from another address, at once; then alice herself from hers.
        bruno = Browser(front, PLAYER)
        status, bruno_ms = _timed(lambda: bruno.log_in("bruno", "bruno-password"))
        assert status == 302 and bruno.signed_in
        alice = Browser(front, PLAYER)
        status, alice_ms = _timed(lambda: alice.log_in("alice", "alice-password"))
        assert status == 302 and alice.signed_in
        # From the guesser's own address only alice's account is shut.
        other = Browser(front, GUESSER)
        assert other.log_in("bruno", "bruno-password") == 302 and other.signed_in

        # The guesses went to both replicas: the count is shared (Redis), not per process.
        upstreams = {line.split()[1] for line in (folder / "nginx-access.log").read_text().splitlines()
                     if '"POST /accounts/login/' in line and line.startswith(GUESSER)}  # fmt: skip
        assert upstreams == {f"127.0.0.1:{port}" for port in webs}, upstreams
        figures = {
            "lockout_after_s": round(locked_after, 2),
            "other_player_login_ms": round(bruno_ms),
            "locked_player_from_her_address_ms": round(alice_ms),
        }
        for name, value in figures.items():
            record_property(name, value)
        print(f"\nlockout figures: {figures}")
    finally:
        procs.stop_all()
        forget_redis(tag)
        shutil.rmtree(folder, ignore_errors=True)
