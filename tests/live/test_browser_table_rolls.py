"""Race night on a phone in French (390 × 844), the rolls a move calls for: the touched cars'
collision rolls asked together, one field per car, typed in any order; a way over a dangerous
square and the way round it offered as two choices, each saying the d20 it calls for. The bot's
6-car oval race, played through the API to the positions."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from live.models import LiveTable
from rules.bot import write_race
from rules.track import load_circuit
from tests.live.conftest import circuit_document, night_for
from tests.site.conftest import (  # noqa: F401 - pytest-playwright's fixtures, Chromium's
    browser_context_args,
    browser_type_launch_args,
    session_cookie,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def table_after(steps: int):
    """The bot's 6-car oval race (seed 1) with its first `steps` moves stored through the API."""
    log = write_race(
        load_circuit(circuit_document("ovale")), cars=6, laps=1, seed=1, options=["A7"], pits=True
    )
    night = night_for(log)
    client = night.client(night.entrant)
    answer = client.post(f"/api/races/{night.race.pk}/tables/", {"header": night.header}, format="json")
    assert answer.status_code == 201, answer.json()
    table = answer.json()["id"]
    moves = [m for turn in log["turns"] for m in turn["moves"]]
    for n, move in enumerate(moves[:steps]):
        stored = client.post(f"/api/tables/{table}/moves/", {"move": move, "expected": n}, format="json")
        assert stored.status_code == 201, stored.json()
    return night, LiveTable.objects.get(pk=table)


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="fr-FR")
    yield context
    context.close()


def open_page(phone, live_server, night, table):  # noqa: ANN001, ANN201
    phone.add_cookies(session_cookie(live_server, night.entrant))
    page = phone.new_page()
    page.goto(live_server.url + f"/live/tables/{table.pk}/")
    return page


def gear_and_die(page, gear: int, roll: int) -> None:  # noqa: ANN001
    page.locator(f'.live-gear[data-gear="{gear}"]').tap()
    page.locator(".live-number input").fill(str(roll))
    page.locator(".live-number button[type=submit]").tap()
    expect(page.locator(".live-stops")).to_be_visible()


STORED_OR_ASKED = """() => {
  const said = document.querySelector(".live-message");
  if (said && !said.hidden && said.textContent.includes("Coup enregistré")) return true;
  const input = document.querySelector(".live-number input");
  return Boolean(input && input.value === "");
}"""


def roll_until_stored(page) -> None:  # noqa: ANN001
    """20 to every d20 the page asks for (a new question has an empty field) until the move is stored."""
    for _roll in range(8):
        page.wait_for_function(STORED_OR_ASKED)
        if page.locator(".live-message", has_text="Coup enregistré").is_visible():
            return
        page.locator(".live-number input").fill("20")
        page.locator(".live-number button[type=submit]").tap()
    raise AssertionError("the move was not stored")


def test_the_touched_cars_roll_in_any_order(live_server, phone):
    night, table = table_after(3)  # car 4 to play, beside cars 2 and 3 on the grid
    page = open_page(phone, live_server, night, table)
    expect(page.locator("#live-to-play")).to_contain_text("n° 4")
    gear_and_die(page, 1, 2)
    page.locator('.live-stop[data-square="S3-b5"]').first.tap()

    # Cars 2 and 3 are touched: both rolls asked at once, each named for its car.
    run = page.locator(".live-run")
    expect(run).to_be_visible()
    expect(page.locator(".live-step-title")).to_contain_text("dans l’ordre qu’on veut")
    expect(run.locator("[data-roller]")).to_have_count(2)
    expect(run.locator('[data-roller="2"]')).to_contain_text("n° 2")
    expect(run.locator('[data-roller="3"]')).to_contain_text("n° 3")
    # typed in any order: car 3's first
    run.locator('[data-roller="3"] input').fill("17")
    run.locator('[data-roller="2"] input').fill("18")
    run.locator("button[type=submit]").tap()
    # then the moving car's own rolls, one at a time
    for _roll in range(2):
        expect(page.locator(".live-step-title")).to_contain_text("n° 4")
        page.locator(".live-number input").fill("19")
        page.locator(".live-number button[type=submit]").tap()
    expect(page.locator(".live-message")).to_contain_text("Coup enregistré")
    table.refresh_from_db()
    tests = table.rows.order_by("-index").first().body["tests"]
    assert {"test": "collision", "roll": 18, "car": "2"} in tests, tests
    assert {"test": "collision", "roll": 17, "car": "3"} in tests, tests


