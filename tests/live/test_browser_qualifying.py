"""Qualifying at the table in the browser, at phone size: each lap counted by taps, the clock
started and stopped on the page, a reload halfway, then the laps sent as the qualifying sheet."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from config.celery_app import app as celery_app
from races.models import RaceEntry
from sheets.models import RaceSheet
from tests.factories import build_oval
from tests.site.conftest import (  # noqa: F401 - pytest-playwright's fixtures, Chromium's
    browser_context_args,
    browser_type_launch_args,
    session_cookie,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def oval(browser_type_launch_args):  # noqa: F811
    saved = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield build_oval(grid=False)
    celery_app.conf.task_always_eager = saved


@pytest.fixture
def phone(browser, live_server, oval):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="en-GB"
    )
    context.add_cookies(session_cookie(live_server, oval.alice))
    yield context.new_page()
    context.close()


def tap(page, car: str, action: str, times: int = 1) -> None:
    for _ in range(times):
        page.locator(f'[data-lap="{car}"] [data-action="{action}"]').tap()


def test_the_laps_are_counted_by_taps_and_sent_as_the_qualifying_sheet(live_server, phone, oval):
    page = phone
    page.goto(live_server.url + f"/races/{oval.race.pk}/live/qualifying/")

    clock = page.locator('[data-lap="7"] [data-clock]')
    tap(page, "7", "clock")
    expect(page.locator('[data-lap="7"] [data-action="clock"]')).to_have_text("Stop the clock")
    expect(clock).to_have_text("0:01", timeout=3000)
    tap(page, "7", "clock")
    stopped = clock.inner_text()
    page.wait_for_timeout(1200)
    assert clock.inner_text() == stopped  # stopped means stopped
    tap(page, "7", "throws+", 18)
    tap(page, "7", "exit+", 3)
    tap(page, "7", "exit-")
    expect(page.locator('[data-lap="7"] [data-absolute]')).to_have_text("Absolute time: 20")

    page.reload()  # nothing is lost
    expect(page.locator('[data-lap="7"] [data-throws]')).to_have_text("18")
    expect(page.locator('[data-lap="7"] [data-exit]')).to_have_text("2")
    tap(page, "3", "throws+", 19)
    expect(page.locator('[data-lap="3"] [data-absolute]')).to_have_text("Absolute time: 19")
    # The engine's grid: car 3 first (19 throws against 20).
    expect(page.locator("#live-grid li").first).to_have_attribute("data-grid-car", "3")

    page.locator('[data-action="review"]').tap()  # the grid it makes, to be confirmed
    expect(page.locator("#live-grid-confirm li").first).to_have_attribute("data-grid-car", "3")
    page.locator('#live-grid-confirm [data-action="submit"]').tap()
    page.wait_for_url("**/sheets/*/")
    sheet = RaceSheet.objects.get(race=oval.race, kind=RaceSheet.Kind.QUALIFYING)
    assert sheet.status == RaceSheet.Status.VALID, sheet.error
    laps = {lap["car"]: lap for lap in sheet.log["laps"]}
    assert (laps["7"]["throws"], laps["7"]["exit_squares"], laps["3"]["throws"]) == (18, 2, 19)
    slots = dict(
        RaceEntry.objects.filter(race=oval.race).values_list("season_entry__car_number", "grid_slot")
    )
    assert slots == {3: 1, 7: 2}
