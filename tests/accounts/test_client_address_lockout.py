"""The login lockout and the token throttle count a player's account and the client's address
together: a guesser locks himself out of that account, never the player nor anyone else."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

X, Y = "198.51.100.7", "198.51.100.8"


def _player(name: str):
    user = get_user_model().objects.create_user(name, f"{name}@example.org", f"{name}-password")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


@pytest.fixture(autouse=True)
def behind_nginx(settings):
    settings.TRUSTED_PROXIES = 1


def _login(login: str, password: str, address: str, spoofed: str = "6.6.6.6") -> Client:
    client = Client(HTTP_X_FORWARDED_FOR=f"{spoofed}, {address}", REMOTE_ADDR="127.0.0.1")
    client.response = client.post(reverse("account_login"), {"login": login, "password": password})
    return client


def _lock_out(login: str, address: str, settings) -> list[int]:
    # The guesser changes the address he writes each time: nginx appends the real one.
    return [
        _login(login, "guess", address, spoofed=f"203.0.113.{i}").response.status_code
        for i in range(settings.AXES_FAILURE_LIMIT)
    ]


def _signed_in(client: Client) -> bool:
    return client.response.status_code == 302 and "_auth_user_id" in client.session


def test_a_guesser_locks_out_his_address_for_that_account_only(settings):
    _player("alice"), _player("bruno")

    codes = _lock_out("alice", X, settings)

    assert codes == [200] * (settings.AXES_FAILURE_LIMIT - 1) + [429]
    assert _login("alice", "alice-password", X).response.status_code == 429
    assert _signed_in(_login("bruno", "bruno-password", X))  # another account from the same address
    assert _signed_in(_login("alice", "alice-password", Y))  # the player herself from her address


def test_an_e_mail_address_counts_as_the_account_it_belongs_to(settings):
    _player("alice")

    for i in range(settings.AXES_FAILURE_LIMIT // 2):
        _login("alice", "guess", X, spoofed=f"203.0.113.{i}")
        _login("ALICE@example.org", "guess", X, spoofed=f"203.0.113.{i}")

    assert _login("alice@example.org", "alice-password", X).response.status_code == 429
    assert _signed_in(_login("alice@example.org", "alice-password", Y))


def test_without_a_trusted_proxy_spoofed_headers_do_not_escape_the_lockout(settings):
    settings.TRUSTED_PROXIES = 0
    _player("alice")

    # All from one socket address (127.0.0.1) whatever they write: one count.
    codes = _lock_out("alice", X, settings)

    assert codes[-1] == 429
    assert _login("alice", "alice-password", Y).response.status_code == 429


def _token(username: str, password: str, address: str, spoofed: str = "6.6.6.6") -> int:
    client = APIClient(HTTP_X_FORWARDED_FOR=f"{spoofed}, {address}", REMOTE_ADDR="127.0.0.1")
    return client.post(
        reverse("api:token"), {"username": username, "password": password}, format="json"
    ).status_code


def test_the_token_endpoint_locks_the_same_way(settings):
    _player("alice"), _player("bruno")

    for i in range(settings.AXES_FAILURE_LIMIT):
        _token("alice", "guess", X, spoofed=f"203.0.113.{i}")

    assert _token("alice", "alice-password", X) == 429
    assert _token("bruno", "bruno-password", X) == 200
    assert _token("alice", "alice-password", Y) == 200


def test_the_token_throttle_counts_the_client_address_not_the_header_it_wrote(settings, monkeypatch):
    from rest_framework.throttling import SimpleRateThrottle

    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"auth": "3/min"})
    _player("alice")

    from_x = [_token("alice", "alice-password", X, spoofed=f"203.0.113.{i}") for i in range(4)]

    assert from_x == [200, 200, 200, 429]
    assert _token("alice", "alice-password", Y) == 200  # another client: its own count


def test_without_a_trusted_proxy_the_token_throttle_ignores_the_header(settings, monkeypatch):
    from rest_framework.throttling import SimpleRateThrottle

    settings.TRUSTED_PROXIES = 0
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"auth": "3/min"})
    _player("alice")

    # 62 spoofed values from one socket: one key, throttled at the 4th.
    codes = [_token("alice", "alice-password", f"203.0.113.{i}") for i in range(1, 63)]

    assert codes[:3] == [200] * 3 and set(codes[3:]) == {429}


def test_allauths_failed_login_limit_does_not_lock_a_player_out_from_elsewhere(settings):
    from config.settings import base

    settings.ACCOUNT_RATE_LIMITS = base.ACCOUNT_RATE_LIMITS  # the deployment's, off in the tests
    _player("alice")

    for i in range(settings.AXES_FAILURE_LIMIT - 1):  # below the lockout, above allauth's default 5
        _login("alice", "guess", X, spoofed=f"203.0.113.{i}")

    assert _signed_in(_login("alice", "alice-password", Y))
