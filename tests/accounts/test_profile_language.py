"""A signed-in player sees the site in his profile's language, whatever his browser asks, until
he picks another with the language switcher."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.urls import reverse

from accounts.profiles import profile_for

pytestmark = pytest.mark.django_db

ENGLISH_BROWSER = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


@pytest.fixture
def french_player(db):
    user = get_user_model().objects.create_user("paula", "paula@example.org", "a-long-pass-phrase")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    profile = profile_for(user)
    profile.language = "fr"
    profile.save()
    return user


def _home(client) -> str:
    return client.get(reverse("home"), **ENGLISH_BROWSER).content.decode()


def test_after_signing_in_the_site_speaks_the_profile_s_language(client, french_player):
    assert '<html lang="en"' in _home(client)  # anonymous: the browser's language

    client.post(
        reverse("account_login"), {"login": "paula", "password": "a-long-pass-phrase"}, **ENGLISH_BROWSER
    )
    response = client.get(reverse("home"), **ENGLISH_BROWSER)

    assert '<html lang="fr"' in response.content.decode()
    assert response.cookies["django_language"].value == "fr"  # later requests need no lookup
    assert '<html lang="fr"' in _home(client)


def test_the_language_switcher_still_wins(client, french_player):
    client.force_login(french_player)
    assert '<html lang="fr"' in _home(client)

    client.post(reverse("set_language"), {"language": "en", "next": "/"}, **ENGLISH_BROWSER)

    assert '<html lang="en"' in _home(client)


def test_saving_another_language_in_the_profile_changes_the_site_at_once(client, french_player):
    client.force_login(french_player)
    assert '<html lang="fr"' in _home(client)

    response = client.post(
        reverse("accounts:profile"),
        {"display_name": "Paula", "language": "en", "notify_email": "on"},
        follow=True,
    )

    html = response.content.decode()
    assert '<html lang="en"' in html and "Your profile is saved." in html
    assert (
        '<html lang="en"' in client.get(reverse("home")).content.decode()
    )  # a French browser's cookie now says en
