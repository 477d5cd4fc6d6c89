"""Every public page of the demo league reads in French: no English sentence left (proper names aside).

The demo is loaded for each test (`load_demo`, then an invalid and an unreadable sheet sent to
its round still waiting for one); each page is fetched in French and in English and the detector
(tests/i18n/english.py) compares them."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from circuits.models import Circuit
from league.models import Driver, Season, Team
from races.models import Race
from sheets.models import RaceSheet
from sheets.services import race_sheet_submit
from tests.i18n.english import english_pieces

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

EXAMPLES = Path(__file__).resolve().parents[2] / "fixtures" / "examples"


@pytest.fixture
def demo(db, django_capture_on_commit_callbacks) -> dict[str, str]:
    """The demo league, two more sheets, and the address of every public page."""
    call_command("load_demo", verbosity=0)
    waiting = Race.objects.get(status=Race.Status.RUN, circuit__slug="ovale")
    alice = get_user_model().objects.get(username="alice")
    with django_capture_on_commit_callbacks(execute=True):  # the sheets are judged once stored
        gear_skip = (EXAMPLES / "race-ovale-gear-skip.json").read_bytes()
        invalid = race_sheet_submit(race=waiting, raw=gear_skip, by=alice)
        unreadable = race_sheet_submit(
            race=waiting, raw=b'{"format": "formule-de/race-log@1", "turns": 3', by=alice
        )
    return _pages(invalid=invalid, unreadable=unreadable)


def _pages(*, invalid: RaceSheet, unreadable: RaceSheet) -> dict[str, str]:
    season = Season.objects.get(slug="championnat-2026")
    race = Race.objects.filter(sheets__status=RaceSheet.Status.VALID).first()
    valid = RaceSheet.objects.filter(status=RaceSheet.Status.VALID).first()
    invalid.refresh_from_db()
    unreadable.refresh_from_db()
    assert invalid.status == RaceSheet.Status.INVALID and unreadable.status == RaceSheet.Status.INVALID
    driver = Driver.objects.get(slug="alice")
    team = Team.objects.order_by("slug").first()
    return {
        "home": reverse("home"),
        "seasons": reverse("races:seasons"),
        "season (standings, calendar, rules)": reverse("races:season", args=[season.slug]),
        "planned season": reverse("races:season", args=["championnat-2027"]),
        "race": reverse("sheets:race", args=[race.pk]),
        "race waiting for its sheet": reverse("sheets:race", args=[invalid.race_id]),
        "replay": reverse("sheets:race-replay", args=[race.pk]),
        "valid sheet": reverse("sheets:sheet", args=[valid.pk]),
        "invalid sheet": reverse("sheets:sheet", args=[invalid.pk]),
        "unreadable sheet": reverse("sheets:sheet", args=[unreadable.pk]),
        "circuits": reverse("races:circuits"),
        "circuit": reverse("races:circuit", args=["spa"]),
        "drivers": reverse("races:drivers"),
        "driver": reverse("sheets:driver", args=[driver.slug]),
        "teams": reverse("races:teams"),
        "team": reverse("races:team", args=[team.slug]),
        "experience": reverse("league:experience"),
        "driver's experience": reverse("league:experience-driver", args=[driver.slug]),
        "rules": reverse("league:rules"),
        "login": reverse("login"),
        "sign-up": reverse("account_signup"),
        "404": "/no-such-page/",
    }


def _names() -> list[str]:
    """Proper names the pages show as they are: drivers, teams, seasons, circuits (and their ids)."""
    names = ["Formule Dé"]
    for model in (Driver, Team, Season, Circuit):
        for name, slug in model.objects.values_list("name", "slug"):
            names += [str(name), str(slug)]
    names += list(get_user_model().objects.values_list("username", flat=True))
    return names


def _page(url: str, language: str) -> str:
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get(url)
    assert response.status_code in (200, 404), (url, response.status_code)
    return response.content.decode()


# English still shown by templates this branch does not own, each with its fix (and nothing else is
# tolerated: a piece not listed here fails the test). Remove an entry once its template is fixed.
ELSEWHERE: dict[str, set[str]] = {}


def _leaks(found: list[str], tolerated: set[str]) -> list[str]:
    return [piece for piece in found if not any(piece == t or piece.endswith(f": {t}") for t in tolerated)]


def test_no_public_page_of_the_demo_shows_english_in_french(demo):
    names = _names()
    leaks = {}
    for page, url in demo.items():
        found = _leaks(english_pieces(_page(url, "fr"), _page(url, "en"), names), ELSEWHERE.get(page, set()))
        if found:
            leaks[f"{page} ({url})"] = found

    assert leaks == {}


def test_the_detector_finds_a_page_left_in_english(demo):
    """The test above can fail: the English rendering of a page, passed off as the French one, is
    full of leaks, and so is a French page with one English sentence slipped in."""
    names = _names()
    for url in (demo["home"], demo["invalid sheet"], demo["rules"]):
        english = _page(url, "en")
        assert len(english_pieces(english, english, names)) >= 3, url
    french = _page(demo["season (standings, calendar, rules)"], "fr")
    slipped = french.replace("</main>", "<p>The results of this race are not official yet.</p></main>")
    assert english_pieces(slipped, "", names) == ["The results of this race are not official yet."]
