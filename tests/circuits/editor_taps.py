"""What a person does in the board editor to trace the known board, tap by tap (Playwright): the
browser test asserts along the way, the README's screenshot script photographs the stages."""

from __future__ import annotations

from pathlib import Path

from tests.circuits import known_board as kb


class Taps:
    """Taps on the editor's picture and its tools; each change waits for the server's answer."""

    def __init__(self, page) -> None:  # noqa: ANN001 - a Playwright page
        self.page = page
        self.board = page.locator("#board")

    def saved(self) -> None:
        self.page.wait_for_selector("body:not([data-saving])", state="attached")
        assert "error" not in (self.page.locator("#status").get_attribute("class") or "")

    def tool(self, name: str) -> None:
        self.page.check(f'input[name="tool"][value="{name}"]')

    def tap(self, point: tuple[float, float]) -> None:
        self.board.click(position={"x": point[0], "y": point[1]})

    def taps(self, points) -> None:  # noqa: ANN001 - points
        for point in points:
            self.tap(point)
            self.saved()

    def number(self, field: str, value: int) -> None:
        self.page.fill(field, str(value))
        self.page.locator(field).dispatch_event("change")
        self.saved()


def upload(page, base: str, picture: Path, *, name: str = "Essai", slug: str = "essai") -> Taps:  # noqa: ANN001
    """A new board from its picture: the editor opens on it."""
    page.goto(f"{base}/board-editor/")
    page.fill('input[name="name"]', name)
    page.fill('input[name="slug"]', slug)
    page.set_input_files('input[name="image"]', str(picture))
    page.click('#new-board button[type="submit"]')
    page.wait_for_url("**/board-editor/*/")
    return Taps(page)


def pieces(do: Taps) -> None:
    """The pieces in race order from the line: a straight by its four corners and rows, a corner by
    each lane's points and count of squares."""
    page = do.page
    for segment in kb.V1["segments"]:
        if segment["id"] in kb.STRAIGHTS:
            corners, rows = kb.STRAIGHTS[segment["id"]]
            do.tool("straight")
            page.fill("#rows", str(rows))
            page.select_option("#lanes", "abc")
            do.taps(corners)
            continue
        do.tool("lane")
        for lane, count in zip("abc", segment["corner"]["cells"], strict=True):
            page.select_option("#lane", lane)
            page.fill("#count", str(count))
            for point in kb.lane_points(segment["id"], lane):
                do.tap(point)
            page.click("#finish")
            do.saved()


def lassos(do: Taps) -> None:
    """Each corner by a lasso around it, its name and its stops."""
    do.tool("lasso")
    for corner in ("T1", "T2"):
        name, stops = kb.CORNER_NAMES[corner]
        do.page.fill("#corner-name", name)
        do.page.fill("#stops", str(stops))
        for point in kb.LASSOS[corner]:
            do.tap(point)
        do.page.click("#finish")
        do.saved()


def pit_lane(do: Taps) -> None:
    """The pit lane: its entry, its squares in driving order, its exit; then its stands."""
    do.tool("pit-entry")
    do.taps([kb.position(kb.V1["pit"]["entry"])])
    do.tool("pit-lane")
    do.taps(kb.PIT_SQUARES)
    do.tool("pit-exit")
    do.taps([kb.position(kb.V1["pit"]["exit"])])
    do.tool("stand")
    do.taps(kb.PIT_SQUARES)


def grid(do: Taps) -> None:
    """The grid, pole position first."""
    do.tool("grid")
    do.taps([kb.position(square) for square in kb.V1["grid"]])


def weather(do: Taps) -> None:
    """The weather scale printed on the board: rain up to 4, variable up to 8, sun above."""
    do.number("#rain", kb.WEATHER["rain"][1])
    do.number("#variable", kb.WEATHER["variable"][1])
