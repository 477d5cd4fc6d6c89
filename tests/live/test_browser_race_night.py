"""Race night in the browser, at phone size: the worked example's 2-car oval race recorded by taps
and typed dice only, watched live from another browser, reloaded halfway; then the race page
shows what submitting the example's JSON gives."""

from __future__ import annotations

import re
import statistics
import time

import pytest
from playwright.sync_api import expect

from live.models import LiveTable
from races.models import Result
from sheets.models import RaceSheet
from sheets.services import race_sheet_submit
from tests.factories import build_oval
from tests.site.conftest import (  # noqa: F401 - pytest-playwright's fixtures, Chromium's
    browser_context_args,
    browser_page,
    browser_type_launch_args,
    session_cookie,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
WATCH_MS = 2000  # a watcher sees each move within 2 s


@pytest.fixture
def oval(browser_type_launch_args, tasks_inline):  # noqa: F811
    """The worked examples' race (cars 7 and 3, their wear and grid), committed for the live server;
    the finished sheet is judged inline."""
    return build_oval()


@pytest.fixture
def phone(browser, live_server, oval):
    """Alice's phone: 390 × 844, touch, English."""
    with browser_page(
        browser, locale="en-GB", phone=True, cookies=session_cookie(live_server, oval.alice)
    ) as page:
        yield page


@pytest.fixture
def watcher(browser):
    """A visitor's desktop browser, not logged in."""
    with browser_page(browser, locale="en-GB", viewport={"width": 1280, "height": 900}) as page:
        yield page


def test_a_phone_records_the_example_race_by_taps_and_a_watcher_follows(
    live_server, phone, watcher, oval, example, examples_dir
):
    page = phone
    page.goto(live_server.url + f"/races/{oval.race.pk}/live/")

    # Set-up: the grid and builds come from the entries; the weather roll is typed.
    for car in example["cars"]:
        fieldset = page.locator(f'fieldset[data-car="{car["car"]}"]')
        assert fieldset.locator(f'input[name="car-{car["car"]}-grid"]').input_value() == str(car["grid"])
        for part, value in car["wear"].items():
            assert fieldset.locator(f'input[name="car-{car["car"]}-{part}"]').input_value() == str(value)
        expect(fieldset.locator("[data-wear-status]")).to_have_class(re.compile("is-ok"))
    # The 20-point rule is checked as it is typed.
    engine = page.locator('input[name="car-7-engine"]')
    engine.fill("9")
    expect(page.locator('fieldset[data-car="7"] [data-wear-status]')).to_have_class(re.compile("is-wrong"))
    engine.fill(str(example["cars"][0]["wear"]["engine"]))
    expect(page.locator('fieldset[data-car="7"] [data-wear-status]')).to_have_class(re.compile("is-ok"))
    page.locator('input[name="weather"]').fill(str(example["weather"]["race"]))
    page.get_by_role("button", name="Start the race").tap()
    page.wait_for_url("**/live/tables/*/")
    table = LiveTable.objects.get(race=oval.race)

    # A visitor watches from another browser.
    watcher.goto(live_server.url + f"/races/{oval.race.pk}/live/")
    watcher.wait_for_url(f"**/live/tables/{table.pk}/")
    expect(watcher.locator(".live-watching")).to_be_visible()
    assert watcher.locator('[data-action="undo"]').count() == 0

    moves = [(turn["turn"], move) for turn in example["turns"] for move in turn["moves"]]
    undo_done = False
    seen: list[float] = []  # seconds from "Move stored" on the phone to the watcher's board
    for n, (_turn, move) in enumerate(moves):
        car, target = move["car"], move["path"][-1]
        expect(page.locator("#live-to-play")).to_contain_text(f"No. {car} ")
        expect(page.locator(f'svg .car[data-car="{car}"]')).to_have_class(re.compile("is-to-play"))
        page.locator(f'.live-gear[data-gear="{move["gear"]}"]').tap()
        die = page.locator(".live-number input")
        die.fill(str(move["roll"]))
        page.locator(".live-number button[type=submit]").tap()
        # The legal stops light up; one tap on the board (or on the list's button) chooses.
        lit = page.locator(f'svg polygon.is-stop[data-sq="{target}"]')
        expect(lit).to_have_count(1)
        brake = move.get("brake", 0)
        if brake or n % 2:
            # The list offers every way that costs something different: braking is one of them.
            page.locator(f'.live-stop[data-square="{target}"][data-brake="{brake}"]').tap()
        else:
            lit.dispatch_event("click")  # a tap on an SVG square (it may sit under a car's disc)
        expect(page.locator(".live-message")).to_contain_text("Move stored.")
        stored = time.monotonic()
        expect(page.locator(f'svg .car[data-car="{car}"]')).to_have_attribute("data-square", target)
        # The watcher sees it within 2 s, without a reload.
        expect(watcher.locator(f'svg .car[data-car="{car}"]')).to_have_attribute(
            "data-square", target, timeout=WATCH_MS
        )
        seen.append(time.monotonic() - stored)
        expect(watcher.locator(f'[data-dash="{car}"] [data-square]')).to_have_text(target, timeout=WATCH_MS)

        if n == 5 and not undo_done:
            # Undo takes the move back (on both screens), and it is played again.
            page.locator('[data-action="undo"]').tap()
            expect(page.locator(".live-message")).to_contain_text("taken back")
            expect(watcher.locator(f'svg .car[data-car="{car}"]')).not_to_have_attribute(
                "data-square", target, timeout=WATCH_MS
            )
            undo_done = True
            page.locator(f'.live-gear[data-gear="{move["gear"]}"]').tap()
            page.locator(".live-number input").fill(str(move["roll"]))
            page.keyboard.press("Enter")
            page.locator(f'.live-stop[data-square="{target}"][data-brake="{brake}"]').tap()
            expect(page.locator(".live-message")).to_contain_text("Move stored.")
            expect(watcher.locator(f'svg .car[data-car="{car}"]')).to_have_attribute(
                "data-square", target, timeout=WATCH_MS
            )
        if n == 7:
            # A reload mid-race carries on where the table stopped.
            page.reload()
            expect(page.locator("#live-to-play")).to_contain_text(f"No. {moves[n + 1][1]['car']} ")
            where = {m["car"]: m["path"][-1] for _t, m in moves[: n + 1]}
            for other, square in where.items():
                expect(page.locator(f'svg .car[data-car="{other}"]')).to_have_attribute("data-square", square)

    table.refresh_from_db()
    assert table.steps == len(moves)
    print(f"watcher saw each move after {statistics.median(seen):.2f} s (median), {max(seen):.2f} s at most")
    expect(page.locator("#live-to-play")).to_have_text("The race is over.")
    expect(watcher.locator("#live-to-play")).to_have_text("The race is over.", timeout=WATCH_MS)
    page.locator('[data-action="finish"]').tap()
    page.wait_for_url("**/sheets/*/")

    sheet = RaceSheet.objects.get(race=oval.race, kind=RaceSheet.Kind.RACE)
    assert sheet.status == RaceSheet.Status.VALID, sheet.error
    # The record is the example's race: the same moves, gear for gear and roll for roll.
    played = [
        (m["car"], m["gear"], m["roll"], m.get("brake", 0), m["path"][-1])
        for t in sheet.log["turns"]
        for m in t["moves"]
    ]
    assert played == [(m["car"], m["gear"], m["roll"], m.get("brake", 0), m["path"][-1]) for _t, m in moves]

    # Submitting the example's JSON gives the same classification and points.
    by_json = race_sheet_submit(
        race=oval.race, raw=(examples_dir / "race-ovale-valid.json").read_bytes(), by=oval.bruno
    )
    by_json.refresh_from_db()
    assert by_json.status == RaceSheet.Status.VALID, by_json.error
    assert sheet.verdict["classification"] == by_json.verdict["classification"]
    assert [(c["car"], c["position"], c["points"]) for c in by_json.verdict["classification"]] == [
        ("7", 1, 10),
        ("3", 2, 8),
    ]

    # And the race page shows them.
    page.goto(live_server.url + oval.race.get_absolute_url())
    for row in by_json.verdict["classification"]:
        result = Result.objects.get(race=oval.race, race_entry__season_entry__car_number=int(row["car"]))
        assert (result.position, result.points) == (row["position"], row["points"])
        cells = page.locator(f"tr.p{row['position']}").first.locator("td, th")
        expect(cells.nth(0)).to_have_text(str(row["position"]))
        expect(cells.nth(1)).to_have_text(row["car"])
        expect(cells.nth(2)).to_have_text(result.race_entry.season_entry.driver.name)
        expect(cells.nth(6)).to_contain_text(str(row["points"]))
