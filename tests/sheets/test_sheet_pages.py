"""The sheet pages: the form, the sheet that follows its validation, confirm and protest, the race's versions."""

from __future__ import annotations

import pytest
from django.urls import reverse

from sheets.models import Protest, RaceSheet, SheetConfirmation, SubmissionAttempt
from sheets.services import race_sheet_submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def browser(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def new_url(race) -> str:
    return reverse("sheets:sheet-new", kwargs={"pk": race.pk})


def test_the_race_page_offers_the_form_to_entrants_only(oval, browser):
    assert "Submit a race sheet" not in browser.get(oval.race.get_absolute_url()).content.decode()

    browser.force_login(oval.chiara)
    assert "Submit a race sheet" not in browser.get(oval.race.get_absolute_url()).content.decode()

    browser.force_login(oval.alice)
    html = browser.get(oval.race.get_absolute_url()).content.decode()
    assert f'href="{new_url(oval.race)}"' in html


def test_the_race_page_lists_the_sheet_versions(oval, example, submit, browser):
    submit(oval.race, example("race-ovale-valid.json"), oval.alice)
    submit(oval.race, example("race-ovale-gear-skip.json"), oval.bruno)

    html = browser.get(oval.race.get_absolute_url()).content.decode()

    assert "Race sheets" in html
    for sheet in RaceSheet.objects.all():
        assert sheet.get_absolute_url() in html
    assert "badge-valid" in html and "badge-invalid" in html
    assert "stands" in html


def test_the_form_needs_a_login(oval, browser):
    response = browser.get(new_url(oval.race))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_a_driver_not_in_the_race_gets_a_clear_refusal(oval, example, browser):
    browser.force_login(oval.chiara)

    assert browser.get(new_url(oval.race)).status_code == 403
    response = browser.post(
        new_url(oval.race), {"kind": "race", "log_text": example("race-ovale-valid.json").decode()}
    )

    assert response.status_code == 403
    assert "Only the drivers entered in" in response.content.decode()
    assert SubmissionAttempt.objects.get().outcome == "forbidden"
    assert not RaceSheet.objects.exists()


def test_a_pasted_log_leads_to_the_sheet_page_with_its_verdict(
    oval, example, browser, django_capture_on_commit_callbacks
):
    browser.force_login(oval.alice)

    with django_capture_on_commit_callbacks(execute=True):
        response = browser.post(
            new_url(oval.race), {"kind": "race", "log_text": example("race-ovale-gear-skip.json").decode()}
        )

    sheet = RaceSheet.objects.get()
    assert response.status_code == 302
    assert response["Location"] == sheet.get_absolute_url() == f"/sheets/{sheet.pk}/"
    html = browser.get(response["Location"]).content.decode()
    assert "badge-invalid" in html
    assert ">rule G2</a>" in html
    assert "gear 2 → 4 skips a gear going up" in html
    assert '<td class="num" data-label="Turn">3</td>' in html  # the turn
    assert "Sheet received as version 1." in html


def test_an_uploaded_file_works_as_well(oval, example, browser, django_capture_on_commit_callbacks):
    from tests.sheets.conftest import upload

    browser.force_login(oval.alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = browser.post(
            new_url(oval.race),
            {
                "kind": "race",
                "log_file": upload("log.json", example("race-ovale-valid.json"), "application/json"),
            },
        )

    assert response.status_code == 302
    html = browser.get(response["Location"]).content.decode()
    assert "badge-valid" in html
    assert "Classification" in html
    assert "No corner-exit or blocking penalty." in html


def test_the_form_wants_exactly_one_log(oval, browser):
    browser.force_login(oval.alice)

    response = browser.post(new_url(oval.race), {"kind": "race"})

    assert response.status_code == 400
    assert "Upload a log file or paste the log, one of the two." in response.content.decode()
    assert SubmissionAttempt.objects.get().outcome == "refused"


def test_a_pasted_log_over_the_limit_gets_our_message(oval, browser, settings):
    browser.force_login(oval.alice)

    response = browser.post(new_url(oval.race), {"kind": "race", "log_text": "x" * (3 * 1024 * 1024)})

    assert response.status_code == 413
    assert "more than the" in response.content.decode()
    assert SubmissionAttempt.objects.get().outcome == "too_large"
    assert not RaceSheet.objects.exists()


def test_a_pending_sheet_page_follows_the_status_with_and_without_javascript(oval, example, browser):
    sheet = race_sheet_submit(
        race=oval.race, raw=example("race-ovale-valid.json"), by=oval.alice
    )  # never run

    html = browser.get(sheet.get_absolute_url()).content.decode()

    assert "badge-pending" in html
    assert '<noscript><meta http-equiv="refresh" content="3"></noscript>' in html
    assert f'data-poll="/api/sheets/{sheet.pk}/"' in html
    assert "js/sheet-status.js" in html
    assert f'href="{sheet.get_absolute_url()}">Refresh</a>' in html
    assert 'id="sheet-status-labels"' in html


def test_a_judged_sheet_page_does_not_poll(oval, example, submit, browser):
    sheet = submit(oval.race, example("race-ovale-valid.json"), oval.alice)

    html = browser.get(sheet.get_absolute_url()).content.decode()

    assert 'http-equiv="refresh"' not in html
    assert "data-poll" not in html and "sheet-status.js" not in html


def test_the_page_shows_the_penalties_by_lap(oval, browser):
    sheet = RaceSheet.objects.create(
        race=oval.race,
        version=1,
        raw=b"{}",
        status="valid",
        verdict={
            "valid": True,
            "violations": [],
            "classification": [{"position": 1, "car": "7", "status": "finished", "turn": 8, "points": 10}],
            "cars": {
                "7": {
                    "penalties": [
                        {"turn": 9, "lap": 2, "rule": "C2", "squares": 2, "multiplier": 2, "tyres": 4},
                        {"turn": 4, "lap": 1, "rule": "C5", "squares": 1, "multiplier": 1, "tyres": 0},
                    ]
                }
            },
        },
    )

    html = browser.get(sheet.get_absolute_url()).content.decode()

    assert html.index("/rules/#rule-C5") < html.index("/rules/#rule-C2")  # lap 1 first
    assert "×2" in html


def test_another_entrant_confirms_and_protests_from_the_page(oval, example, submit, browser):
    sheet = submit(oval.race, example("race-ovale-valid.json"), oval.alice)
    browser.force_login(oval.bruno)
    html = browser.get(sheet.get_absolute_url()).content.decode()
    assert "Confirm this sheet" in html and "File a protest" in html

    browser.post(reverse("sheets:sheet-confirm", kwargs={"pk": sheet.pk}))
    car7 = oval.race.entries.get(season_entry=oval.car7)
    response = browser.post(
        reverse("sheets:sheet-protest", kwargs={"pk": sheet.pk}),
        {"reason": "Blocked in T2.", "against": car7.pk},
    )

    # One stance per entrant: the protest replaces the confirmation.
    assert not SheetConfirmation.objects.exists()
    protest = Protest.objects.get()
    assert (protest.filed_by, protest.against, protest.reason) == (oval.bruno, car7, "Blocked in T2.")
    html = browser.get(response["Location"]).content.decode()
    assert "Your protest is filed" in html
    # The stance can still change while the window is open: withdraw, or confirm instead.
    assert "File a protest" not in html and "Withdraw my protest" in html


def test_the_submitter_gets_no_confirm_button(oval, example, submit, browser):
    sheet = submit(oval.race, example("race-ovale-valid.json"), oval.alice)
    browser.force_login(oval.alice)

    html = browser.get(sheet.get_absolute_url()).content.decode()

    assert "Confirm this sheet" not in html and "File a protest" not in html


def test_an_unknown_sheet_is_not_found(oval, browser):
    assert browser.get(reverse("sheets:sheet", kwargs={"pk": 12345})).status_code == 404
