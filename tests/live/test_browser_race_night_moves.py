"""Race night in the browser, at phone size, for the moves beyond the plain ones: a tyre stop with
its pit roll, experience spent (a wear point, a bought fast stop, a driver's re-roll or −1), the
option actions (Top, super top, supercharge, pedal, high wing), 7th gear, the restart after a red
flag, a spare car's lit stops, and a half-built move brought back by a reload. Each is recorded
by taps on a table set up from a golden log of fixtures/race_logs, and the record is checked
against the engine's verdict."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from live import engine, services
from live.models import LiveTable
from rules.formats import read_race_log
from rules.play import Table, play, restart, stops
from rules.replay import replay
from rules.ruleset import RuleSet
from tests.live.conftest import Night, moves_of, night_for, site_header
from tests.site.conftest import (  # noqa: F401 - pytest-playwright's fixtures, Chromium's
    browser_context_args,
    browser_type_launch_args,
    session_cookie,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
LOGS = Path(__file__).resolve().parents[2] / "fixtures" / "race_logs"


def golden(name: str) -> dict[str, Any]:
    return json.loads((LOGS / f"{name}.json").read_text(encoding="utf-8"))


@pytest.fixture
def phone(browser, live_server):
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="en-GB")
    yield context
    context.close()


def table_at(night: Night, steps: int) -> LiveTable:
    """A table of the night's log with its first `steps` steps recorded through the services."""
    table = services.table_create(race=night.race, user=night.entrant, header=night.header)
    for n, (_turn, rst, move) in enumerate(moves_of(night.log)[:steps]):
        if rst is not None:
            table, _, _ = services.table_restart(table=table, user=night.entrant, restart=rst, expected=n)
        else:
            table, _, _ = services.table_move(table=table, user=night.entrant, move=move, expected=n)
    return table


def finish_by_services(night: Night, table: LiveTable) -> None:
    table.refresh_from_db()
    for n, (_turn, rst, move) in list(enumerate(moves_of(night.log)))[table.steps :]:
        if rst is not None:
            table, _, _ = services.table_restart(table=table, user=night.entrant, restart=rst, expected=n)
        else:
            table, _, _ = services.table_move(table=table, user=night.entrant, move=move, expected=n)


def finished_log(night: Night, table: LiveTable) -> dict[str, Any]:
    """The table played on to the end by the services, `table` refreshed: the log it recorded."""
    finish_by_services(night, table)
    table.refresh_from_db()
    return engine.engine_table(table).log()


def verdict(log: dict[str, Any], night: Night) -> dict[str, Any]:
    return replay(read_race_log(log), night.track, RuleSet.from_options(log.get("options", []))).to_json()


def open_table(context, live_server, night: Night, table: LiveTable):
    context.add_cookies(session_cookie(live_server, night.entrant))
    page = context.new_page()
    page.goto(live_server.url + f"/live/tables/{table.pk}/")
    return page


def die(page, value: int) -> None:
    page.locator(".live-number input").fill(str(value))
    page.locator(".live-number button[type=submit]").tap()


def stand_stop(page) -> None:
    """The car's stand, lit among the stops before any pit d20 is asked: tapped."""
    stand = page.locator('.live-stop[data-stand="1"]').first
    expect(stand).to_be_visible()
    expect(page.locator(".live-step-title")).not_to_contain_text("pit stop")
    stand.tap()


def stored(page, table: LiveTable, steps: int) -> LiveTable:
    expect(page.locator("#live-message")).to_contain_text("Move stored")
    table.refresh_from_db()
    assert table.steps == steps
    return table


def test_a_tyre_stop_with_its_pit_roll_recorded_by_taps(live_server, phone):
    night = night_for(golden("advanced/s2-legal-fast-tyre-stop"))
    table = table_at(night, 6)  # the car is before the pit entry, turn 7
    page = open_table(phone, live_server, night, table)
    move = moves_of(night.log)[6][2]
    assert move["pit"] == {"stop": "tyres", "tyres": "soft"}

    page.locator('.live-gear[data-gear="3"]').tap()
    page.locator(".live-extras summary").tap()
    page.locator('select[name="pit"]').select_option("tyres")
    page.locator('select[name="pit-tyres"]').select_option("soft")
    die(page, move["roll"])
    # The stand is lit first; its pit d20 is asked once it is chosen: on 1–10 the car goes on
    # ceil(roll / 2) squares past its stand.
    stand_stop(page)
    expect(page.locator(".live-step-title")).to_contain_text("pit stop")
    expect(page.locator(".live-number input")).to_have_value("")  # not the die just typed
    die(page, move["tests"][0]["roll"])
    target = move["path"][-1]
    expect(page.locator(f'svg polygon.is-stop[data-sq="{target}"]')).to_have_count(1)
    page.locator(f'.live-stop[data-square="{target}"]').first.tap()
    table = stored(page, table, 7)

    body = table.rows.get(index=6).body
    assert body["pit"] == move["pit"] and body["tests"] == move["tests"]
    car = engine.engine_table(table).state.car("7")
    assert car.square == target and str(car.tyres) == "soft"
    ours = finished_log(night, table)
    assert verdict(ours, night) == verdict(night.log, night)
    assert verdict(ours, night)["violations"] == []


