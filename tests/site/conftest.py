"""A small league for the feeds, charts and pages; Chromium for the browser tests."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from league.models import Driver, Season, SeasonEntry
from races.models import Race, Result
from sheets.models import RaceSheet
from sheets.services import race_sheet_submit
from tests.chromium import CHROMIUM, CHROMIUM_ARGS
from tests.conftest import absent
from tests.factories import (
    Cast,
    Oval,
    build_oval,
    make_circuit,
    make_driver,
    make_entry,
    make_season,
    make_team,
    run_race,
)

PROJECT_CIRCUITS = Path(__file__).resolve().parents[2] / "fixtures" / "circuits"


@dataclass
class SmallLeague(Cast):
    season: Season
    david: Driver
    entries: list[SeasonEntry]
    races: list[Race] = field(default_factory=list)


def small_league(races: int = 3, **season: object) -> SmallLeague:
    """Four cars in two teams; race r finishes in a rotating order, the last car out in odd rounds."""
    circuit = make_circuit()
    red = make_team(name="Rouge", slug="rouge", colour="#cc0000")
    blue = make_team(name="Bleue", slug="bleue", colour="#0033aa")
    alice = make_driver(name="Alice", slug="alice")
    bruno = make_driver(name="Bruno", slug="bruno")
    chloe = make_driver(name="Chloé", slug="chloe")
    david = make_driver(name="David", slug="david")
    league_season = make_season(name="Saison test", slug="saison-test", **season)
    entries = [
        make_entry(league_season, 1, alice, red),
        make_entry(league_season, 2, bruno, red),
        make_entry(league_season, 3, chloe, blue),
        make_entry(league_season, 4, david, blue),
    ]
    league = SmallLeague(
        circuit, red, blue, alice, bruno, chloe, season=league_season, david=david, entries=entries
    )
    for _ in range(races):
        race_more(league)
    return league


def race_more(league: SmallLeague, status: str = Race.Status.OFFICIAL) -> Race:
    """One more race, numbered after the last one."""
    n = len(league.races) + 1
    shift = (n - 1) % len(league.entries)
    order = league.entries[shift:] + league.entries[:shift]
    out = [order.pop()] if n % 2 else []
    results = run_race(league.season, n, order, eliminated=out, status=status, circuit=league.circuit)
    race = results[0].race
    league.races.append(race)
    return race


def net_points_by_round(season: Season) -> dict[int, dict[int, int]]:
    """{driver id: {round: net points}} straight from the results table, for the assertions."""
    scores: dict[int, dict[int, int]] = {}
    for result in Result.objects.filter(race__season=season, race__status__in=Race.RESULT_STATUSES):
        driver_id = result.race_entry.season_entry.driver_id
        scores.setdefault(driver_id, {})[result.race.round] = result.net_points
    return scores


@pytest.fixture
def league(db) -> SmallLeague:
    return small_league()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    """pytest-playwright launches Debian's Chromium; without it the browser tests skip (fail in CI)."""
    if not os.access(CHROMIUM, os.X_OK):
        absent(f"Chromium not found at {CHROMIUM} (apt-get install chromium, or set CHROMIUM)")
    # Playwright's sync API keeps an event loop in the test thread; the ORM calls the tests
    # make around it (loading the league, flushing the database) are still synchronous.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """A visitor whose browser asks for French, the site's language."""
    return {**browser_context_args, "locale": "fr-FR", "viewport": {"width": 1280, "height": 900}}


def session_cookie(live_server, user) -> list[dict]:  # noqa: ANN001 - pytest-django's live server
    """The cookie of a session logged in as `user`, for a browser context on the live server (the
    sign-in form is the accounts tests' business)."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    value = client.cookies[settings.SESSION_COOKIE_NAME].value
    return [{"name": settings.SESSION_COOKIE_NAME, "value": value, "url": live_server.url}]


PHONE_SIZE = {"width": 390, "height": 844}


@contextmanager
def browser_page(
    browser: Any,  # Playwright's
    *,
    locale: str,
    phone: bool = False,
    viewport: dict[str, int] | None = None,
    cookies: list[dict] | None = None,
) -> Iterator[Any]:
    """A page in a browser context of its own, closed after: a phone (390 × 844, touch) or a
    desktop of `viewport`, with `cookies` (a `session_cookie`) if given."""
    if phone:
        context = browser.new_context(viewport=PHONE_SIZE, has_touch=True, is_mobile=True, locale=locale)
    else:
        context = browser.new_context(viewport=viewport, locale=locale)
    if cookies:
        context.add_cookies(cookies)
    yield context.new_page()
    context.close()


def log_in(page, live_server, user) -> None:  # noqa: ANN001 - Playwright's page, pytest-django's live server
    """The user's session in the browser (the sign-in form is the accounts tests' business)."""
    page.context.clear_cookies()
    page.context.add_cookies(session_cookie(live_server, user))


def alices_sheet(log: Path, status: str, **kwargs: object) -> tuple[Oval, RaceSheet]:
    """The worked examples' oval round (tests.factories.build_oval) and alice's sheet of `log`,
    submitted (with `tasks_inline`: judged) and found `status`."""
    league = build_oval()
    sheet = race_sheet_submit(race=league.race, raw=log.read_bytes(), by=league.alice, **kwargs)
    sheet.refresh_from_db()
    assert sheet.status == status, sheet.error
    return league, sheet
