"""The client's address: from the proxies the deployment declares (TRUSTED_PROXIES), never from an
X-Forwarded-For the client wrote; the same for the lockout, allauth, the API's throttles and logs."""

from __future__ import annotations

import logging

import pytest
from allauth.account.adapter import get_adapter
from django.test import RequestFactory
from rest_framework.request import Request

from core.api_support import ClientScopedRateThrottle
from core.client_address import ClientAddressFilter, client_address

SPOOFED = [f"203.0.113.{i}" for i in range(1, 63)]  # 62 made-up addresses, as the attack sent


def _request(forwarded: str | None = None, remote: str = "10.0.0.5"):
    meta = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        meta["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().post("/accounts/login/", **meta)


def test_without_a_trusted_proxy_a_spoofed_header_does_not_change_the_address(settings):
    settings.TRUSTED_PROXIES = 0

    assert {client_address(_request(spoofed)) for spoofed in SPOOFED} == {"10.0.0.5"}


def test_behind_one_proxy_the_address_it_appended_is_the_client(settings):
    settings.TRUSTED_PROXIES = 1

    # nginx's $proxy_add_x_forwarded_for: what the client sent, then the address nginx saw
    assert client_address(_request("198.51.100.7", remote="127.0.0.1")) == "198.51.100.7"
    assert client_address(_request("6.6.6.6, 198.51.100.7", remote="127.0.0.1")) == "198.51.100.7"
    assert {client_address(_request(f"{s}, 198.51.100.7")) for s in SPOOFED} == {"198.51.100.7"}


def test_behind_two_proxies_the_second_address_from_the_right_is_the_client(settings):
    settings.TRUSTED_PROXIES = 2

    assert client_address(_request("6.6.6.6, 198.51.100.7, 10.1.1.1")) == "198.51.100.7"


def test_a_chain_shorter_than_the_proxies_declared_is_the_socket_address(settings):
    settings.TRUSTED_PROXIES = 2

    assert client_address(_request("198.51.100.7")) == "10.0.0.5"
    assert client_address(_request()) == "10.0.0.5"  # a probe asking a replica directly


def test_a_quote_typed_by_the_client_does_not_swallow_the_proxys_hop(settings):
    settings.TRUSTED_PROXIES = 1

    assert client_address(_request('"6.6.6.6, 198.51.100.7')) == "198.51.100.7"
    assert client_address(_request("not-an-address, [2001:db8::1]:443")) == "2001:db8::1"


@pytest.mark.parametrize("proxies, expected", [(0, "10.0.0.5"), (1, "198.51.100.7")])
def test_allauth_and_the_api_throttle_take_the_same_address(settings, proxies, expected):
    settings.TRUSTED_PROXIES = proxies
    request = _request("6.6.6.6, 198.51.100.7")

    assert get_adapter(request).get_client_ip(request) == expected
    assert ClientScopedRateThrottle().get_ident(Request(request)) == expected
    assert client_address(request) == expected


def test_a_requests_log_record_says_its_client(settings):
    settings.TRUSTED_PROXIES = 1
    record = logging.makeLogRecord({"msg": "Forbidden", "request": _request("6.6.6.6, 198.51.100.7")})

    assert ClientAddressFilter().filter(record)
    assert record.client == "198.51.100.7"


def test_drfs_own_throttles_ignore_a_spoofed_header_too(settings):
    from rest_framework.throttling import BaseThrottle

    # REST_FRAMEWORK["NUM_PROXIES"] is TRUSTED_PROXIES (0 here): DRF's None would read the header.
    ident = {BaseThrottle().get_ident(Request(_request(spoofed))) for spoofed in SPOOFED}

    assert settings.REST_FRAMEWORK["NUM_PROXIES"] == settings.TRUSTED_PROXIES == 0
    assert ident == {"10.0.0.5"}
