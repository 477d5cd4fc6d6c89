"""Race night on a phone in French (390 × 844), every legal move offered and none that eliminates
by surprise: the bot's 2-lap oval race, car 1 on worn-out tyres (1 point), played through the API
to car 1 in the 2-stop corner T2 with one stop made; there, at phone size, an eliminating stop is
said in red with its cause, confirmed, recorded and undone; braking the whole roll to stay put
(a tap on the car's disc) saves the car; a turn later the stand is lit and the pit d20 asked only
once it is chosen. A TV view in another browser follows the table."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from live.models import LiveTable
from rules.bot import write_race
from tests.live.conftest import night_for
from tests.site.conftest import (  # noqa: F401 - pytest-playwright's fixtures, Chromium's
    browser_context_args,
    browser_page,
    browser_type_launch_args,
    session_cookie,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
WATCH_MS = 3000
BEFORE = 11  # the bot's moves played first: car 1 is then on T2-b3, one stop made of T2's two
SQUARE = "T2-b3"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def worn_race():
    from rules.track import load_circuit
    from tests.live.conftest import circuit_document

    log = write_race(
        load_circuit(circuit_document("ovale")), cars=2, laps=2, seed=1, options=["A7"], pits=True
    )
    for car in log["cars"][:1]:  # one tyre point: leaving T2 a stop short is off the road
        car["wear"] = {"tyres": 1, "brakes": 6, "gearbox": 3, "body": 3, "engine": 3, "handling": 4}
    return log


@pytest.fixture
def night(browser_type_launch_args):  # noqa: F811
    night = night_for(worn_race())
    client = night.client(night.entrant)
    answer = client.post(f"/api/races/{night.race.pk}/tables/", {"header": night.header}, format="json")
    assert answer.status_code == 201, answer.json()
    table = answer.json()["id"]
    moves = [m for turn in night.log["turns"] for m in turn["moves"]]
    for n, move in enumerate(moves[:BEFORE]):
        stored = client.post(f"/api/tables/{table}/moves/", {"move": move, "expected": n}, format="json")
        assert stored.status_code == 201, stored.json()
    night.table = LiveTable.objects.get(pk=table)
    return night


@pytest.fixture
def phone(browser, live_server, night):
    with browser_page(
        browser, locale="fr-FR", phone=True, cookies=session_cookie(live_server, night.entrant)
    ) as page:
        yield page


@pytest.fixture
def tv(browser):
    with browser_page(browser, locale="fr-FR", viewport={"width": 1280, "height": 800}) as page:
        yield page


def in_view(page, locator) -> None:  # noqa: ANN001
    box = locator.bounding_box()
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box


def gear_and_die(page, gear: int, roll: int) -> None:  # noqa: ANN001
    page.locator(f'.live-gear[data-gear="{gear}"]').tap()
    page.locator(".live-number input").fill(str(roll))
    page.locator(".live-number button[type=submit]").tap()
    expect(page.locator(".live-stops")).to_be_visible()


def test_every_move_on_a_phone_and_the_tv_follows(live_server, phone, tv, night):
    page = phone
    table = night.table
    page.goto(live_server.url + f"/live/tables/{table.pk}/")
    expect(page.locator("#live-to-play")).to_contain_text("n° 1")
    # The site's header is folded to one line: the board and the move need the height.
    expect(page.locator(".site-header .main-nav")).to_be_hidden()
    expect(page.locator("[data-header-toggle]")).to_be_visible()

    tv.goto(live_server.url + f"/races/{night.race.pk}/live/tv/")
    tv.wait_for_url(f"**/live/tables/{table.pk}/tv/")
    expect(tv.locator('[data-action="undo"]')).to_have_count(0)
    expect(tv.locator('[data-dash="1"] [data-square]')).to_have_text(SQUARE)

    # Gear 2, a 3: the stops, the list in sight without scrolling.
    gear_and_die(page, 2, 3)
    stops = page.locator(".live-stops")
    in_view(page, stops)
    shoot = os.getenv("BOARD_SCREENSHOTS")
    if shoot:
        page.screenshot(path=str(SCREENSHOTS / "race-night-phone-stops-fr.png"))
    # Braking the whole roll is offered: the car's own square, lit under its disc.
    stay = page.locator('.live-stop[data-stay="1"]')
    expect(stay).to_have_count(1)
    expect(stay).to_contain_text("Rester sur place")
    expect(stay).to_have_attribute("data-square", SQUARE)
    expect(page.locator(f'svg polygon.is-stop[data-sq="{SQUARE}"]')).to_have_count(1)
    # Leaving a stop short is off the road: red, its cause said.
    out = page.locator('.live-stop[data-out="1"][data-square="S3-a2"]')
    expect(out).to_contain_text("éliminée")
    expect(page.locator('svg polygon.is-out-stop[data-sq="S3-a2"]')).to_have_count(1)
    # The lit squares are big enough for a finger.
    for square in page.locator("svg polygon.is-stop").all()[:3]:
        box = square.bounding_box()
        if box and 0 <= box["y"] <= PHONE["height"]:
            assert max(box["width"], box["height"]) >= 40, box

    # An eliminating stop is asked to be confirmed; cancelled, nothing is stored.
    out.tap()
    title = page.locator(".live-step-title")
    expect(title).to_contain_text("N° 1 est éliminée")
    expect(title).to_contain_text("T2")
    if shoot:
        page.screenshot(path=str(SCREENSHOTS / "race-night-phone-eliminated-fr.png"))
    page.locator(".live-cancel").tap()
    expect(page.locator(".live-stops")).to_be_visible()
    table.refresh_from_db()
    assert table.steps == BEFORE
    # Confirmed: stored, the car out (the TV says so too); then undone as any move.
    page.locator('.live-stop[data-out="1"][data-square="S3-a2"]').tap()
    page.locator(".live-out-confirm").tap()
    expect(page.locator(".live-message")).to_contain_text("Coup enregistré")
    table.refresh_from_db()
    assert table.steps == BEFORE + 1
    expect(tv.locator('[data-dash="1"]')).to_have_class(re.compile("is-out"), timeout=WATCH_MS)
    page.locator('[data-action="undo"]').tap()
    expect(page.locator(".live-message")).to_contain_text("annulé")
    expect(page.locator("#live-to-play")).to_contain_text("n° 1")
    expect(tv.locator('[data-dash="1"]')).to_have_class(re.compile("is-racing"), timeout=WATCH_MS)

    # Braking the whole roll in the 2-stop corner saves the car: a tap on its disc.
    gear_and_die(page, 2, 3)
    disc = page.locator('svg .car[data-car="1"]')
    box = disc.bounding_box()
    assert box is not None
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.locator(".live-message")).to_contain_text("Coup enregistré")
    table.refresh_from_db()
    body = table.rows.order_by("-index").first().body
    assert body.get("brake") == 3 and body.get("to", SQUARE) == SQUARE, body
    expect(page.locator('[data-dash="1"]')).to_have_class(re.compile("is-racing"))
    expect(tv.locator("#live-to-play")).to_contain_text("n° 2", timeout=WATCH_MS)
    # Car 2 plays its move (on another device); car 1 now has its two stops in T2.
    moves = [m for turn in night.log["turns"] for m in turn["moves"]]
    client = night.client(night.entrant)
    answer = client.post(
        f"/api/tables/{table.pk}/moves/", {"move": moves[BEFORE + 1], "expected": BEFORE + 1}, format="json"
    )
    assert answer.status_code == 201, answer.json()
    expect(page.locator("#live-to-play")).to_contain_text("n° 1")
    expect(page.locator('.live-gear[data-gear="3"]')).to_be_visible()

    # The stand: lit and labelled when the roll reaches it; its d20 asked once it is chosen.
    gear_and_die(page, 3, 5)
    stand = page.locator('.live-stop[data-stand="1"][data-square="PIT-1"]').first
    expect(stand).to_contain_text("Arrêt au stand")
    expect(page.locator('svg polygon.is-stand-stop[data-sq="PIT-1"]')).to_have_count(1)
    expect(page.locator(".live-step-title")).not_to_contain_text("d20")
    stand.tap()
    expect(page.locator(".live-step-title")).to_contain_text("d20")
    page.locator(".live-number input").fill("20")  # no fast stop: the car stays in its stand
    page.locator(".live-number button[type=submit]").tap()
    expect(page.locator(".live-message")).to_contain_text("Coup enregistré")
    table.refresh_from_db()
    body = table.rows.order_by("-index").first().body
    assert body["pit"]["stop"] == "tyres" and body["to"] == "PIT-1", body
    assert {"test": "pit", "roll": 20} in body["tests"], body
    expect(tv.locator('svg .car[data-car="1"]')).to_have_attribute("data-square", "PIT-1", timeout=WATCH_MS)

    if shoot:
        tv.wait_for_timeout(800)  # the discs glide to their squares
        tv.screenshot(path=str(SCREENSHOTS / "race-night-tv-fr.png"))