def test_a_bought_fast_stop_recorded_by_taps(live_server, phone):
    night = night_for(golden("advanced/x3-legal-fast-stop-bought"))
    table = table_at(night, 6)  # turn 7: the car is before the pit entry, with team experience
    page = open_table(phone, live_server, night, table)
    move = moves_of(night.log)[6][2]
    assert move["xp"] == {"team": "fast-stop"} and move["tests"] == [{"test": "pit", "roll": 15}]

    page.locator(f'.live-gear[data-gear="{move["gear"]}"]').tap()
    page.locator(".live-extras summary").tap()
    page.locator('select[name="pit"]').select_option("tyres")
    page.locator('select[name="xp"]').select_option("fast-stop")
    expect(page.locator('input[name="xp-natural"]')).to_be_hidden()  # a team point: no die to give
    die(page, move["roll"])
    stand_stop(page)
    expect(page.locator(".live-step-title")).to_contain_text("pit stop")
    die(page, move["tests"][0]["roll"])
    # a pit d20 of 15 is no fast stop; the point bought makes it one: the car goes on past its stand
    target = move["path"][-1]
    before = engine.engine_table(table)
    plain = stops(before, move["gear"], move["roll"], pit=move["pit"], pit_roll=15)
    assert target not in [s.square for s in plain]  # without the point, the car stays in its stand
    expect(page.locator(f'svg polygon.is-stop[data-sq="{target}"]')).to_have_count(1)
    page.locator(f'.live-stop[data-square="{target}"]').first.tap()
    table = stored(page, table, 7)

    body = table.rows.get(index=6).body
    # the pit stop's way is sent by its stop square (`to`), as the play API offers it
    assert {k: body.get(k) for k in ("pit", "xp", "tests", "to")} == {
        "pit": move["pit"],
        "xp": move["xp"],
        "tests": move["tests"],
        "to": target,
    }
    assert engine.engine_table(table).state.car("7").square == target
    ours = finished_log(night, table)
    assert verdict(ours, night) == verdict(night.log, night)
    assert verdict(ours, night)["violations"] == []


def test_experience_spent_on_a_wear_point_recorded_by_taps(live_server, phone):
    night = night_for(golden("advanced/x3-legal-wear-point"))
    table = table_at(night, 0)
    page = open_table(phone, live_server, night, table)
    move = moves_of(night.log)[0][2]
    assert move["xp"] == {"team": "wear", "part": "tyres"}

    page.locator(f'.live-gear[data-gear="{move["gear"]}"]').tap()
    page.locator(".live-extras summary").tap()
    page.locator('select[name="xp"]').select_option("wear:tyres")
    die(page, move["roll"])
    page.locator(f'svg polygon.is-stop[data-sq="{move["path"][-1]}"]').tap()
    table = stored(page, table, 1)

    assert table.rows.get(index=0).body["xp"] == move["xp"]
    expect(page.locator('[data-dash="7"] [data-part="tyres"] dd')).to_have_text("5")
    ours = finished_log(night, table)
    assert ours["turns"] == night.log["turns"]
    theirs = verdict(night.log, night)
    assert verdict(ours, night) == theirs and theirs["experience_changes"]


