"""Race night in the browser, at phone size: 7 → 2 (option A13) recorded by taps. After its throw
in 7th gear the car drops to 2nd: four gears skipped cost a gearbox, a brake and an engine point
and one more point of the driver's choice. The gear says so, the choice is asked (never taken
silently), and what the table shows and the engine recorded are checked against the engine
played directly, in English and in French. A move sent without the choice is caught with a clear
message and nothing typed is lost."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from playwright.sync_api import expect

from live import engine
from rules.play import Table, play
from rules.ruleset import RuleSet
from tests.live.conftest import moves_of, night_for, site_header
from tests.live.test_browser_race_night_moves import LOGS, PHONE, open_table, table_at, verdict
from tests.site.conftest import browser_context_args, browser_type_launch_args  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


WORDS = {
    "en-GB": {
        "extras": "Pit stop, experience, options",
        "overrev": "7 → 2: the extra point comes off",
        "cost": "−1 gearbox, −1 brakes, −1 engine, +1 point of the driver's choice",
        "engine": "Engine",
        "refused": "7 → 2 costs one more point: choose the part it comes off (A13).",
        "stored": "Move stored",
        "gear": "gear 2",
        "event": "over-revving 7 → 2",
    },
    "fr-FR": {
        "extras": "Arrêt au stand, expérience, options",
        "overrev": "7 → 2 : le point de plus est pris sur",
        "cost": "−1 boîte de vitesses, −1 freins, −1 moteur, +1 point au choix du pilote",
        "engine": "Moteur",
        "refused": "7 → 2 coûte un point de plus : choisir la pièce sur laquelle il est pris (A13).",
        "stored": "Coup enregistré",
        "gear": "2e vitesse",
        "event": "surrégime de la 7e à la 2e",
    },
}

SEVEN_TWO = {
    "car": "7",
    "gear": 2,
    "roll": 3,
    "path": ["S1-a13"],
    "brake": 2,
    "option": {"overrev": "engine"},
}


def seven_then_two() -> dict[str, Any]:
    """The A13 golden race on Monza over 2 laps: the 7th-gear throw at turn 14 takes the car over
    the line in 7th, and at turn 15 it drops to 2nd, the extra point off its engine."""
    log = copy.deepcopy(
        json.loads((LOGS / "advanced" / "a13-legal-seventh-gear.json").read_text(encoding="utf-8"))
    )
    log["laps"] = 2
    log.pop("result", None)
    log["turns"].append({"turn": 15, "moves": [SEVEN_TWO]})
    return log


@pytest.fixture(params=["en-GB", "fr-FR"], ids=["English", "French"])
def phone(request, browser, live_server):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale=request.param)
    context.words = WORDS[request.param]
    yield context
    context.close()


def test_seven_to_two_with_the_drivers_extra_point_recorded_by_taps(live_server, phone):
    words = phone.words
    night = night_for(seven_then_two())
    table = table_at(night, 14)  # the car is in 7th, past the line
    assert engine.engine_table(table).state.car("7").gear == 7
    page = open_table(phone, live_server, night, table)

    second = page.locator('.live-gear[data-gear="2"]')
    expect(second.locator(".choice-sub")).to_have_text(words["cost"])
    second.tap()
    # The block opens by itself: the driver must say where the extra point comes off.
    overrev = page.locator('[name="option-overrev"]')
    expect(page.locator(".live-extras")).to_have_attribute("open", "")
    expect(page.locator('label:has([name="option-overrev"]) > span')).to_have_text(words["overrev"])
    expect(overrev).to_have_value("")
    assert overrev.locator("option").evaluate_all("os => os.map(o => o.value)") == [
        "",
        "gearbox",
        "brakes",
        "engine",
    ]

    # The die without the choice: refused with a clear message; the die typed stays, nothing asked.
    page.locator(".live-number input").fill(str(SEVEN_TWO["roll"]))
    page.locator(".live-number button[type=submit]").tap()
    expect(page.locator("#live-message")).to_contain_text(words["refused"])
    expect(page.locator(".live-number input")).to_have_value(str(SEVEN_TWO["roll"]))
    expect(page.locator(".live-stop")).to_have_count(0)
    table.refresh_from_db()
    assert table.steps == 14

    overrev.select_option(label=words["engine"])
    # A reload brings the half-built move back: the gear, the part chosen, the die typed.
    page.reload()
    expect(overrev).to_have_value("engine")
    expect(page.locator(".live-number input")).to_have_value(str(SEVEN_TWO["roll"]))
    page.locator(".live-number button[type=submit]").tap()
    stop = page.locator(f'svg polygon.is-stop[data-sq="{SEVEN_TWO["path"][-1]}"]')
    expect(stop).to_have_count(1)
    stop.tap()
    expect(page.locator("#live-message")).to_contain_text(words["stored"])
    table.refresh_from_db()
    assert table.steps == 15

    # What the table shows: 2nd gear; the gearbox, a brake point (and the two braked) and two
    # engine points gone, one of them the extra point chosen, said in the events.
    body = table.rows.get(index=14).body
    assert {k: body.get(k) for k in ("gear", "roll", "option")} == {
        "gear": 2,
        "roll": 3,
        "option": {"overrev": "engine"},
    }
    dash = page.locator('[data-dash="7"]')
    expect(dash.locator("[data-gear]")).to_have_text(words["gear"])
    for part, left in {"gearbox": 1, "brakes": 0, "engine": 1}.items():
        expect(dash.locator(f'[data-part="{part}"] dd')).to_have_text(str(left))
    expect(page.locator("#live-events")).to_contain_text(words["event"])

    # What the engine recorded is what it gives played directly; the move breaks no rule (the only
    # violation is F2: the race is not over, its log ends with the car racing).
    direct = Table.start(site_header(night, table), night.track, RuleSet.from_options(night.log["options"]))
    for _turn, _rst, move in moves_of(night.log):
        direct, _ = play(direct, move)
    ours = engine.engine_table(table)
    assert ours.log() == direct.log() and ours.verdict().to_json() == direct.verdict().to_json()
    car = ours.state.car("7")
    assert (car.gear, car.square, car.wear.gearbox, car.wear.brakes, car.wear.engine) == (
        2,
        "S1-a13",
        1,
        0,
        1,
    )
    assert verdict(ours.log(), night) == verdict(night.log, night)
    assert [v["rule"] for v in verdict(ours.log(), night)["violations"]] == ["F2"]
