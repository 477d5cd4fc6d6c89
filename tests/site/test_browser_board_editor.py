"""A league admin traces a board in the browser, from a picture of a known board, with the taps a
person makes: the traced circuit is the known one; the bot test-drives it and it is published; race
night is opened on it at phone size and a move is recorded by a tap on the picture."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from circuits.models import BoardDraft, Circuit
from live.models import LiveTable
from tests.circuits import editor_taps
from tests.circuits import known_board as kb
from tests.circuits.board_compare import assert_same_board
from tests.circuits.conftest import board_editor_page
from tests.live.board_night import board_night
from tests.live.test_browser_race_night_board import PHONE, serve_media
from tests.site.conftest import session_cookie

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def editor(browser, browser_type_launch_args, live_server, tasks_inline):
    """A desktop browser (the picture shown at its own size) logged in as a league admin; the test
    drive runs inline, once its request commits."""
    with board_editor_page(browser, live_server) as page:
        yield page


def test_a_board_traced_on_its_picture_is_the_known_board_and_is_published(
    editor, live_server, tmp_path: Path
):
    page = editor
    do = editor_taps.upload(page, live_server.url, kb.render_png(tmp_path / "essai.png"))

    editor_taps.pieces(do)
    assert page.locator("#layer-squares circle.square").count() == 87
    editor_taps.lassos(do)
    assert page.locator("#layer-squares circle.in-corner").count() == 18
    editor_taps.pit_lane(do)
    assert page.locator("#layer-squares circle.stand").count() == 10
    editor_taps.grid(do)
    assert page.locator("#layer-squares text.grid-slot").count() == 10
    do.number("#rain", 3)
    editor_taps.weather(do)

    # An arrow added by hand, then taken back; a stray square tapped, then undone.
    do.tool("arrow")
    do.tap(kb.position("S2-b3"))
    do.taps([kb.position("S2-a5")])
    assert page.locator('#layer-edges line.edge-added[data-edge="S2-b3>S2-a5"]').count() == 1
    do.tap(kb.position("S2-b3"))
    do.taps([kb.position("S2-a5")])
    assert page.locator("#layer-edges line.edge-added").count() == 0
    do.tool("single")
    do.taps([(40, 40)])
    assert page.locator("#layer-squares circle.square").count() == 98
    page.click("#undo")
    do.saved()
    assert page.locator("#layer-squares circle.square").count() == 97

    # The engine finds nothing wrong, and the traced board is the known one.
    page.wait_for_selector("#no-problems:not([hidden])")
    assert page.locator("#problems li").count() == 0
    draft = BoardDraft.objects.get()
    assert_same_board(draft.document)

    # Reloading the page loses nothing.
    page.reload()
    assert page.locator("#layer-squares circle.square").count() == 97
    assert page.locator("#rain").input_value() == "4"

    # The bot test-drives the board; then it is published.
    page.click("#drive")
    page.wait_for_selector('#drive-result[data-drive="passed"]', timeout=60_000)
    page.click("#publish")
    page.wait_for_selector("#published a")
    circuit = Circuit.objects.get(slug="essai")
    assert_same_board(circuit.document)
    assert circuit.image

    # Race night on the board just published, on a phone: a tap on a lit square of the picture.
    night = board_night(circuit=circuit)
    phone = page.context.browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="fr-FR")
    phone.add_cookies(session_cookie(live_server, night.entrant))
    serve_media(phone)
    table = phone.new_page()
    table.goto(live_server.url + f"/live/tables/{night.table.pk}/")
    board = table.locator("svg.circuit-map.has-picture")
    expect(board.locator("image.board-picture")).to_have_count(1)
    table.locator('.live-gear[data-gear="1"]').tap()
    table.locator(".live-number input").fill("2")
    table.locator(".live-number button[type=submit]").tap()
    start = table.locator('svg .car[data-car="7"]').get_attribute("data-square")
    lit = board.locator(f'polygon.is-stop:not([data-sq="{start}"])').first
    target = lit.get_attribute("data-sq")
    box = lit.bounding_box()
    assert box is not None
    table.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    for _ in range(3):  # a collision roll or two, if the stop touches car 3
        if table.locator(".live-step-title", has_text="d20").count() == 0:
            break
        table.locator(".live-number input").fill("20")
        table.locator(".live-number button[type=submit]").tap()
    expect(table.locator('svg .car[data-car="7"]')).to_have_attribute("data-square", target)
    assert LiveTable.objects.get(pk=night.table.pk).rows.get().body["path"][-1] == target
    phone.close()


def test_a_problem_shows_on_its_square(editor, live_server, tmp_path: Path):
    page = editor
    do = editor_taps.upload(page, live_server.url, kb.render_png(tmp_path / "essai.png"), slug="bout")

    # A straight, then a corner of lane a alone: lane c of the straight has no way on.
    do.tool("straight")
    page.fill("#rows", "2")
    do.taps(kb.STRAIGHTS["S1"][0])
    do.tool("lane")
    page.select_option("#lane", "a")
    for point in kb.lane_points("T1", "a", taps=4):
        do.tap(point)

    # A lane of no squares is refused with a clear error; the taps stay, so nothing is lost.
    page.fill("#count", "0")
    page.click("#finish")
    page.wait_for_selector("body:not([data-saving])", state="attached")
    assert "pieces[1].count" in page.locator("#status.error").inner_text()
    assert page.locator("#layer-pending circle.pending").count() == 4
    page.fill("#count", "2")
    page.click("#finish")
    do.saved()
    assert page.locator("#layer-pending circle.pending").count() == 0

    problems = page.locator("#problems li[data-square]")
    problems.first.wait_for()
    square = problems.first.get_attribute("data-square")
    assert page.locator(f'#layer-problems g.problem[data-square="{square}"]').count() == 1
    assert square in problems.first.inner_text()
