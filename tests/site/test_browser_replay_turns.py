"""The replay shows the game: each move's gear, die and wear, the dashboards, a turn in the address,
a phone's screen.

The worked example's valid race (fixtures/examples/race-ovale-valid.json): in turn 7 car 3 (Bruno)
drops from 3rd to 1st gear, skipping 2nd: one gearbox point (rule G3); in turn 6 both cars brake
one square. The dashboards are checked against the engine's own verdict on the log cut after the
turn: the wear every car has then.
"""

from __future__ import annotations

import copy
import json

import pytest

from rules.formats import read_race_log
from rules.replay import replay
from rules.track import load_circuit
from sheets.models import RaceSheet
from tests.factories import OVAL
from tests.races.replay_setup import build_oval, make_steward, submit

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SKIP_TURN, SKIP_CAR = 7, "3"


@pytest.fixture
def example_log(examples_dir) -> dict:
    return json.loads((examples_dir / "race-ovale-valid.json").read_text(encoding="utf-8"))


@pytest.fixture
def oval_race(browser_type_launch_args, example_log):
    """The oval with its valid sheet judged, committed for the live server's thread."""
    oval = build_oval(make_steward())
    sheet = submit(oval.race, example_log, oval.steward)
    assert sheet.status == RaceSheet.Status.VALID
    return oval.race


def wear_after(log: dict, turn: int) -> dict[str, dict[str, int]]:
    """Each car's six parts after `turn`, as the engine's verdict on the log cut there says."""
    cut = copy.deepcopy(log)
    cut["turns"] = [t for t in cut["turns"] if t["turn"] <= turn]
    cut.pop("result", None)
    verdict = replay(read_race_log(cut), load_circuit(OVAL)).to_json()
    return {car: state["wear"] for car, state in verdict["cars"].items()}


