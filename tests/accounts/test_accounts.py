"""Sign-up confirmed by e-mail, login by user name or e-mail, password reset, the profile."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from accounts.models import Profile
from league.models import Driver

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https?://[^/\s]+(/accounts/[^\s]+/)")


def _sign_up(client, capture, *, language: str = "fr", name: str = "nina") -> str:
    client.cookies["django_language"] = language
    with capture(execute=True):
        response = client.post(
            reverse("account_signup"),
            {
                "email": f"{name}@example.org",
                "username": name,
                "password1": "a-long-pass-phrase",
                "password2": "a-long-pass-phrase",
                "display_name": name.title(),
            },
        )
    assert response.status_code == 302
    (message,) = mail.outbox
    return message


def test_sign_up_sends_one_confirmation_mail_and_the_link_confirms(
    client, django_capture_on_commit_callbacks
):
    message = _sign_up(client, django_capture_on_commit_callbacks)

    assert message.to == ["nina@example.org"]
    assert "Confirm" in message.subject or "Confirmez" in message.subject
    assert "confirmer" in message.body.casefold()  # French: the visitor's language
    path = LINK.search(message.body).group(1)
    user = get_user_model().objects.get(username="nina")
    assert not EmailAddress.objects.get(user=user).verified
    assert Profile.objects.get(user=user).display_name == "Nina"

    assert client.get(path).status_code == 200  # a page with a button: GET alone confirms nothing
    assert not EmailAddress.objects.get(user=user).verified
    response = client.post(path)

    assert response.status_code == 302
    assert EmailAddress.objects.get(user=user).verified


def test_the_confirmation_mail_is_in_english_for_an_english_visitor(
    client, django_capture_on_commit_callbacks
):
    message = _sign_up(client, django_capture_on_commit_callbacks, language="en", name="oscar")

    assert "confirm" in message.body.casefold() and "confirmer" not in message.body.casefold()
    assert Profile.objects.get(user__username="oscar").language == "en"


def test_no_mail_leaves_when_the_sign_up_rolls_back(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        client.post(
            reverse("account_signup"),
            {
                "email": "x@example.org",
                "username": "x",
                "password1": "a-long-pass-phrase",
                "password2": "a-long-pass-phrase",
            },
        )
    # The mail waits for the commit; a rollback drops the callback and sends nothing.
    assert len(callbacks) == 1 and mail.outbox == []


@pytest.fixture
def player(db):
    user = get_user_model().objects.create_user("paula", "paula@example.org", "a-long-pass-phrase")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


@pytest.mark.parametrize("login", ["paula", "paula@example.org", "PAULA@example.org"])
def test_login_by_user_name_or_e_mail(client, player, login):
    response = client.post(reverse("account_login"), {"login": login, "password": "a-long-pass-phrase"})

    assert response.status_code == 302
    assert client.get(reverse("home")).context["user"] == player


def test_an_unconfirmed_address_cannot_log_in(client, django_capture_on_commit_callbacks):
    _sign_up(client, django_capture_on_commit_callbacks)
    client.logout()

    response = client.post(reverse("account_login"), {"login": "nina", "password": "a-long-pass-phrase"})

    assert response["Location"] == reverse("account_email_verification_sent")
    assert client.get(reverse("home")).context["user"].is_anonymous


def test_password_reset_mails_a_link_that_sets_a_new_password(
    client, player, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("account_reset_password"), {"email": "paula@example.org"})
    (message,) = mail.outbox
    path = LINK.search(message.body).group(1)

    form = client.get(path, follow=True)
    response = client.post(
        form.redirect_chain[-1][0], {"password1": "another-long-phrase", "password2": "another-long-phrase"}
    )

    assert response.status_code == 302
    player.refresh_from_db()
    assert player.check_password("another-long-phrase")


def test_the_profile_shows_the_country_by_name_and_flag_and_renames_the_driver(client, player):
    driver = Driver.objects.create(name="P.", slug="paula", user=player)
    client.force_login(player)

    response = client.post(
        reverse("accounts:profile"),
        {"display_name": "Paula Ríos", "country": "ES", "language": "en", "notify_email": "on"},
    )
    assert response.status_code == 302
    html = client.get(reverse("accounts:profile")).content.decode()

    assert "Espagne" in html or "Spain" in html
    assert "🇪🇸" in html
    driver.refresh_from_db()
    assert (driver.name, driver.country) == ("Paula Ríos", "ES")
    profile = Profile.objects.get(user=player)
    assert (profile.language, profile.notify_email, profile.notify_webhook) == ("en", True, False)


def test_the_profile_needs_a_login(client):
    response = client.get(reverse("accounts:profile"))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))