def test_a_red_flag_restart_with_a_stop_under_the_flag_and_a_reload_mid_move(live_server, phone):
    night = night_for(golden("advanced/a5-legal-red-flag-restart"))
    table = table_at(night, 1)
    page = open_table(phone, live_server, night, table)
    move = moves_of(night.log)[1][2]  # car 3: two collision rolls

    # A half-built move survives a reload: the gear and the typed die...
    page.locator(f'.live-gear[data-gear="{move["gear"]}"]').tap()
    page.locator(".live-number input").fill(str(move["roll"]))
    page.reload()
    expect(page.locator(".live-number input")).to_have_value(str(move["roll"]))
    expect(page.locator(".live-step-title")).to_contain_text(f"Die of gear {move['gear']}")
    page.locator(".live-number button[type=submit]").tap()
    page.locator(f'.live-stop[data-square="{move["path"][-1]}"]').first.tap()
    # ... and the tests rolled so far.
    expect(page.locator(".live-step-title")).to_contain_text("collision")
    expect(page.locator(".live-number input")).to_have_value("")  # not the die typed before
    die(page, move["tests"][0]["roll"])
    expect(page.locator(".live-step-title")).to_contain_text("collision")
    expect(page.locator(".live-step .note")).to_contain_text("Rolled so far")
    page.reload()
    expect(page.locator(".live-step .note")).to_contain_text("Rolled so far: collision 1")
    die(page, move["tests"][1]["roll"])
    table = stored(page, table, 2)
    assert table.rows.get(index=1).body == engine.engine_table(table).log()["turns"][0]["moves"][1]
    assert table.rows.get(index=1).body["tests"] == move["tests"]
    assert not page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('live-draft-'))")

    # The red flag falls at the end of turn 2 (six dangerous squares before the first corner's
    # end): the restart. A car ticked to stop under the flag is sent to the engine, which says
    # that a restart from the start repairs every car for free; the table is unchanged.
    table = table_at_from(night, table, 6)
    page.reload()
    expect(page.locator(".live-step-title")).to_contain_text("Red flag")
    box = page.locator('[data-restart-car="5"]')
    box.locator('input[name="stop-5"]').tap()
    box.locator('select[name="tyres-5"]').select_option("soft")
    page.get_by_role("button", name="Restart the race").tap()
    expect(page.locator("#live-message")).to_contain_text("no pit stop (A5)")
    table.refresh_from_db()
    assert table.steps == 6
    expect(page.locator(".live-step-title")).to_contain_text("Red flag")
    # the refused restart's form is drawn again, nothing ticked: wait for it before the second tap
    expect(box.locator('input[name="stop-5"]')).not_to_be_checked()
    page.get_by_role("button", name="Restart the race").tap()
    expect(page.locator("#live-message")).to_contain_text("Move stored")
    table.refresh_from_db()
    given = moves_of(night.log)[6][1]
    assert given == {"pits": []}
    assert table.steps == 7 and table.rows.get(index=6).body == given

    # The engine, played directly, gives the same table.
    direct = Table.start(site_header(night, table), night.track, RuleSet.from_options(night.log["options"]))
    for _turn, _rst, m in moves_of(night.log)[:6]:
        direct, _ = play(direct, m)
    direct, _ = restart(direct, given)
    ours = engine.engine_table(table)
    assert ours.log() == direct.log() and ours.verdict().to_json() == direct.verdict().to_json()
    assert ours.to_play == direct.to_play and ours.to_play.car == moves_of(night.log)[7][2]["car"]
    expect(page.locator(".live-gear").first).to_be_visible()
    log = finished_log(night, table)
    assert log["turns"] == night.log["turns"] and verdict(log, night) == verdict(night.log, night)


def test_a_restart_tank_outside_one_to_three_thirds_is_refused_on_the_page(live_server, phone):
    log = golden("advanced/a5-legal-red-flag-restart")
    log["options"] = [*log["options"], "A12"]  # refuelling: the restart's stops take a tank
    night = night_for(log)
    table = table_at(night, 6)  # the red flag has fallen: the restart is due
    page = open_table(phone, live_server, night, table)
    expect(page.locator(".live-step-title")).to_contain_text("Red flag")

    box = page.locator('[data-restart-car="5"]')
    box.locator('input[name="stop-5"]').tap()
    box.locator('input[name="fuel-5"]').fill("4")
    page.get_by_role("button", name="Restart the race").tap()

    expect(page.locator("#live-message")).to_contain_text("1, 2 or 3 thirds")
    expect(box.locator('input[name="fuel-5"]')).to_have_value("4")  # nothing typed is lost
    expect(box.locator('input[name="fuel-5"]')).to_have_attribute("aria-invalid", "true")
    table.refresh_from_db()
    assert table.steps == 6  # nothing sent


def table_at_from(night: Night, table: LiveTable, steps: int) -> LiveTable:
    table.refresh_from_db()
    for n, (_turn, rst, move) in list(enumerate(moves_of(night.log)))[table.steps : steps]:
        assert rst is None
        table, _, _ = services.table_move(table=table, user=night.entrant, move=move, expected=n)
    return table


