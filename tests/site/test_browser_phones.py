"""Every public page of the demo on a 390-px phone and a 1280-px laptop, in French and English.

No page is wider than the screen (the page never scrolls sideways), the menu's links are all in
view, and the standings' points are on screen without scrolling the table. One browser, one
context per language, the pages in a loop: the walk takes seconds, not a test per page.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from circuits.models import Circuit
from demo.services import PLANNED_SLUG, REPLAY_ROUND, RUNNING, demo_load
from league.models import Driver, Season, Team
from races.models import Race
from sheets.models import RaceSheet
from sheets.services import race_sheet_submit
from tests.site.conftest import PROJECT_CIRCUITS

EXAMPLES = PROJECT_CIRCUITS.parent / "examples"

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

WIDTHS = (390, 1280)
LANGUAGES = ("fr", "en")

# Measured in the page: what sticks out sideways, and where each standings table's points are.
MEASURE = """() => {
  const out = [];
  const page = document.scrollingElement;
  if (page.scrollWidth > innerWidth) out.push(`the page is ${page.scrollWidth} px wide`);
  for (const link of document.querySelectorAll('nav.main-nav a')) {
    const box = link.getBoundingClientRect();
    if (box.left < 0 || box.right > innerWidth) out.push(`menu link "${link.textContent.trim()}" out of view`);
  }
  for (const wrap of document.querySelectorAll('.standings-wrap')) {
    if (wrap.scrollWidth > wrap.clientWidth) out.push(`a standings table scrolls (${wrap.scrollWidth} > ${wrap.clientWidth} px)`);
    const cell = wrap.querySelector('tbody tr td.points');
    const box = cell && cell.getBoundingClientRect();
    if (!box || box.width === 0 || box.right > Math.min(innerWidth, wrap.getBoundingClientRect().right))
      out.push('the standings points are not in view');
  }
  // the rules an invalid sheet broke read as cards on a phone: their messages wrap, nothing scrolls
  for (const table of document.querySelectorAll('table.violations-table')) {
    const wrap = table.closest('.table-wrap');
    if (wrap && wrap.scrollWidth > wrap.clientWidth) out.push(`the violations table scrolls (${wrap.scrollWidth} > ${wrap.clientWidth} px)`);
  }
  // the replay's map fits its box (no sideways scrolling, nothing cut off)
  for (const map of document.querySelectorAll('.replay-map')) {
    const svg = map.querySelector('svg');
    const box = map.getBoundingClientRect(), drawn = svg && svg.getBoundingClientRect();
    if (map.scrollWidth > map.clientWidth || (drawn && (drawn.left < box.left - 1 || drawn.right > box.right + 1)))
      out.push(`the replay map is wider than its box (${drawn && Math.round(drawn.width)} > ${Math.round(box.width)} px)`);
  }
  return out;
}"""


@pytest.fixture
def demo(browser_type_launch_args) -> None:
    """The demo league, committed so the live server's thread sees it (after the Chromium check)."""
    demo_load(circuits_dir=PROJECT_CIRCUITS, write=lambda line: None)


