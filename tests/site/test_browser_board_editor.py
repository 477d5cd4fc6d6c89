"""A league admin traces a board in the browser, from a picture of a known board, with the taps a
person makes: the traced circuit is the known one; the bot test-drives it and it is published."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse

from circuits.models import BoardDraft, Circuit
from config.celery_app import app as celery_app
from tests.circuits import known_board as kb
from tests.circuits.board_compare import assert_same_board
from tests.circuits.conftest import make_board_admin
from tests.site.conftest import session_cookie

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def editor(browser, browser_type_launch_args, live_server):
    """A desktop browser (the picture shown at its own size) logged in as a league admin."""
    saved = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True  # the test drive runs inline, once its request commits
    context = browser.new_context(locale="en-GB", viewport={"width": 1600, "height": 1100})
    context.add_cookies(session_cookie(live_server, make_board_admin()))
    page = context.new_page()
    yield page
    context.close()
    celery_app.conf.task_always_eager = saved


class Taps:
    """What a person does on the editor's picture and tools."""

    def __init__(self, page) -> None:
        self.page = page
        self.board = page.locator("#board")

    def saved(self) -> None:
        self.page.wait_for_selector("body:not([data-saving])", state="attached")
        assert "error" not in (self.page.locator("#status").get_attribute("class") or "")

    def tool(self, name: str) -> None:
        self.page.check(f'input[name="tool"][value="{name}"]')

    def tap(self, point: tuple[float, float]) -> None:
        self.board.click(position={"x": point[0], "y": point[1]})

    def taps(self, points) -> None:
        for point in points:
            self.tap(point)
            self.saved()


def test_a_board_traced_on_its_picture_is_the_known_board_and_is_published(
    editor, live_server, tmp_path: Path
):
    page = editor
    picture = kb.render_png(tmp_path / "essai.png")

    page.goto(live_server.url + reverse("circuits:boards"))
    page.fill('input[name="name"]', "Essai")
    page.fill('input[name="slug"]', "essai")
    page.set_input_files('input[name="image"]', str(picture))
    page.click('#new-board button[type="submit"]')
    page.wait_for_url("**/board-editor/*/")
    do = Taps(page)

    # The pieces, in race order from the line: a straight by its four corners and rows, a corner
    # by each lane's points and count of squares.
    for segment in kb.V1["segments"]:
        if segment["id"] in kb.STRAIGHTS:
            corners, rows = kb.STRAIGHTS[segment["id"]]
            do.tool("straight")
            page.fill("#rows", str(rows))
            page.select_option("#lanes", "abc")
            do.taps(corners)
        else:
            do.tool("lane")
            for lane, count in zip("abc", segment["corner"]["cells"], strict=True):
                page.select_option("#lane", lane)
                page.fill("#count", str(count))
                for point in kb.lane_points(segment["id"], lane):
                    do.tap(point)
                page.click("#finish")
                do.saved()
    assert page.locator("#layer-squares circle.square").count() == 87

    # Each corner by a lasso, its name and stops.
    do.tool("lasso")
    for corner in ("T1", "T2"):
        name, stops = kb.CORNER_NAMES[corner]
        page.fill("#corner-name", name)
        page.fill("#stops", str(stops))
        for point in kb.LASSOS[corner]:
            do.tap(point)
        page.click("#finish")
        do.saved()
    assert page.locator("#layer-squares circle.in-corner").count() == 18

    # The pit lane: its entry, its squares in driving order, its exit; then its stands.
    do.tool("pit-entry")
    do.taps([kb.position(kb.V1["pit"]["entry"])])
    do.tool("pit-lane")
    do.taps(kb.PIT_SQUARES)
    do.tool("pit-exit")
    do.taps([kb.position(kb.V1["pit"]["exit"])])
    do.tool("stand")
    do.taps(kb.PIT_SQUARES)

    # The grid, pole first.
    do.tool("grid")
    do.taps([kb.position(square) for square in kb.V1["grid"]])
    assert page.locator("#layer-squares text.grid-slot").count() == 10

    # The weather scale printed on the board.
    page.fill("#rain", "3")
    page.locator("#rain").dispatch_event("change")
    do.saved()
    page.fill("#rain", "4")
    page.locator("#rain").dispatch_event("change")
    do.saved()
    page.fill("#variable", "8")
    page.locator("#variable").dispatch_event("change")
    do.saved()

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


def test_a_problem_shows_on_its_square(editor, live_server, tmp_path: Path):
    page = editor
    picture = kb.render_png(tmp_path / "essai.png")
    page.goto(live_server.url + reverse("circuits:boards"))
    page.fill('input[name="name"]', "Essai")
    page.set_input_files('input[name="image"]', str(picture))
    page.click('#new-board button[type="submit"]')
    page.wait_for_url("**/board-editor/*/")
    do = Taps(page)

    # A straight, then a corner of lane a alone: lane c of the straight has no way on.
    do.tool("straight")
    page.fill("#rows", "2")
    do.taps(kb.STRAIGHTS["S1"][0])
    do.tool("lane")
    page.select_option("#lane", "a")
    page.fill("#count", "2")
    for point in kb.lane_points("T1", "a", taps=4):
        do.tap(point)
    page.click("#finish")
    do.saved()

    problems = page.locator("#problems li[data-square]")
    problems.first.wait_for()
    square = problems.first.get_attribute("data-square")
    assert page.locator(f'#layer-problems g.problem[data-square="{square}"]').count() == 1
    assert square in problems.first.inner_text()