def dashboards(page) -> dict[str, dict[str, int]]:
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('[data-legend]')].map(li => [
            li.dataset.legend,
            Object.fromEntries([...li.querySelectorAll('[data-part]')].map(
                d => [d.dataset.part, parseInt(d.querySelector('.dash-n').textContent, 10)]))]))"""
    )


def test_the_turn_where_a_car_skipped_a_gear_lists_it_with_the_wear_point(live_server, page, oval_race):
    page.goto(f"{live_server.url}{oval_race.get_absolute_url()}replay/#turn-{SKIP_TURN}")
    labels = json.loads(page.locator("#replay-data").text_content())["labels"]

    assert page.locator("#replay-turn").inner_text().startswith(labels["turn"].format(turn=SKIP_TURN, last=9))
    move = page.locator(f'#replay-moves [data-move-car="{SKIP_CAR}"]')
    assert "3 → 1" in move.locator(".move-summary").inner_text()
    wear = move.locator('.move-wear[data-part="gearbox"]')
    assert wear.count() == 1
    assert wear.locator("strong").inner_text() == "−1 Boîte"
    assert "1 rapport sauté" in wear.inner_text()
    # No "nothing to report" under a turn where a car paid for a gear.
    assert "Rien à signaler" not in page.locator(".replay-turn").inner_text()
    # The dashboard shows the point gone, and marks it.
    gearbox = page.locator(f'[data-legend="{SKIP_CAR}"] [data-part="gearbox"]')
    assert gearbox.locator(".dash-n").inner_text() == "2"
    assert "is-lost" in gearbox.get_attribute("class")


def test_braking_is_listed_with_its_brake_point(live_server, page, oval_race):
    page.goto(f"{live_server.url}{oval_race.get_absolute_url()}replay/#turn-6")
    for car in ("7", "3"):
        move = page.locator(f'#replay-moves [data-move-car="{car}"]')
        assert "1 case freinée" in move.locator(".move-summary").inner_text()
        assert move.locator('.move-wear[data-part="brakes"] strong').inner_text() == "−1 Freins"


def test_stepping_to_a_turn_shows_the_dashboards_of_the_verdict_at_that_turn(
    live_server, page, oval_race, example_log
):
    page.goto(f"{live_server.url}{oval_race.get_absolute_url()}replay/")
    forward = page.locator('[data-action="forward"]')
    for turn in range(1, 9):
        forward.click()
        assert page.url.endswith(f"#turn-{turn}")
        assert dashboards(page) == wear_after(example_log, turn), turn


def test_stepping_car_by_car_moves_one_car_at_a_time(live_server, page, oval_race, example_log):
    page.goto(f"{live_server.url}{oval_race.get_absolute_url()}replay/#turn-{SKIP_TURN - 1}")
    step = page.locator('[data-action="car"]')
    step.click()  # car 7's move of turn 7
    moves = page.locator("#replay-moves > li")
    assert moves.count() == 1
    assert moves.first.get_attribute("data-move-car") == "7"
    first = example_log["turns"][SKIP_TURN - 1]["moves"][0]["path"][-1]
    assert page.locator('svg .car[data-car="7"]').get_attribute("data-square") == first
    # car 3 has not moved yet: its dashboard is the one before the turn
    assert dashboards(page)["3"] == wear_after(example_log, SKIP_TURN - 1)["3"]
    step.click()
    assert moves.count() == 2
    assert dashboards(page) == wear_after(example_log, SKIP_TURN)


def test_the_address_opens_its_turn_and_follows_the_steps(live_server, page, oval_race):
    url = f"{live_server.url}{oval_race.get_absolute_url()}replay/"
    page.goto(url + "#turn-4")
    labels = json.loads(page.locator("#replay-data").text_content())["labels"]
    assert page.locator("#replay-turn").inner_text() == labels["turn"].format(turn=4, last=9)
    assert page.locator("#replay-slider").input_value() == "4"
    page.locator('[data-action="back"]').click()
    assert page.url.endswith("#turn-3")
    page.evaluate("() => { location.hash = '#turn-8'; }")
    page.wait_for_function("() => document.querySelector('#replay-turn').textContent.includes('8')")
    assert page.locator("#replay-turn").inner_text() == labels["turn"].format(turn=8, last=9)


def test_finished_cars_leave_the_board(live_server, page, oval_race):
    page.goto(f"{live_server.url}{oval_race.get_absolute_url()}replay/#turn-8")
    # car 7 crossed the line for the last time in turn 8: off the board, its result in the legend
    assert "is-off" in page.locator('svg .car[data-car="7"]').get_attribute("class")
    assert page.locator('svg .car[data-car="7"]').evaluate("n => getComputedStyle(n).opacity") == "0"
    assert "is-off" not in page.locator('svg .car[data-car="3"]').get_attribute("class")
    page.locator('[data-action="back"]').click()
    assert "is-off" not in page.locator('svg .car[data-car="7"]').get_attribute("class")


def test_on_a_phone_the_replay_fits_the_screen_and_follows_a_car(live_server, page, oval_race):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}{oval_race.get_absolute_url()}replay/#turn-5")
    overflow = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0
    svg = page.locator("svg.circuit-map")
    assert svg.bounding_box()["width"] <= 390
    full = svg.get_attribute("viewBox")
    page.select_option("#replay-follow", "3")
    page.wait_for_timeout(700)
    zoomed = [float(v) for v in svg.get_attribute("viewBox").split()]
    whole = [float(v) for v in full.split()]
    assert zoomed[2] < whole[2] * 0.6  # zoomed in on the car
    car = page.locator('svg .car[data-car="3"] circle').bounding_box()
    box = page.locator("[data-replay-map]").bounding_box()
    assert box["x"] <= car["x"] and car["x"] + car["width"] <= box["x"] + box["width"]
    # still no sideways scrolling once zoomed, and the map pans along when stepping
    page.locator('[data-action="forward"]').click()
    page.wait_for_timeout(700)
    car = page.locator('svg .car[data-car="3"] circle').bounding_box()
    assert box["x"] <= car["x"] and car["x"] + car["width"] <= box["x"] + box["width"]
    overflow = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0
