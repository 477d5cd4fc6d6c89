"""A steward's whole day in the browser: a sheet validated, a rival protests with evidence, the
steward decides beside the evidence, every page shows the penalty and why, the race is published."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from races.models import Race
from sheets.models import Protest, RaceEvent, RaceSheet
from tests.sheets.conftest import jpeg_bytes
from tests.site.conftest import alices_sheet, log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def oval(browser_type_launch_args, examples_dir, tasks_inline):
    """The oval round with alice's valid sheet, committed so the live server sees it."""
    return alices_sheet(examples_dir / "race-ovale-valid.json", RaceSheet.Status.VALID)


def test_a_protest_decided_with_a_penalty_shows_everywhere_then_the_race_is_published(
    live_server, page, oval, tmp_path
):
    league, sheet = oval
    photo = tmp_path / "board.jpg"
    photo.write_bytes(jpeg_bytes((80, 60)))
    reason = "Blocage de la voiture 3 au virage, tour 2."

    # A rival protests, with a turn and a photo.
    log_in(page, live_server, league.bruno)
    page.goto(live_server.url + sheet.get_absolute_url())
    form = page.locator("#protest-form")
    form.locator("select[name=against]").select_option(
        str(league.race.entries.get(season_entry=league.car7).pk)
    )
    form.locator("input[name=turn]").fill("2")
    form.locator("textarea[name=reason]").fill("La voiture 7 m’a bloqué au tour 2.")
    form.locator("input[name=photos]").set_input_files(str(photo))
    form.locator("button[type=submit]").click()
    page.wait_for_load_state()
    protest = Protest.objects.get()
    assert (protest.filed_by.username, protest.turn, protest.photos.count()) == ("bruno", 2, 1)

    # The steward decides on the decision page, the evidence beside the form.
    log_in(page, live_server, league.steward)
    page.goto(live_server.url + reverse("sheets:protest-decide", args=[protest.pk]))
    assert (
        page.locator("#replay-link").get_attribute("href").endswith(f"/races/{league.race.pk}/replay/#turn-2")
    )
    assert page.locator(".evidence img").count() == 1
    assert page.locator("#decision-form input[name=outcome]:checked").count() == 0  # nothing pre-chosen
    page.check("#decision-form input[name=outcome][value=upheld]")
    page.fill("#decision-form textarea[name=decision]", reason)
    page.select_option("#decision-form select[name=penalty_kind]", "points")
    page.fill("#decision-form input[name=penalty_amount]", "3")
    page.fill("#decision-form input[name=rule]", "F3")
    page.click("#decision-form button[type=submit]")
    page.wait_for_url(f"**{reverse('sheets:race-stewards', args=[league.race.pk])}")

    # The race page, the sheet page and the standings show the penalty and its reason.
    page.goto(live_server.url + league.race.get_absolute_url())
    penalties = page.locator("#penalties-title ~ .table-wrap").inner_text()
    assert reason in penalties and "F3" in penalties
    page.goto(live_server.url + sheet.get_absolute_url())
    after = page.locator("#after-decisions").inner_text()
    assert reason in after and "10 − 3" in after
    page.goto(live_server.url + league.season.get_absolute_url())
    assert reason in page.locator("#standings-penalties").inner_text()

    # Publishing inside the window is refused; once it has closed, the race is published.
    stewards = live_server.url + reverse("sheets:race-stewards", args=[league.race.pk])
    page.goto(stewards)
    page.click("#publish-form button[type=submit]")
    page.wait_for_load_state()
    assert page.locator("#publish-form .errors").count() == 1
    assert Race.objects.get(pk=league.race.pk).status == Race.Status.VALIDATED
    hours = league.season.protest_window_hours + 1
    RaceSheet.objects.filter(pk=sheet.pk).update(validated_at=sheet.validated_at - timedelta(hours=hours))
    page.goto(stewards)
    page.click("#publish-form button[type=submit]")
    page.wait_for_url(f"**{reverse('sheets:race-stewards', args=[league.race.pk])}")

    assert Race.objects.get(pk=league.race.pk).status == Race.Status.OFFICIAL
    assert list(RaceEvent.objects.values_list("kind", flat=True)) == [
        "filed",
        "decision",
        "penalty",
        "publication",
    ]
    page.goto(live_server.url + league.race.get_absolute_url())
    history = page.locator("#history-title ~ .history").inner_text()
    assert reason in history and "La voiture 7 m’a bloqué" not in history
