"""The favicon, and the 404 and 500 pages: styled like the site, in the reader's language."""

from __future__ import annotations

import pytest
from django.http import HttpRequest, HttpResponse
from django.urls import path

from config import urls as site_urls

pytestmark = pytest.mark.django_db


def boom(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug in a view")


# This module is the URL conf of the 500 tests: the site's own, and one view that breaks.
urlpatterns = [path("boom/", boom), path("api/boom/", boom), *site_urls.urlpatterns]
handler500 = site_urls.handler500


@pytest.fixture
def broken(client, settings):
    """A client on this module's URL conf, answered with the 500 a breaking view gets."""
    settings.ROOT_URLCONF = __name__
    client.raise_request_exception = False
    return client


def test_the_favicon_is_served_at_the_root_and_linked_from_every_page(client):
    response = client.get("/favicon.ico")

    assert response.status_code == 200
    assert response["Content-Type"] == "image/x-icon"
    assert response.content[:4] == b"\x00\x00\x01\x00"  # an ICO file's signature
    assert "max-age" in response["Cache-Control"]
    html = client.get("/").content.decode()
    assert 'rel="icon" href="/static/img/favicon.ico"' in html
    assert 'href="/static/img/favicon.svg" type="image/svg+xml"' in html


@pytest.mark.parametrize(
    ("language", "title", "back"),
    [("fr", "Page introuvable", "Retour à l’accueil"), ("en", "Page not found", "Back to the home page")],
)
def test_an_unknown_address_gets_the_styled_404_in_the_readers_language(client, language, title, back):
    response = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE=language)

    assert response.status_code == 404
    html = response.content.decode()
    assert f'<html lang="{language}">' in html
    assert title in html and back in html
    assert "/static/css/site.css" in html and 'class="main-nav"' in html  # the site's layout
    assert "<code>/no-such-page/</code>" in html


def test_an_unknown_season_gets_the_same_page(client):
    response = client.get("/seasons/nope/", HTTP_ACCEPT_LANGUAGE="en")

    assert response.status_code == 404
    assert "Page not found" in response.content.decode()


@pytest.mark.parametrize(("language", "title"), [("fr", "Erreur du serveur"), ("en", "Server error")])
def test_a_broken_view_gets_the_styled_500_in_the_readers_language(broken, language, title):
    response = broken.get("/boom/", HTTP_ACCEPT_LANGUAGE=language)

    assert response.status_code == 500
    html = response.content.decode()
    assert f'<html lang="{language}">' in html
    assert title in html
    assert "/static/css/site.css" in html
    assert "a bug in a view" not in html  # nothing of the error leaks out


@pytest.mark.parametrize(("language", "detail"), [("en", "Server error."), ("fr", "Erreur du serveur.")])
def test_a_broken_api_call_is_a_json_500(broken, language, detail):
    response = broken.get("/api/boom/", HTTP_ACCEPT_LANGUAGE=language)

    assert response.status_code == 500
    assert response.json() == {"detail": detail}
