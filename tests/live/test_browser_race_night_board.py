"""Race night on a real board, at phone size: a `formule-de/circuit@2` board traced on its picture
(drawn here with Pillow, attached as the circuit's image) is shown under its squares, framed on the
car to play and its stops big enough for a finger; a tap on a lit square of the picture records
the move exactly as a tap on a drawn board does; the whole board is a tap away."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import expect

from live.models import LiveTable
from tests.live.board_night import FIRST_MOVE, BoardNight, board_night
from tests.site.conftest import (  # noqa: F401 - pytest-playwright's fixtures, Chromium's
    browser_context_args,
    browser_type_launch_args,
    session_cookie,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
FINGER_PX = 40  # a lit square, framed, is at least this wide on the screen
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


@pytest.fixture
def night(browser_type_launch_args) -> BoardNight:  # noqa: F811
    return board_night()


@pytest.fixture
def phone(browser, live_server, night):
    """The entrant's phone: 390 × 844, touch, English, the board's picture served."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="en-GB")
    context.add_cookies(session_cookie(live_server, night.entrant))
    serve_media(context)
    yield context.new_page()
    context.close()


def serve_media(context) -> None:  # noqa: ANN001 - Playwright's browser context
    """The media (the board's picture) served from the test's media folder, as the site's web
    server serves it."""
    media = Path(settings.MEDIA_ROOT)

    def serve(route) -> None:  # noqa: ANN001 - Playwright's route
        name = route.request.url.split("/" + settings.MEDIA_URL.strip("/") + "/", 1)[1]
        route.fulfill(path=str(media / name))

    context.route(re.compile(r".*/" + re.escape(settings.MEDIA_URL.strip("/")) + r"/.*"), serve)


def on_screen(page, locator) -> dict:  # noqa: ANN001
    box = locator.bounding_box()
    assert box is not None
    return box


def test_a_tap_on_a_lit_square_of_the_picture_records_the_move(live_server, phone, night):
    page = phone
    move = FIRST_MOVE
    car, target = move["car"], move["path"][-1]
    page.goto(live_server.url + f"/races/{night.table.race_id}/live/")
    page.wait_for_url(f"**/live/tables/{night.table.pk}/")

    # The board is the league's picture, its squares traced on it.
    board = page.locator("svg.circuit-map.has-picture")
    expect(board).to_be_visible()
    picture = board.locator("image.board-picture")
    assert picture.get_attribute("href") == night.circuit.image.url
    loaded = page.request.get(live_server.url + night.circuit.image.url)
    assert loaded.ok and loaded.body()[:8] == b"\x89PNG\r\n\x1a\n"
    # The car to play is framed, not the whole board.
    whole = f"0 0 {picture.get_attribute('width')} {picture.get_attribute('height')}"  # the picture
    expect(page.locator(f'svg .car[data-car="{car}"]')).to_have_class(re.compile("is-to-play"))
    expect(board).not_to_have_attribute("viewBox", whole)

    page.locator(f'.live-gear[data-gear="{move["gear"]}"]').tap()
    page.locator(".live-number input").fill(str(move["roll"]))
    page.locator(".live-number button[type=submit]").tap()

    # The stops light up on the picture, named as the table names them, framed big enough to tap.
    lit = board.locator(f'polygon.is-stop[data-sq="{target}"]')
    expect(lit).to_have_count(1)
    name = lit.get_attribute("data-name")
    assert name and name != target
    expect(page.locator(f'.live-stop[data-square="{target}"]').first).to_contain_text(name)
    map_box = on_screen(page, page.locator("[data-live-map]"))
    for square in board.locator("polygon.is-stop").all():
        box = on_screen(page, square)
        assert box["x"] >= map_box["x"] - 1 and box["x"] + box["width"] <= map_box["x"] + map_box["width"] + 1
        assert (
            box["y"] >= map_box["y"] - 1 and box["y"] + box["height"] <= map_box["y"] + map_box["height"] + 1
        )
    box = on_screen(page, lit)
    assert min(box["width"], box["height"]) >= FINGER_PX, box

    shoot = os.getenv("BOARD_SCREENSHOTS")  # set: the README's pictures are taken here
    if shoot:
        page.evaluate("document.getElementById('live-to-play').scrollIntoView()")
        page.screenshot(path=str(SCREENSHOTS / "race-night-board-phone.png"))

    # The whole board, and back to the car.
    zoom = page.locator('[data-action="zoom"]')
    zoom.tap()
    expect(board).to_have_attribute("viewBox", whole)
    expect(zoom).to_have_attribute("aria-pressed", "false")
    if shoot:
        page.screenshot(path=str(SCREENSHOTS / "race-night-board-whole-phone.png"))
    zoom.tap()
    expect(board).not_to_have_attribute("viewBox", whole)

    # A real tap on the picture, where the square is.
    box = on_screen(page, lit)
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.locator(".live-message")).to_contain_text("Move stored.")
    expect(page.locator(f'svg .car[data-car="{car}"]')).to_have_attribute("data-square", target)
    expect(page.locator(f'[data-dash="{car}"] [data-square-name]')).to_have_text(name)
    expect(page.locator(f'[data-dash="{car}"] [data-square]')).to_have_text(target)

    # The table's state says so: the car is on that square, the log keeps its id.
    table = LiveTable.objects.get(pk=night.table.pk)
    assert table.steps == 1
    state = page.request.get(live_server.url + f"/api/tables/{table.pk}/").json()
    assert {c["car"]: c["square"] for c in state["cars"]}[car] == target
    assert table.rows.get().body["path"][-1] == target


def test_a_tap_on_the_car_chooses_the_lit_square_under_it(live_server, phone, night):
    """Braking the whole roll keeps the car where it is: its square is lit under its disc, and a
    tap on the disc chooses it."""
    page = phone
    move = FIRST_MOVE
    car = move["car"]
    page.goto(live_server.url + f"/live/tables/{night.table.pk}/")
    page.locator(f'.live-gear[data-gear="{move["gear"]}"]').tap()
    page.locator(".live-number input").fill(str(move["roll"]))
    page.locator(".live-number button[type=submit]").tap()
    disc = page.locator(f'svg .car[data-car="{car}"]')
    square = disc.get_attribute("data-square")
    expect(page.locator(f'svg polygon.is-stop[data-sq="{square}"]')).to_have_count(1)

    box = on_screen(page, disc)
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    # staying beside car 3, both roll for the collision (a 20 passes), one after the other
    stored = page.locator(".live-message", has_text="Move stored.")
    for _roll in range(2):
        expect(page.locator(".live-step-title")).to_contain_text("rolls a d20")
        page.locator(".live-number input").fill("20")
        page.locator(".live-number button[type=submit]").tap()
    expect(stored).to_be_visible()
    table = LiveTable.objects.get(pk=night.table.pk)
    assert table.steps == 1
    assert table.rows.get().body.get("brake") == move["roll"]
    expect(disc).to_have_attribute("data-square", square)
