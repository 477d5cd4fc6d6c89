"""The page cache's copy in each process is served only while the shared generation is its own."""

from __future__ import annotations

import time

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core import page_cache
from league.models import Driver
from league.services import driver_update
from tests.site.conftest import small_league

pytestmark = pytest.mark.django_db


@pytest.fixture
def season_page():
    """A small league, and the address of its season's page."""
    league = small_league()
    return league, reverse("races:season", args=[league.season.slug])


def test_a_change_made_by_another_process_shows_at_once_despite_the_local_copy(client, season_page):
    league, url = season_page
    assert "Alice" in client.get(url).content.decode()
    # Another process renames her: its rows are committed and it moves the shared generation;
    # nothing of that reaches this process's signals or its local copy of the page.
    Driver._base_manager.filter(pk=league.alice.pk).update(name="Alicia")  # not this process's manager
    cache.incr(page_cache.GENERATION_KEY)
    assert "Alicia" in client.get(url).content.decode()


def test_a_hit_from_the_local_copy_runs_no_query_and_carries_a_token_of_its_own(season_page):
    _, url = season_page
    Client().get(url)
    pages = []
    for _ in range(2):
        with CaptureQueriesContext(connection) as context:
            pages.append(Client().get(url).content.decode())
        assert len(context.captured_queries) == 0
    tokens = [page.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0] for page in pages]
    assert tokens[0] != tokens[1] and page_cache.TOKEN_MARK not in pages[0]


def test_french_and_english_pages_are_kept_apart(season_page):
    _, url = season_page
    french = Client(headers={"accept-language": "fr"}).get(url)
    english = Client(headers={"accept-language": "en"}).get(url)
    assert french["Content-Language"] == "fr" and english["Content-Language"] == "en"
    again = Client(headers={"accept-language": "fr"}).get(url)
    assert again.content == french.content.replace(
        french.content.split(b'name="csrfmiddlewaretoken" value="')[1].split(b'"')[0],
        again.content.split(b'name="csrfmiddlewaretoken" value="')[1].split(b'"')[0],
    )
    assert english.content != french.content


def test_a_signed_in_user_is_not_served_the_local_copy(client, django_user_model, season_page):
    _, url = season_page
    Client().get(url)
    client.force_login(django_user_model.objects.create_user("zoe", password="x"))
    assert "zoe" in client.get(url).content.decode()


def test_another_process_s_change_shows_within_the_memo_of_the_generation(monkeypatch, client, season_page):
    """With a shared cache, a process reads the generation at most every GENERATION_MEMO_SECONDS."""
    monkeypatch.setattr(page_cache, "_memo_seconds", lambda: 0.2)
    league, url = season_page
    assert "Alice" in client.get(url).content.decode()
    Driver._base_manager.filter(pk=league.alice.pk).update(name="Alicia")  # another process's write…
    cache.incr(page_cache.GENERATION_KEY)  # …and its commit
    assert "Alice" in client.get(url).content.decode()  # within the memo: the page as it was
    time.sleep(0.25)
    assert "Alicia" in client.get(url).content.decode()


def test_a_change_in_this_process_shows_at_once_despite_the_memo(monkeypatch, client, season_page):
    monkeypatch.setattr(page_cache, "_memo_seconds", lambda: 60.0)
    league, url = season_page
    assert "Alice" in client.get(url).content.decode()
    driver_update(driver=league.alice, data={"name": "Alicia"})
    assert "Alicia" in client.get(url).content.decode()
