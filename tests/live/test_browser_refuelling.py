"""Race night in the browser, at phone size: refuelling (option A12) recorded by taps. The table
is set up on the page with the car's stand and a 1/3 tank (one lap); the car must refuel in its
stand before lap 2: the tank is chosen with the tyre stop, in English and in French, and what the
table shows and the engine recorded are checked against the replay of the same race. A tank the engine refuses (4 thirds) is caught with a clear message
and nothing typed is lost."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from playwright.sync_api import expect

from live import engine
from live.models import LiveTable
from tests.live.conftest import moves_of, night_for, site_header
from tests.live.test_browser_race_night_moves import (
    LOGS,
    PHONE,
    finished_log,
    table_at_from,
    verdict,
)
from tests.site.conftest import (  # noqa: F401 - pytest-playwright's fixtures, Chromium's
    browser_context_args,
    browser_type_launch_args,
    session_cookie,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


# The page's words the player reads, in the reader's language.
WORDS = {
    "en-GB": {
        "stand": "Pit stand",
        "start tank": "Tank at the start (thirds, 1–3)",
        "extras": "Pit stop, experience, options",
        "pit": "Pit stop",
        "tyre stop": "Stop: tyres (a pit d20)",
        "new tyres": "New tyres",
        "soft": "soft",
        "tank": "Tank after the stop (thirds, 1–3)",
        "tank refused": "Tank after the stop: 1, 2 or 3 thirds",
        "pit roll": "pit stop",
        "stored": "Move stored",
    },
    "fr-FR": {
        "stand": "Stand",
        "start tank": "Réservoir au départ (en tiers, 1–3)",
        "extras": "Arrêt au stand, expérience, options",
        "pit": "Arrêt au stand",
        "tyre stop": "Arrêt : pneus (un d20 d’arrêt)",
        "new tyres": "Nouveaux pneus",
        "soft": "tendres",
        "tank": "Réservoir après l’arrêt (en tiers, 1–3)",
        "tank refused": "Réservoir après l’arrêt : 1, 2 ou 3 tiers",
        "pit roll": "arrêt au stand",
        "stored": "Coup enregistré",
    },
}


def light_tank_race() -> dict[str, Any]:
    """The S2 golden race (2 laps, a tyre stop in PIT-3 at turn 7, a pit d20 of 4) in a season
    playing A12, its car starting on a 1/3 tank: the stop must refuel it for lap 2."""
    log = json.loads((LOGS / "advanced" / "s2-legal-fast-tyre-stop.json").read_text(encoding="utf-8"))
    log = copy.deepcopy(log)
    log["options"] = ["A7", "A12"]
    log["cars"][0]["fuel"] = 1
    log["turns"][6]["moves"][0]["pit"] = {"stop": "tyres", "tyres": "soft", "fuel": 1}
    return log


@pytest.fixture(params=["en-GB", "fr-FR"], ids=["English", "French"])
def phone(request, browser, live_server):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale=request.param)
    context.words = WORDS[request.param]
    yield context
    context.close()


def control(page, name: str, label: str):
    """The extras block's control `name`, checked to be labelled `label` (the reader's language)."""
    expect(page.locator(f'label:has([name="{name}"]) > span')).to_have_text(label)
    return page.locator(f'[name="{name}"]')


def test_a_refuelling_with_the_tyre_stop_recorded_by_taps(live_server, phone):
    words = phone.words
    night = night_for(light_tank_race())
    phone.add_cookies(session_cookie(live_server, night.entrant))
    page = phone.new_page()
    page.goto(live_server.url + f"/races/{night.race.pk}/live/")

    # Set-up: the car's stand (one per car in grid order, PIT-1 first) and its tank at the start.
    car = night.header["cars"][0]
    fieldset = page.locator('fieldset[data-car="7"]')
    stand = fieldset.locator('select[name="car-7-stand"]')
    expect(fieldset.locator('label[for="id_car-7-stand"]')).to_have_text(words["stand"])
    expect(stand).to_have_value("PIT-1")
    stand.select_option(car["stand"])
    expect(fieldset.locator('label[for="id_car-7-fuel"]')).to_have_text(words["start tank"])
    fieldset.locator('input[name="car-7-fuel"]').fill(str(car["fuel"]))
    fieldset.locator('select[name="car-7-compound"]').select_option(car["tyres"])
    for part, value in car["wear"].items():
        fieldset.locator(f'input[name="car-7-{part}"]').fill(str(value))
    page.locator('input[name="weather"]').fill(str(night.header["weather"]["race"]))
    page.locator(".live-setup-form button[type=submit]").tap()
    page.wait_for_url("**/live/tables/*/")
    table = LiveTable.objects.get(race=night.race)
    header = {k: v for k, v in engine.engine_table(table).log().items() if k != "turns"}
    assert header == {**site_header(night, table), "options": sorted(night.header["options"])}
    # the light tank's +3 tyre points of lap 1 are on the grid
    expect(page.locator('[data-dash="7"] [data-part="tyres"] dd')).to_have_text("7")

    table = table_at_from(
        night, table, 6
    )  # turn 7: before the pit entry, its third of a tank ends with lap 1
    move = moves_of(night.log)[6][2]
    page.reload()

    page.locator('.live-gear[data-gear="3"]').tap()
    page.get_by_text(words["extras"]).tap()
    pit = control(page, "pit", words["pit"])
    # A refuelling is a stop in the stand (tyres or long): the engine reads no stop without a kind.
    expect(pit.locator("option")).to_have_count(3)
    assert pit.locator("option").evaluate_all("os => os.map(o => o.value)") == ["", "tyres", "long"]
    tank = control(page, "pit-fuel", words["tank"])
    expect(tank).to_be_hidden()  # no stop, no tank
    pit.select_option(label=words["tyre stop"])
    control(page, "pit-tyres", words["new tyres"]).select_option(label=words["soft"])
    expect(tank).to_be_visible()

    # A tank of 4 thirds: refused with a clear message, before anything is asked of the engine;
    # the stop, the tyres and the die typed are all still there.
    tank.fill("4")
    page.locator(".live-number input").fill(str(move["roll"]))
    page.locator(".live-number button[type=submit]").tap()
    expect(page.locator("#live-message")).to_contain_text(words["tank refused"])
    expect(page.locator(".live-number input")).to_have_value(str(move["roll"]))
    expect(pit).to_have_value("tyres")
    expect(tank).to_have_value("4")
    table.refresh_from_db()
    assert table.steps == 6 and not table.site_rolls.exists()

    tank.fill("1")
    page.locator(".live-number button[type=submit]").tap()
    # the stand is lit; its pit d20 is asked once it is chosen
    page.locator('.live-stop[data-stand="1"]').first.tap()
    expect(page.locator(".live-step-title")).to_contain_text(words["pit roll"])
    page.locator(".live-number input").fill(str(move["tests"][0]["roll"]))
    page.locator(".live-number button[type=submit]").tap()
    target = move["path"][-1]  # a pit d20 of 4: two squares on past the stand
    expect(page.locator(f'svg polygon.is-stop[data-sq="{target}"]')).to_have_count(1)
    page.locator(f'svg polygon.is-stop[data-sq="{target}"]').tap()
    expect(page.locator("#live-message")).to_contain_text(words["stored"])
    table.refresh_from_db()
    assert table.steps == 7

    # What the engine recorded: the stop with its tank; the tank covers lap 2 from this stop, and
    # the light tank's +2 tyre points for lap 2 are on the new set (build 4 + 2).
    body = table.rows.get(index=6).body
    assert body["pit"] == {"stop": "tyres", "tyres": "soft", "fuel": 1}
    assert body["tests"] == [{"test": "pit", "roll": 4}]
    car = engine.engine_table(table).state.car("7")
    assert (car.square, car.ext.fuel, car.ext.fuel_from, car.wear.tyres) == (target, 1, 2, 6)
    expect(page.locator('[data-dash="7"] [data-part="tyres"] dd')).to_have_text("6")
    expect(page.locator('[data-dash="7"] [data-square]')).to_have_text(target)

    # The race run on to the end: the record is the replay's race, valid; without the refuelling
    # the same race breaks A12 at the line.
    ours = finished_log(night, table)
    assert verdict(ours, night) == verdict(night.log, night)
    assert verdict(ours, night)["violations"] == []
    dry = copy.deepcopy(ours)
    del dry["turns"][6]["moves"][0]["pit"]["fuel"]
    assert [v["rule"] for v in verdict(dry, night)["violations"]] == ["A12"]
