"""Where the stewards' decisions show: the sheet, race, driver and season pages; the stewards' own pages."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from races.models import Penalty, Race
from sheets.models import RaceEvent
from sheets.protests import protest_decide, protest_file
from sheets.stewarding import penalty_impose
from tests.sheets.conftest import close_window, jpeg_bytes, snapshot, upload

pytestmark = pytest.mark.django_db


@pytest.fixture
def web(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


@pytest.fixture
def sheet(oval, example, submit):
    return submit(
        oval.race,
        example("race-ovale-valid.json"),
        oval.alice,
        photos=[upload("sheet.jpg", jpeg_bytes((40, 30)))],
    )


@pytest.fixture
def protest(oval, sheet):
    return protest_file(
        sheet=sheet,
        by=oval.bruno,
        reason="Car 7 blocked me in the corner.",
        against=oval.race.entries.get(season_entry=oval.car7),
        turn=2,
        photos=[upload("board.jpg", jpeg_bytes((50, 40)))],
    )


@pytest.fixture
def penalised(oval, protest):
    protest_decide(
        protest=protest, by=oval.steward, decision="Blocking in the corner.", upheld=True,
        penalty_kind="points", penalty_amount=3, rule="F3",
    )  # fmt: skip
    return Penalty.objects.get()


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_sheet_page_shows_the_results_after_the_stewards_decisions(oval, sheet, penalised, web):
    html = web.get(sheet.get_absolute_url()).content.decode()

    section = html[html.index('id="after-decisions"') :]
    assert (
        "Results after the stewards&#x27; decisions" in html
        or "Results after the stewards' decisions" in html
    )
    words = text(section)
    assert "7 ( 10 − 3 )" in words.replace("(10 − 3)", "( 10 − 3 )") or "(10 − 3)" in words
    assert "Blocking in the corner." in words and "−3 points" in words and "F3" in words


def test_the_race_page_shows_the_penalty_and_the_public_history(oval, penalised, web):
    html = text(web.get(oval.race.get_absolute_url()).content.decode())

    assert "Penalties" in html and "−3 points" in html and "Blocking in the corner." in html
    assert "Stewards' decisions" in html or "Stewards&#x27; decisions" in html
    assert "Protest by bruno against car 7: upheld" in html
    assert "Car 7 blocked me in the corner." not in html  # the complaint itself stays with the stewards


def test_the_standings_carry_a_footnote_for_the_penalty(oval, penalised, web):
    html = web.get(oval.season.get_absolute_url()).content.decode()

    assert 'href="#penalty-note-1"' in html
    note = text(html[html.index('id="standings-penalties"') :])
    assert "Round 5, Alice: −3 points (F3) — Blocking in the corner." in note


def test_the_driver_page_lists_the_penalty(oval, penalised, web):
    driver = oval.car7.driver

    html = text(web.get(driver.get_absolute_url()).content.decode())

    assert "Penalties" in html and "−3 points (F3) — Blocking in the corner." in html


def test_the_decision_page_is_for_stewards_only(oval, protest, web):
    url = reverse("sheets:protest-decide", args=[protest.pk])

    assert web.get(url).status_code == 302  # to the login
    web.force_login(oval.bruno)
    assert web.get(url).status_code == 403


def test_the_decision_page_puts_the_evidence_beside_a_form_that_decides_nothing_by_itself(oval, protest, web):
    web.force_login(oval.steward)

    html = web.get(reverse("sheets:protest-decide", args=[protest.pk])).content.decode()

    assert f'href="/races/{oval.race.pk}/replay/#turn-2"' in html
    assert "Car 7 blocked me in the corner." in html
    assert html.count("<img") == 2  # the sheet's photo and the evidence photo
    assert 'id="verdict-title"' in html and 'id="decision-form"' in html
    assert 'type="radio"' in html and "checked" not in html[html.index('id="decision-form"') :]
    assert '<option value="" selected>' in html  # no penalty chosen beforehand


def test_a_decision_without_an_outcome_is_sent_back_with_nothing_changed(oval, protest, web):
    web.force_login(oval.steward)
    before = snapshot(oval.race)

    response = web.post(reverse("sheets:protest-decide", args=[protest.pk]), {"decision": "Reasons."})

    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert snapshot(oval.race) == before and not RaceEvent.objects.filter(kind="decision").exists()


def test_the_stewards_page_penalises_publishes_and_shows_the_whole_history(oval, sheet, protest, web):
    web.force_login(oval.steward)
    page = reverse("sheets:race-stewards", args=[oval.race.pk])
    html = web.get(page).content.decode()
    assert "Car 7 blocked me in the corner." in text(html) or "bruno" in html

    response = web.post(
        reverse("sheets:race-penalise", args=[oval.race.pk]),
        {
            "race_entry": oval.race.entries.get(season_entry=oval.car3).pk,
            "kind": "reprimand",
            "reason": "Late sheet.",
        },
    )
    assert response.status_code == 302

    refused = web.post(reverse("sheets:race-publish", args=[oval.race.pk]), {"override_reason": ""})
    assert refused.status_code == 400 and "still open" in refused.content.decode()
    protest_decide(protest=protest, by=oval.steward, decision="No case.", upheld=False)
    refused = web.post(reverse("sheets:race-publish", args=[oval.race.pk]), {"override_reason": ""})
    assert refused.status_code == 400 and "protest window is open" in refused.content.decode()

    close_window(oval.race)
    assert web.post(reverse("sheets:race-publish", args=[oval.race.pk]), {}).status_code == 302
    assert Race.objects.get(pk=oval.race.pk).status == Race.Status.OFFICIAL

    history = text(web.get(page).content.decode())
    for words in ("Protest filed", "Penalty", "Protest decided", "Results published", "stewards only"):
        assert words in history, words


def test_a_penalty_refused_on_the_stewards_page_says_why(oval, sheet, web):
    web.force_login(oval.steward)
    before = snapshot(oval.race)

    response = web.post(
        reverse("sheets:race-penalise", args=[oval.race.pk]),
        {"race_entry": oval.race.entries.get(season_entry=oval.car3).pk, "kind": "points", "amount": 9,
         "reason": "Too much."},
    )  # fmt: skip

    assert response.status_code == 400
    assert "Car 3 has 8 points in this race: it cannot lose 9." in response.content.decode()
    assert snapshot(oval.race) == before


def test_without_a_protest_a_penalty_shows_on_the_pages_too(oval, sheet, web):
    penalty_impose(
        race_entry=oval.race.entries.get(season_entry=oval.car3), by=oval.steward, kind="places", amount=1,
        reason="Track limits.",
    )  # fmt: skip

    assert "Track limits." in text(web.get(oval.race.get_absolute_url()).content.decode())
    assert "Track limits." in text(web.get(sheet.get_absolute_url()).content.decode())