def test_a_way_over_a_dangerous_square_and_the_way_round_it(live_server, phone):
    night, table = table_after(9)  # car 4: to S1-a1 over S3-a6 (road holding) or round it
    page = open_page(phone, live_server, night, table)
    expect(page.locator("#live-to-play")).to_contain_text("n° 4")
    gear_and_die(page, 2, 2)
    ways = page.locator('.live-stop[data-square="S1-a1"]')
    expect(ways).to_have_count(2)
    over = page.locator('.live-stop[data-square="S1-a1"][data-tests*="handling"]')
    round_it = page.locator('.live-stop[data-square="S1-a1"]:not([data-tests*="handling"])')
    expect(over).to_contain_text("d20 : tenue de route")
    expect(over).not_to_contain_text("collision")
    expect(round_it).to_contain_text("aucun d20 de plus")
    expect(round_it).not_to_contain_text("collision")  # the rolls both ways call for are not repeated
    over.tap()
    expect(page.locator(".live-step-title")).to_contain_text("tenue de route")
    page.locator(".live-number input").fill("20")
    page.locator(".live-number button[type=submit]").tap()
    roll_until_stored(page)  # the collision rolls that follow, as many as the engine asks
    table.refresh_from_db()
    body = table.rows.order_by("-index").first().body
    assert (
        body["path"][0] == "S3-a6" and {"test": "handling", "roll": 20, "square": "S3-a6"} in body["tests"]
    ), body


def test_a_spare_car_leaves_its_stand_once_every_car_is_out(live_server, phone):
    """A5: the race is over (both cars off the road), yet a retired driver may take the spare car:
    the page offers it under "The race is over." and records its move."""
    log = write_race(
        load_circuit(circuit_document("ovale")), cars=2, laps=2, seed=1, options=["A5", "A7"], pits=True
    )
    for car in log["cars"]:  # one tyre point each: a corner left a stop short is off the road
        car["wear"] = {"tyres": 1, "brakes": 6, "gearbox": 3, "body": 3, "engine": 3, "handling": 4}
    night = night_for(log)
    client = night.client(night.entrant)
    table = client.post(
        f"/api/races/{night.race.pk}/tables/", {"header": night.header}, format="json"
    ).json()["id"]
    moves = [m for turn in log["turns"] for m in turn["moves"]][:8] + [
        {"car": "2", "gear": 3, "roll": 5, "path": ["T2-b2", "T2-b3", "T2-a3", "S3-a1", "S3-a2"]},
        {"car": "1", "gear": 3, "roll": 6, "path": ["S2-a9", "S2-a10", "T2-a1", "T2-a2", "T2-a3", "S3-a1"]},
    ]
    for n, move in enumerate(moves):
        stored = client.post(f"/api/tables/{table}/moves/", {"move": move, "expected": n}, format="json")
        assert stored.status_code == 201, stored.json()
    assert stored.json()["status"] == "over"
    table = LiveTable.objects.get(pk=table)
    page = open_page(phone, live_server, night, table)

    expect(page.locator("#live-to-play")).to_have_text("La course est finie.")
    spare = page.locator('[data-spare="1"]')
    expect(spare).to_be_visible()
    spare.tap()
    page.locator('select[name="spare-1"]').select_option("engine")
    page.locator('select[name="spare-2"]').select_option("body")
    page.locator('input[name="spare-gear"]').fill("1")
    page.locator('input[name="spare-roll"]').fill("2")
    page.locator(".live-spare-form button[type=submit]").tap()
    stop = page.locator(".live-stop").first
    expect(stop).to_be_visible()
    stop.tap()
    roll_until_stored(page)  # whatever rolls the engine asks for
    table.refresh_from_db()
    assert table.steps == len(moves) + 1
    body = table.rows.order_by("-index").first().body
    assert body["car"] == "1" and body["option"] == {"spare": {"engine": 1, "body": 1}}, body
