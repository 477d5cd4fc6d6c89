"""A visitor's browser replays the demo race that has a race sheet, to its last turn."""

from __future__ import annotations

import json

import pytest

from demo.services import REPLAY_ROUND, RUNNING, demo_load
from races.models import Race
from sheets.replay.frames import standing_race_sheet
from tests.races.replay_setup import last_squares
from tests.site.conftest import PROJECT_CIRCUITS

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo(browser_type_launch_args) -> None:
    """The demo league, committed so the live server's thread sees it (after the Chromium check)."""
    demo_load(circuits_dir=PROJECT_CIRCUITS, write=lambda line: None)


def centre(box: dict) -> tuple[float, float]:
    return (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_a_visitor_steps_the_replay_to_the_last_turn(live_server, page, demo):
    race = Race.objects.select_related("season").get(season__slug=RUNNING.slug, round=REPLAY_ROUND)
    sheet = standing_race_sheet(race=race)
    assert sheet is not None and sheet.chosen
    final = last_squares(sheet.log)
    last_turn = sheet.log["turns"][-1]["turn"]

    page.goto(live_server.url)
    page.click(f'main a[href="{race.season.get_absolute_url()}"]')
    page.wait_for_url(f"**{race.season.get_absolute_url()}")
    page.locator(f'#calendar-title ~ .table-wrap a[href="{race.get_absolute_url()}"]').first.click()
    page.wait_for_url(f"**{race.get_absolute_url()}")

    labels = json.loads(page.locator("#replay-data").text_content())["labels"]
    counter = page.locator("#replay-turn")
    cars = page.locator("svg .car[data-car]")
    assert cars.count() == len(final)
    # The script starts the replay on the grid.
    assert counter.inner_text() == labels["start"]
    grid = {car["car"]: car["grid"] for car in sheet.log["cars"]}
    pole = next(car for car, slot in grid.items() if slot == 1)
    pole_square = race.circuit.document["grid"][0]
    assert page.locator(f'svg .car[data-car="{pole}"]').get_attribute("data-square") == pole_square

    forward = page.locator('[data-action="forward"]')
    for turn in (1, 2, 3):
        forward.click()
        assert counter.inner_text() == labels["turn"].format(turn=turn, last=last_turn)
    # Then drag the slider to its end.
    slider = page.locator("#replay-slider")
    slider.focus()
    page.keyboard.press("End")
    assert counter.inner_text() == labels["turn"].format(turn=last_turn, last=last_turn)
    assert forward.is_disabled()

    page.wait_for_timeout(700)  # the cars glide for 0.45 s
    for car, square in final.items():
        disc = page.locator(f'svg .car[data-car="{car}"]')
        assert disc.get_attribute("data-square") == square, car
        on = centre(disc.locator("circle").bounding_box())
        drawn = centre(page.locator(f'svg polygon[data-sq="{square}"]').bounding_box())
        assert abs(on[0] - drawn[0]) < 6 and abs(on[1] - drawn[1]) < 6, (car, square, on, drawn)


def test_play_runs_the_turns_and_pause_stops_them(live_server, page, demo):
    race = Race.objects.get(season__slug=RUNNING.slug, round=REPLAY_ROUND)
    page.goto(live_server.url + race.get_absolute_url() + "replay/")
    counter = page.locator("#replay-turn")
    play = page.locator('[data-action="play"]')
    labels = json.loads(page.locator("#replay-data").text_content())["labels"]
    assert play.get_attribute("aria-label") == labels["play"]

    play.click()
    assert play.get_attribute("aria-label") == labels["pause"]
    page.wait_for_function(
        "text => document.querySelector('#replay-turn').textContent !== text", arg=labels["start"]
    )
    play.click()
    stopped = counter.inner_text()
    page.wait_for_timeout(1500)

    assert counter.inner_text() == stopped != labels["start"]
    assert play.get_attribute("aria-label") == labels["play"]
    assert page.locator("#replay-events li").count() >= 1
