"""A visitor's browser on the served demo league: navigation, language, the calendar download."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse
from icalendar import Calendar

from demo.services import RUNNING, demo_load
from races.models import Race, Result
from tests.site.conftest import PROJECT_CIRCUITS

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo(browser_type_launch_args) -> None:
    """The demo league, committed so the live server's thread sees it (after the Chromium check)."""
    demo_load(circuits_dir=PROJECT_CIRCUITS, write=lambda line: None)


def test_a_visitor_follows_the_home_page_to_a_race_and_sees_its_results(live_server, page, demo):
    winner = Result.objects.select_related("race_entry__season_entry__driver").get(
        race__season__slug=RUNNING.slug, race__round=1, position=1
    )
    race = winner.race

    page.goto(live_server.url)
    page.click(f'main a[href="{race.season.get_absolute_url()}"]')
    page.wait_for_url(f"**{race.season.get_absolute_url()}")
    page.locator(f'#calendar-title ~ .table-wrap a[href="{race.get_absolute_url()}"]').first.click()
    page.wait_for_url(f"**{race.get_absolute_url()}")

    assert page.locator("h1").inner_text().casefold() == race.circuit.name.casefold()
    first_row = page.locator("#results-title ~ .table-wrap tbody tr").first
    assert winner.race_entry.season_entry.driver.name in first_row.inner_text()
    assert page.locator("#results-title ~ .table-wrap tbody tr").count() == race.results.count()


def test_the_header_form_switches_the_site_to_english(live_server, page, demo):
    page.goto(live_server.url + reverse("races:seasons"))
    assert page.locator("html").get_attribute("lang") == "fr"

    page.select_option("#language", "en")
    page.click("form.lang button[type=submit]")
    page.wait_for_load_state()

    assert page.locator("html").get_attribute("lang") == "en"
    assert page.url.endswith(reverse("races:seasons"))
    nav = page.locator("nav.main-nav").inner_text()
    assert "Seasons" in nav and "Drivers" in nav
    assert page.locator("h1").inner_text().casefold() == "seasons"


def test_the_calendar_link_downloads_one_event_per_race(live_server, page, demo, tmp_path: Path):
    season_url = reverse("races:season", args=[RUNNING.slug])
    page.goto(live_server.url + season_url)

    with page.expect_download() as download_info:
        page.click(f'a[href="{reverse("races:season-calendar", args=[RUNNING.slug])}"]')
    download = download_info.value
    target = tmp_path / download.suggested_filename
    download.save_as(target)

    assert download.suggested_filename == f"{RUNNING.slug}.ics"
    calendar = Calendar.from_ical(target.read_bytes())
    events = calendar.walk("VEVENT")
    assert len(events) == Race.objects.filter(season__slug=RUNNING.slug).count() == 8