def test_the_site_dice_are_offered_and_a_move_at_the_roll_typed_by_the_site_is_stored(live_server, phone):
    """Roll for me at a pit stop's d20 goes through to the stops (the page side of site dice)."""
    night = night_for(golden("advanced/x3-legal-wear-point"))
    table = table_at(night, 0)
    page = open_table(phone, live_server, night, table)
    page.locator('.live-gear[data-gear="1"]').tap()
    page.get_by_role("button", name="Roll for me").tap()
    expect(page.locator(".live-step-title")).to_contain_text("Where does it stop?")
    roll = table.site_rolls.get()
    assert roll.die == "1" and re.search(rf"· {roll.roll}$", page.locator(".live-step-title").inner_text())


def test_a_long_stop_with_a_repair_recorded_by_taps(live_server, phone):
    night = night_for(golden("advanced/s3-legal-long-stop-with-repair"))
    table = table_at(night, 6)
    page = open_table(phone, live_server, night, table)
    move = moves_of(night.log)[6][2]
    assert move["pit"] == {"stop": "long", "repair": {"brakes": 1}}

    page.locator(f'.live-gear[data-gear="{move["gear"]}"]').tap()
    page.locator(".live-extras summary").tap()
    page.locator('select[name="pit"]').select_option("long")
    page.locator('input[name="repair-brakes"]').fill("1")
    die(page, move["roll"])
    page.locator(f'.live-stop[data-square="{move["path"][-1]}"]').first.tap()
    table = stored(page, table, 7)

    assert table.rows.get(index=6).body["pit"] == move["pit"]
    ours = finished_log(night, table)
    assert verdict(ours, night) == verdict(night.log, night)


def test_a_spare_car_after_its_drivers_retirement_recorded_by_taps(live_server, phone):
    night = night_for(golden("advanced/a5-legal-spare-car"))
    table = table_at(night, 13)  # turn 8 played; car 7 is out and may take the spare car
    page = open_table(phone, live_server, night, table)
    move = moves_of(night.log)[13][2]
    assert move["option"] == {"spare": {"engine": 1, "body": 1}}

    page.locator('[data-spare="7"]').tap()
    page.locator('select[name="spare-1"]').select_option("engine")
    page.locator('select[name="spare-2"]').select_option("body")
    page.locator('input[name="spare-gear"]').fill(str(move["gear"]))
    page.locator('input[name="spare-roll"]').fill(str(move["roll"]))
    page.locator(f'svg polygon[data-sq="{move["path"][0]}"]').tap()  # a path may be tapped on the board
    path = page.locator('input[name="spare-path"]')
    expect(path).to_have_value(move["path"][0])
    path.fill("")  # ... or left empty: the stops the play API offers the spare car light up
    page.get_by_role("button", name="Play the move").tap()
    stop = page.locator(f'svg polygon.is-stop[data-sq="{move["path"][-1]}"]')
    expect(stop).to_have_count(1)
    expect(page.locator(f'.live-stop[data-square="{move["path"][-1]}"]').first).to_be_visible()
    # Back: the spare form again, the gear and the die kept
    page.get_by_role("button", name="Back").tap()
    expect(page.locator('input[name="spare-gear"]')).to_have_value(str(move["gear"]))
    expect(page.locator('input[name="spare-roll"]')).to_have_value(str(move["roll"]))
    # a reload brings the spare car's half-built move back, though it is not the car to play
    page.reload()
    expect(page.locator("#live-message")).to_contain_text("back where it was")
    expect(page.locator('select[name="spare-2"]')).to_have_value("body")
    expect(page.locator('input[name="spare-roll"]')).to_have_value(str(move["roll"]))
    page.get_by_role("button", name="Play the move").tap()
    stop.tap()  # one tap on the lit square plays its way
    table = stored(page, table, 14)

    assert table.rows.get(index=13).body["option"] == move["option"]
    ours = finished_log(night, table)
    assert ours["turns"] == night.log["turns"] and verdict(ours, night) == verdict(night.log, night)


def _top(page) -> None:
    page.locator('select[name="option-top"]').select_option("1")


def _pedal(page) -> None:
    page.locator('input[name="option-pedal"]').check()


def _reroll(page) -> None:
    page.locator('select[name="xp"]').select_option("reroll")
    page.locator('input[name="xp-natural"]').fill("2")


def _supertop(page) -> None:
    page.locator('input[name="option-supertop"]').check()


def _supercharge(page) -> None:
    page.locator('input[name="option-supercharge"]').check()


def _highwing(page) -> None:
    page.locator('input[name="option-highwing"]').check()


def _minus1(page) -> None:
    page.locator('select[name="xp"]').select_option("minus1")
    page.locator('input[name="xp-natural"]').fill("11")  # the die as first rolled; 10 once spent


