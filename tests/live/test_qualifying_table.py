"""Qualifying at the table (issue 24): only the drivers present are timed, in entry order; a car
not timed is a lap not completed (never 0 throws) and starts at the back, in entry order; the
engine refuses a completed lap of 0 throws; the sheet sent sets the grid of the cars present."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from races.models import RaceEntry
from races.services import race_entry_create
from sheets.models import RaceSheet
from tests.factories import EXAMPLE_WEAR, Oval, build_oval, make_driver, make_entry, make_team

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_inline")]


@pytest.fixture
def oval() -> Oval:
    """The oval's race with cars 7 (alice), 3 (bruno) and 8 (chiara) present, entered in that
    order, and car 5 (Dora), entered last, whose driver did not come."""
    oval = build_oval(grid=False)
    race_entry_create(race=oval.race, season_entry=oval.car8, wear=dict(EXAMPLE_WEAR))
    dora = make_entry(oval.season, 5, make_driver("Dora", "dora"), make_team("Écurie Verte", "verte"))
    race_entry_create(race=oval.race, season_entry=dora, wear=dict(EXAMPLE_WEAR))
    oval.race.entries.filter(season_entry=dora).update(dns=True)
    return oval


def url(oval: Oval, name: str = "race-night-qualifying") -> str:
    return reverse(f"live:{name}", kwargs={"pk": oval.race.pk})


def lap(car: str, throws: int = 0, clock: str = "0:00", completed: bool = False) -> dict[str, Any]:
    return {"car": car, "throws": throws, "clock": clock, "exit_squares": 0, "tyres": "hard",
            "weather": "sun", "completed": completed}  # fmt: skip


def laps(*items: dict[str, Any]) -> dict[str, Any]:
    return {"format": "formule-de/qualifying@1", "circuit": "ovale", "laps": list(items)}


# as the page sends them: every car present in entry order, only car 3 timed
ONE_TIMED = laps(lap("7"), lap("3", 20, "3:10", completed=True), lap("8"))


def test_the_page_times_only_the_drivers_present_in_entry_order(oval, client):
    client.force_login(oval.alice)

    response = client.get(url(oval), HTTP_ACCEPT_LANGUAGE="fr")

    html = response.content.decode()
    data = response.context["data"]
    assert [car["car"] for car in data["cars"]] == ["7", "3", "8"]  # car 5 did not come
    assert 'data-lap="5"' not in html
    assert "Ne courent pas ce soir" in html and "Dora" in html
    assert data["labels"]["notTimed"] == "non chronométré"
    # every card starts "not timed"; the grid is confirmed before it is sent
    assert html.count('value="untimed" checked') == 3
    assert "Cette grille sera fixée" in html and "Confirmer la grille et envoyer" in html


def test_untimed_cars_start_at_the_back_in_entry_order(oval, client):
    client.force_login(oval.alice)

    answer = client.post(url(oval, "race-night-qualifying-grid"), ONE_TIMED, content_type="application/json")

    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert [slot["car"] for slot in body["grid"]] == ["3", "7", "8"]
    assert [slot["absolute"] for slot in body["grid"]] == [23, None, None]
    assert body["absolute"] == {"7": None, "3": 23, "8": None}


def test_a_completed_lap_of_no_throw_is_refused_in_plain_words(oval, client):
    client.force_login(oval.alice)
    sheet = laps(lap("7", 0, "1:10", completed=True), lap("3", 20, "3:10", completed=True), lap("8"))

    answer = client.post(
        url(oval, "race-night-qualifying-grid"),
        sheet,
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="fr",
    )

    assert answer.status_code == 400
    body = answer.json()
    assert body["params"]["where"] == "laps[0].throws" and body["code"].startswith("read.")
    assert "laps[0].throws" in body["detail"]


def test_the_sheet_sent_sets_the_grid_of_the_cars_present(oval, client, django_capture_on_commit_callbacks):
    client.force_login(oval.bruno)

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            url(oval, "race-night-qualifying-submit"), ONE_TIMED, content_type="application/json"
        )

    assert response.status_code == 201, response.json()
    sheet = RaceSheet.objects.get(race=oval.race, kind=RaceSheet.Kind.QUALIFYING)
    assert sheet.status == RaceSheet.Status.VALID, sheet.verdict
    slots = dict(
        RaceEntry.objects.filter(race=oval.race).values_list("season_entry__car_number", "grid_slot")
    )
    assert slots == {3: 1, 7: 2, 8: 3, 5: None}  # the non-partant has no slot


def test_a_sheet_leaving_out_a_driver_not_marked_absent_is_invalid(
    oval, client, django_capture_on_commit_callbacks
):
    oval.race.entries.update(dns=False)
    client.force_login(oval.bruno)

    with django_capture_on_commit_callbacks(execute=True):
        client.post(url(oval, "race-night-qualifying-submit"), ONE_TIMED, content_type="application/json")

    sheet = RaceSheet.objects.get(race=oval.race, kind=RaceSheet.Kind.QUALIFYING)
    assert sheet.status == RaceSheet.Status.INVALID
    assert [(v["code"], v["car"]) for v in sheet.verdict["violations"]] == [("site.car_missing", "5")]
