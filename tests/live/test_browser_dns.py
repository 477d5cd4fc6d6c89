"""Race night at a real table, in French at phone size (issue 24): a race of 10 entries raced by the
3 drivers who came. The 7 others are unticked on the set-up (saved as they are ticked); qualifying
times one lap, the 2 untimed cars start at the back in entry order, and the grid is confirmed
before it is sent; the set-up starts the race with the 3 cars; the race is played to its end
through the API (the bot's moves, from the same grid) and finished; the results show the 7 absent
as non-partants (NP)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from config.celery_app import app as celery_app
from live.models import LiveTable
from races.models import RaceEntry, Result
from races.services import race_entry_create
from rules.bot import write_race
from rules.track import load_circuit
from sheets.models import RaceSheet
from tests.factories import (
    make_circuit,
    make_driver,
    make_entry,
    make_race,
    make_season,
    make_team,
    make_user,
    wide_oval_document,
)
from tests.live.conftest import moves_of
from tests.site.conftest import (  # noqa: F401 - pytest-playwright's fixtures, Chromium's
    browser_context_args,
    browser_type_launch_args,
    session_cookie,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PRESENT = ("1", "2", "3")  # the bot's cars; the others did not come
# the order the cars entered the season: the present ones spread among the absent
ENTRY_ORDER = ("1", "4", "5", "6", "2", "7", "8", "3", "9", "10")


@pytest.fixture
def no_throttle(monkeypatch):
    monkeypatch.setattr(
        ScopedRateThrottle, "THROTTLE_RATES", {**ScopedRateThrottle.THROTTLE_RATES, "tables": None}
    )


@pytest.fixture
def league(browser_type_launch_args, no_throttle):  # noqa: F811
    """A season of 10 cars and its race on a 10-car grid; the bot's 3-car race on that board
    gives the present cars' builds, tyres, the weather and the moves."""
    saved = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    document = wide_oval_document()
    log = write_race(load_circuit(document), cars=3, laps=1, seed=4, options=())
    season = make_season(options=[], laps_per_race=1)
    race = make_race(season, 1, circuit=make_circuit(document))
    header = {car["car"]: car for car in log["cars"]}
    alice = make_user("alice")
    teams = [make_team(f"Écurie {n}", f"ecurie-{n}") for n in range(1, 6)]
    for n, car in enumerate(ENTRY_ORDER):
        bot = header.get(car)
        driver = make_driver(f"Pilote {car}", f"pilote-{car}", user=alice if car == "1" else None)
        entry = make_entry(season, int(car), driver, teams[n // 2])
        race_entry_create(
            race=race,
            season_entry=entry,
            wear=dict(bot["wear"]) if bot else {},
            tyres=bot["tyres"] if bot else "hard",
        )
    yield race, log, alice
    celery_app.conf.task_always_eager = saved


@pytest.fixture
def phone(browser, live_server, league):
    _race, _log, alice = league
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="fr-FR"
    )
    context.add_cookies(session_cookie(live_server, alice))
    yield context.new_page()
    context.close()


def test_three_drivers_of_ten_race_and_the_absent_are_non_partants(live_server, phone, league):
    race, log, alice = league
    page = phone

    # Set-up: every driver ticked; the 7 who did not come are unticked, saved at once.
    page.goto(live_server.url + f"/races/{race.pk}/live/")
    expect(page.get_by_role("heading", name="Qui court ce soir ?")).to_be_visible()
    for car in ENTRY_ORDER:
        if car not in PRESENT:
            page.locator(f'input[name="car-{car}-races"]').tap()
            expect(page.locator(f'fieldset[data-car="{car}"]')).to_be_hidden()
    page.locator('input[name="car-4-races"]').tap()  # ticked by mistake, then unticked again
    expect(page.locator('fieldset[data-car="4"]')).to_be_visible()
    expect(page.locator("[data-who-status]")).to_have_text(
        "Enregistré : 4 partants sur 10, 6 non-partants (NP)"
    )
    page.locator('input[name="car-4-races"]').tap()
    expect(page.locator('fieldset[data-car="4"]')).to_be_hidden()
    expect(page.locator("[data-who-status]")).to_have_text(
        "Enregistré : 3 partants sur 10, 7 non-partants (NP)"
    )
    assert set(race.entries.filter(dns=True).values_list("season_entry__car_number", flat=True)) == {
        int(car) for car in ENTRY_ORDER if car not in PRESENT
    }

    # Qualifying: the 3 present only, in entry order; car 1's lap timed, cars 2 and 3 not.
    page.locator("[data-qualifying-link]").tap()
    expect(page.locator("[data-lap]")).to_have_count(3)
    assert [page.locator("[data-lap]").nth(i).get_attribute("data-lap") for i in range(3)] == ["1", "2", "3"]
    expect(page.locator('[data-lap="1"] [data-absolute]')).to_have_text(
        "non chronométré · part en fond de grille"
    )
    expect(page.locator('[data-lap="3"] [data-absolute]')).to_have_text(
        "non chronométré · part en fond de grille"
    )
    page.locator('[data-lap="1"] [data-action="clock"]').tap()
    for _ in range(17):
        page.locator('[data-lap="1"] [data-action="throws+"]').tap()
    page.locator('[data-lap="1"] [data-action="clock"]').tap()
    expect(page.locator('[data-lap="1"] [data-absolute]')).to_have_text("Temps absolu : 17")
    expect(page.locator("#live-grid li").first).to_have_attribute("data-grid-car", "1")

    # Sending shows the grid it makes, to be confirmed: the untimed at the back, in entry order.
    page.locator('[data-action="review"]').tap()
    confirm = page.locator("#live-grid-confirm")
    expect(confirm).to_be_visible()
    slots = confirm.locator("li")
    expect(slots).to_have_count(3)
    assert [slots.nth(i).get_attribute("data-grid-car") for i in range(3)] == ["1", "2", "3"]
    expect(slots.nth(1)).to_contain_text("non chronométré · part en fond de grille")
    expect(slots.nth(2)).to_contain_text("non chronométré · part en fond de grille")
    page.locator('#live-grid-confirm [data-action="submit"]').tap()
    page.wait_for_url("**/sheets/*/")
    sheet = RaceSheet.objects.get(race=race, kind=RaceSheet.Kind.QUALIFYING)
    assert sheet.status == RaceSheet.Status.VALID, sheet.verdict
    assert [(lap["car"], lap["completed"]) for lap in sheet.log["laps"]] == [
        ("1", True),
        ("2", False),
        ("3", False),
    ]
    grid = dict(RaceEntry.objects.filter(race=race).values_list("season_entry__car_number", "grid_slot"))
    assert grid == {1: 1, 2: 2, 3: 3} | {int(car): None for car in ENTRY_ORDER if car not in PRESENT}

    # The set-up again: the 3 present with their slots, the weather the table rolled; start.
    page.goto(live_server.url + f"/races/{race.pk}/live/")
    for car, slot in (("1", "1"), ("2", "2"), ("3", "3")):
        expect(page.locator(f'input[name="car-{car}-grid"]')).to_have_value(slot)
    page.locator('input[name="weather"]').fill(str(log["weather"]["race"]))
    page.get_by_role("button", name="Lancer la course").tap()
    page.wait_for_url("**/live/tables/*/")
    table = LiveTable.objects.get(race=race)
    assert [car["car"] for car in table.header["cars"]] == ["1", "2", "3"]

    # The race played to its end through the API: the bot's moves, from the same grid.
    played = replay_bot_race(race, log, table, alice)
    assert played.status == RaceSheet.Status.VALID, played.verdict["violations"][:3]

    # The results: the 3 who raced, then the 7 non-partants, NP on the race page.
    results = list(Result.objects.filter(race=race).order_by("position"))
    assert [r.status for r in results][3:] == [Result.Status.DNS] * 7
    page.goto(live_server.url + race.get_absolute_url())
    expect(page.locator("abbr.badge-dns")).to_have_count(7)
    expect(page.locator("abbr.badge-dns").first).to_have_text("NP")


def replay_bot_race(race, log, table, user) -> RaceSheet:  # noqa: ANN001 - the test's rows
    """The bot's moves posted to the table, then finished (the table's header has the bot's cars,
    grid, builds, tyres and weather)."""
    client = APIClient()
    client.force_authenticate(user)
    for steps, (_turn, restart, move) in enumerate(moves_of(log)):
        kind, key, body = ("restart", "restart", restart) if restart else ("moves", "move", move)
        answer = client.post(f"/api/tables/{table.pk}/{kind}/", {key: body, "expected": steps}, format="json")
        assert answer.status_code == 201, (steps, answer.json())
    finished = client.post(f"/api/tables/{table.pk}/finish/")
    assert finished.status_code == 201, finished.json()
    return RaceSheet.objects.get(pk=finished.json()["sheet"])