def public_pages() -> list[str]:
    """Every kind of public page, from the demo's own rows: each season, race status, owner…"""
    running = Season.objects.get(slug=RUNNING.slug)
    races = Race.objects.filter(season=running).order_by("round")
    replayed = races.get(round=REPLAY_ROUND)
    statuses = {race.status: race for race in races}
    driver = Driver.objects.get(slug="alice")
    team = Team.objects.order_by("pk").first()
    sheet = RaceSheet.objects.order_by("pk").first()
    # An invalid sheet too: its verdict's messages must wrap on a phone.
    invalid = race_sheet_submit(
        race=statuses[Race.Status.RUN],
        raw=(EXAMPLES / "race-ovale-gear-skip.json").read_bytes(),
        by=driver.user,
    )
    invalid.refresh_from_db()
    assert invalid.status == RaceSheet.Status.INVALID
    pages = [
        reverse("home"),
        reverse("races:seasons"),
        *(season.get_absolute_url() for season in Season.objects.all()),
        reverse("races:drivers"),
        driver.get_absolute_url(),
        reverse("races:teams"),
        team.get_absolute_url(),
        reverse("races:circuits"),
        *(circuit.get_absolute_url() for circuit in Circuit.objects.filter(races__season=running).distinct()),
        *(race.get_absolute_url() for race in statuses.values()),
        reverse("sheets:race-replay", args=[replayed.pk]),
        reverse("league:rules"),
        reverse("league:experience"),
        reverse("league:experience") + f"?season={RUNNING.slug}",
        reverse("league:experience-driver", args=[driver.slug]),
        reverse("league:experience-team", args=[team.slug]),
        reverse("account_login"),
        reverse("account_signup"),
        "/no-such-page/",
    ]
    pages += [invalid.get_absolute_url(), *([sheet.get_absolute_url()] if sheet else [])]
    assert reverse("races:season", args=[PLANNED_SLUG]) in pages  # the entry list, before round 1
    return pages


def test_no_public_page_is_wider_than_a_phone_or_a_laptop(live_server, browser, demo):
    pages = public_pages()
    problems = []
    for language in LANGUAGES:
        context = browser.new_context(locale=language)
        page = context.new_page()
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 844})
            for path in pages:
                response = page.goto(live_server.url + path)
                assert response is not None and response.status < 500, path
                problems += [f"{language} {width}px {path}: {problem}" for problem in page.evaluate(MEASURE)]
        context.close()

    assert problems == []
    assert len(pages) >= 20


def test_standings_fold_fit_and_a_scrolling_table_keeps_its_first_column(live_server, browser, demo):
    """Three looks at the same demo (one load of it): the phone's standings, the laptop's home
    page in French, and the results grid scrolled sideways on a phone."""
    phone = browser.new_context(locale="fr", viewport={"width": 390, "height": 844}, is_mobile=True)
    page = phone.new_page()
    page.goto(live_server.url + reverse("races:season", args=[RUNNING.slug]))

    # On a phone: position, driver and points; the car, team and counts folded under the name.
    table = page.locator("#drivers-title ~ .standings-wrap table")
    headers = [h for h in table.locator("thead th").all() if h.is_visible()]
    assert [h.inner_text().strip().casefold() for h in headers] == ["pos.", "pilote", "points"]
    first = table.locator("tbody tr").first
    assert first.locator(".fold-team").is_visible()
    assert "course" in first.locator(".fold-count").inner_text()  # "4 courses · 2 victoires · …"
    assert first.locator("td.points").is_visible()

    # A table that must scroll (the results grid) keeps the drivers' names in view.
    wrap = page.locator("#results-title ~ .table-wrap")
    assert wrap.evaluate("w => w.scrollWidth > w.clientWidth")
    name = wrap.locator("tbody tr th.name").first
    before = name.bounding_box()["x"]
    wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
    page.wait_for_timeout(50)
    assert wrap.evaluate("w => w.scrollLeft") > 0
    assert abs(name.bounding_box()["x"] - before) < 1
    phone.close()

    # On a laptop in French the home page's narrow column shows the whole points column ("POINTS",
    # not "POIN…"): the counts went under the name, the team is still a column.
    laptop = browser.new_context(locale="fr", viewport={"width": 1280, "height": 900})
    page = laptop.new_page()
    page.goto(live_server.url)
    header = page.locator(".standings-wrap thead th", has_text="Points")
    assert header.inner_text().strip().casefold() == "points"
    box = header.bounding_box()
    column = page.locator(".standings-wrap").bounding_box()
    assert box["x"] + box["width"] <= column["x"] + column["width"]
    assert page.locator(".standings-wrap thead th", has_text="Écurie").is_visible()
    assert not page.locator(".standings-wrap thead th", has_text="Victoires").is_visible()
    laptop.close()