@pytest.mark.parametrize(
    ("name", "index", "choose"),
    [
        ("advanced/a19-legal-top", 0, _top),
        ("advanced/a10-legal-pedal", 0, _pedal),
        ("core/x2-legal-reroll", 3, _reroll),
        ("advanced/a16-legal-super-top", 1, _supertop),
        ("advanced/a15-legal-supercharge-in-4th", 3, _supercharge),
        ("advanced/a2-legal-high-wing-corner", 2, _highwing),
        ("core/x2-legal-minus1", 6, _minus1),
    ],
    ids=[
        "A19 top",
        "A10 pedal",
        "X2 driver re-roll",
        "A16 super top",
        "A15 supercharge",
        "A2 high wing",
        "X2 driver -1",
    ],
)
def test_an_option_action_or_a_driver_point_recorded_by_taps(live_server, phone, name, index, choose):
    night = night_for(golden(name))
    table = table_at(night, index)
    page = open_table(phone, live_server, night, table)
    move = moves_of(night.log)[index][2]

    page.locator(f'.live-gear[data-gear="{move["gear"]}"]').tap()
    page.locator(".live-extras summary").tap()
    choose(page)
    die(page, move["roll"])
    page.locator(f'.live-stop[data-square="{move["path"][-1]}"]').first.tap()
    for test in move.get("tests", []):
        expect(page.locator(".live-step-title")).to_contain_text("rolls a d20")
        die(page, test["roll"])
    table = stored(page, table, index + 1)

    body = unnamed_mover(table.rows.get(index=index).body)
    assert {k: body.get(k) for k in ("option", "xp", "tests")} == {
        k: unnamed_mover(move).get(k) for k in ("option", "xp", "tests")
    }
    ours = finished_log(night, table)
    assert turns_of(ours) == turns_of(night.log) and verdict(ours, night) == verdict(night.log, night)


def unnamed_mover(move: dict[str, Any]) -> dict[str, Any]:
    """The move with its tests' `car` left out where it names the mover: the page leaves it out
    (as the format allows), where some golden logs name it."""
    tests = [
        {k: v for k, v in t.items() if not (k == "car" and v == move["car"])} for t in move.get("tests", [])
    ]
    return {**move, "tests": tests} if "tests" in move else move


def turns_of(log: dict[str, Any]) -> list[dict[str, Any]]:
    return [{**turn, "moves": [unnamed_mover(m) for m in turn["moves"]]} for turn in log["turns"]]


def test_seventh_gear_with_its_two_dice_recorded_by_taps(live_server, phone):
    night = night_for(golden("advanced/a13-legal-seventh-gear"))
    table = table_at(night, 13)
    page = open_table(phone, live_server, night, table)
    move = moves_of(night.log)[13][2]
    assert move["gear"] == 7 and move["roll"] == [11, 21]

    page.locator('.live-gear[data-gear="7"]').tap()
    page.locator('input[name="d5"]').fill("11")
    page.locator('input[name="d6"]').fill("21")
    page.locator(".live-seventh button[type=submit]").tap()
    page.locator(f'.live-stop[data-square="{move["path"][-1]}"]').first.tap()
    expect(page.locator(".live-step-title")).to_contain_text("engine")
    die(page, move["tests"][0]["roll"])
    table = stored(page, table, 14)

    ours = finished_log(night, table)
    assert verdict(ours, night) == verdict(night.log, night)


def test_a_drive_through_the_pit_lane_is_one_of_the_stops(live_server, phone):
    night = night_for(golden("advanced/s2-legal-fast-tyre-stop"))
    table = table_at(night, 6)  # before the pit entry
    page = open_table(phone, live_server, night, table)

    page.locator('.live-gear[data-gear="3"]').tap()
    die(page, 6)
    lane = page.locator('.live-stop[data-pit-lane="1"]').first
    expect(lane).to_contain_text("through the pit lane")
    square = lane.get_attribute("data-square")
    lane.tap()
    table = stored(page, table, 7)

    body = table.rows.get(index=6).body
    assert "pit" not in body
    # the engine, asked directly, offers that very way, and the car stopped where the page said
    direct = Table.start(site_header(night, table), night.track, RuleSet.from_options(night.log["options"]))
    for _turn, _rst, m in moves_of(night.log)[:6]:
        direct, _ = play(direct, m)
    offered = [w.move.to_json() for s in stops(direct, 3, 6) for w in s.ways]
    assert any(o.get("path") == body["path"] for o in offered)
    assert any(sq.startswith("PIT-") for sq in body["path"]) and body["path"][-1] == square
    direct, _events = play(direct, body)
    assert engine.engine_table(table).log() == direct.log()
    assert direct.state.car("7").square == square
