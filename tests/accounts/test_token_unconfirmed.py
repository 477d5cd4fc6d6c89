"""An account whose e-mail address is not confirmed gets no API token: a 403 in JSON saying why
(it could not sign in on the site either). Once confirmed, or made by the admins, it gets one."""

from __future__ import annotations

import json

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def nina():
    user = get_user_model().objects.create_user("nina", "nina@example.org", "a-long-pass-phrase")
    EmailAddress.objects.create(user=user, email=user.email, verified=False, primary=True)
    return user


def _token(login: str = "nina"):
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    return client.post(
        "/api/auth/token/", {"username": login, "password": "a-long-pass-phrase"}, format="json"
    )


def test_an_unconfirmed_account_gets_a_403_saying_why_and_no_token(nina):
    response = _token()

    assert response.status_code == 403
    assert response["Content-Type"] == "application/json"
    assert "Confirm your e-mail address" in response.json()["detail"]
    assert not Token.objects.filter(user=nina).exists()


def test_a_wrong_password_stays_a_400_whatever_the_address(nina):
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    response = client.post("/api/auth/token/", {"username": "nina", "password": "nope"}, format="json")

    assert response.status_code == 400  # the address is not told to whoever lacks the password


def test_once_confirmed_the_account_gets_its_token(nina):
    EmailAddress.objects.filter(user=nina).update(verified=True)

    response = _token()

    assert response.status_code == 200
    assert response.json()["token"] == Token.objects.get(user=nina).key


def test_an_account_the_admins_made_without_an_address_on_record_gets_its_token():
    user = get_user_model().objects.create_user("nina", "nina@example.org", "a-long-pass-phrase")

    assert _token().status_code == 200
    assert Token.objects.filter(user=user).exists()


def test_the_schema_documents_the_403(client):
    schema = json.loads(client.get("/api/schema/", {"format": "json"}).content)

    assert {"200", "400", "403"} <= set(schema["paths"]["/api/auth/token/"]["post"]["responses"])


def test_the_tokens_unconfirmed_accounts_were_given_before_are_withdrawn(nina):
    from importlib import import_module

    from django.apps import apps

    admin_made = get_user_model().objects.create_user("ada", "ada@example.org", "x")
    confirmed = get_user_model().objects.create_user("carl", "carl@example.org", "x")
    EmailAddress.objects.create(user=confirmed, email=confirmed.email, verified=True, primary=True)
    for user in (nina, admin_made, confirmed):
        Token.objects.create(user=user)

    import_module("accounts.migrations.0002_drop_unconfirmed_tokens").drop_unconfirmed_tokens(apps, None)

    assert set(Token.objects.values_list("user__username", flat=True)) == {"ada", "carl"}
