"""A player reads the verdict of an invalid sheet in the browser and acts on it: the first rule
broken up top with what was legal, its turn on the board, no classification, then a corrected
version sent from the button keeps the paper sheet's photos.

fixtures/examples/race-ovale-gear-skip.json: in turn 3 car 7 (Alice) goes from 2nd to 4th (G2).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from sheets.models import RaceSheet
from tests.sheets.conftest import jpeg_bytes, upload
from tests.site.conftest import alices_sheet, log_in

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def invalid(browser_type_launch_args, examples_dir, tasks_inline):
    """Alice's invalid sheet with two photos, judged inline and committed for the live server."""
    league, sheet = alices_sheet(
        examples_dir / "race-ovale-gear-skip.json",
        RaceSheet.Status.INVALID,
        photos=[upload("a.jpg", jpeg_bytes((120, 90))), upload("b.jpg", jpeg_bytes((90, 120)))],
    )
    assert all(p.thumbnail for p in sheet.photos.all())
    return league, sheet


def test_the_invalid_sheet_page_leads_with_the_first_violation_and_what_was_legal(live_server, page, invalid):
    league, sheet = invalid
    log_in(page, live_server, league.alice)
    page.goto(live_server.url + sheet.get_absolute_url())

    first = page.locator("#first-violation")
    assert first.is_visible()
    # up top: above the table of every rule broken, and on the first screen
    assert first.bounding_box()["y"] < page.locator("#violations-title").bounding_box()["y"]
    assert first.bounding_box()["y"] < 900
    line = first.locator(".first-line").inner_text()
    assert "Tour de jeu 3" in line and "voiture 7" in line and "Alice" in line
    assert "de la 2e à la 4e : une vitesse sautée en montant" in line
    gears = first.locator(".legal-gears li")
    assert [gears.nth(i).locator("strong").inner_text() for i in range(gears.count())] == [
        "rapport 1",
        "rapport 2",
        "rapport 3",
    ]
    assert first.locator(".knock-on summary").inner_text() == "1 autre infraction qui en découle"
    rule = first.locator("a.rule-ref").first
    assert rule.get_attribute("href") == reverse("league:rules") + "#rule-G2"
    # "rule T1" (the knock-on) reads as a rule, the corner T1 stays a name on the board
    assert page.locator("table a.rule-ref", has_text="règle T1").count() == 1
    assert page.locator("#classification-title").count() == 0
    assert page.locator("#no-classification").is_visible()

    # the turn on the board: the replay of this version, at turn 3, with the G2 listed there
    first.locator("a.turn-ref").click()
    page.wait_for_url(f"**/replay/?sheet={sheet.pk}#turn-3")
    assert page.locator("#replay-turn").inner_text().startswith("Tour de jeu 3")
    violation = page.locator("#replay-violations li")
    assert violation.count() == 1 and "règle G2" in violation.inner_text()
    move = page.locator('#replay-moves [data-move-car="7"] .move-summary')
    assert "rapport 2 → 4" in move.inner_text()


def test_a_corrected_version_from_the_button_keeps_the_photos(live_server, page, invalid, examples_dir):
    league, sheet = invalid
    log_in(page, live_server, league.alice)
    page.goto(live_server.url + sheet.get_absolute_url())
    assert "Ses 2 photos sont conservées." in page.locator("#first-violation").inner_text()

    page.locator("#correct-sheet").click()
    page.wait_for_url(f"**/sheets/new/?from={sheet.pk}")
    assert "ses 2 photos sont conservées" in page.locator("#correcting").inner_text()
    page.set_input_files("input[name=log_file]", str(examples_dir / "race-ovale-valid.json"))
    page.locator(".sheet-form button[type=submit]").click()
    page.wait_for_url("**/sheets/*/")

    new = RaceSheet.objects.get(race=league.race, version=2)
    assert page.url.endswith(new.get_absolute_url())
    assert new.status == RaceSheet.Status.VALID
    photos = page.locator("#photos-title ~ .photos img")
    assert photos.count() == 2
    for i in range(2):
        assert photos.nth(i).evaluate("img => img.complete && img.naturalWidth > 0")
    assert sheet.photos.count() == 2  # the first version keeps its own
