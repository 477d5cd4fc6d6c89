"""In the browser: a GP Online file imported from the editor's list opens in the editor, its squares
drawn (no picture: a blank page around them), tracing tools off; the arrow tool takes an arrow
away and puts it back; an `@1` circuit's squares are drawn on the editor's ring."""

from __future__ import annotations

from pathlib import Path

import pytest

from circuits.models import BoardDraft
from tests.circuits.conftest import board_editor_page
from tests.circuits.editor_taps import Taps
from tests.circuits.import_files import STADIUM, v1_json
from tests.site.conftest import (  # noqa: F401 - pytest-playwright's fixtures, Chromium's
    browser_context_args,
    browser_type_launch_args,
    session_cookie,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def page(browser, browser_type_launch_args, live_server):  # noqa: F811
    with board_editor_page(browser, live_server) as page:
        yield page


def _import(page, base: str, path: Path) -> BoardDraft:  # noqa: ANN001 - a Playwright page
    page.goto(f"{base}/board-editor/")
    page.set_input_files('#import-board input[name="board_file"]', str(path))
    page.click('#import-board button[type="submit"]')
    page.wait_for_url("**/board-editor/*/")
    return BoardDraft.objects.latest("pk")


def test_an_imported_gp_online_board_is_drawn_and_its_arrows_change(page, live_server, tmp_path) -> None:
    path = tmp_path / "stadium.dat"
    path.write_bytes(STADIUM)

    draft = _import(page, live_server.url, path)

    squares = draft.document["squares"]
    assert page.locator("#layer-squares circle.square").count() == len(squares)
    assert page.locator("#imported-note").is_visible()
    assert page.locator('input[name="tool"][value="straight"]').is_disabled()
    assert page.locator('input[name="tool"][value="arrow"]').is_checked()
    x0, y0 = (float(v) for v in page.locator("#board").get_attribute("viewBox").split()[:2])
    by_id = {sq["id"]: sq for sq in squares}
    start, end = draft.document["edges"][0]
    edge = f'#layer-edges line[data-edge="{start}>{end}"]'
    assert page.locator(edge).count() == 1
    do = Taps(page)

    for _ in range(2):  # taken away, then put back
        do.tap((by_id[start]["x"] - x0, by_id[start]["y"] - y0))
        do.tap((by_id[end]["x"] - x0, by_id[end]["y"] - y0))
        do.saved()
        draft.refresh_from_db()
        assert ([start, end] in draft.document["edges"]) == (page.locator(edge).count() == 1)

    assert [start, end] in draft.document["edges"]
    assert draft.document["squares"] == draft.imported["squares"]


def test_an_imported_at_1_circuit_is_drawn_on_the_editor_s_ring(page, live_server, tmp_path) -> None:
    path = tmp_path / "essai.json"
    path.write_bytes(v1_json())

    draft = _import(page, live_server.url, path)

    assert page.locator("#layer-squares circle.square").count() == len(draft.document["squares"])
    assert page.locator("#no-problems").is_visible()
