"""Qualifying at the table: the page, the engine's grid as the laps are typed, the sheet sent."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from races.models import RaceEntry
from sheets.models import RaceSheet
from tests.factories import Oval, build_oval

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_inline")]


@pytest.fixture
def oval() -> Oval:
    return build_oval(grid=False)


def url(oval: Oval, name: str = "race-night-qualifying") -> str:
    return reverse(f"live:{name}", kwargs={"pk": oval.race.pk})


def example_laps(examples_dir) -> dict:
    return json.loads((examples_dir / "qualifying-ovale.json").read_text())


def test_the_page_is_for_entrants_and_stewards(oval, client):
    assert client.get(url(oval)).status_code == 302  # to the login
    client.force_login(oval.chiara)
    assert client.get(url(oval)).status_code == 403
    assert (
        client.post(
            url(oval, "race-night-qualifying-submit"), {}, content_type="application/json"
        ).status_code
        == 403
    )
    client.force_login(oval.steward)
    assert client.get(url(oval)).status_code == 200
    client.force_login(oval.alice)
    html = client.get(url(oval), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'data-lap="7"' in html and 'data-lap="3"' in html
    assert "Lancer le chrono" in html


def test_the_grid_is_the_engines_as_the_laps_are_typed(oval, client, examples_dir):
    client.force_login(oval.alice)
    sheet = example_laps(examples_dir)

    answer = client.post(
        url(oval, "race-night-qualifying-grid"), sheet, content_type="application/json"
    ).json()

    # car 7: 18 throws + 2 overshoot squares + 4 whole minutes; car 3: 20 + 0 + 3
    assert answer["absolute"] == {"7": 24, "3": 23}
    assert [slot["car"] for slot in answer["grid"]] == ["3", "7"]


def test_bad_laps_are_told_in_plain_words(oval, client, examples_dir):
    client.force_login(oval.alice)
    sheet = example_laps(examples_dir)
    sheet["laps"][0]["clock"] = "four minutes"

    response = client.post(url(oval, "race-night-qualifying-grid"), sheet, content_type="application/json")
    assert response.status_code == 400
    assert "clock" in response.json()["detail"]
    garbage = client.post(url(oval, "race-night-qualifying-grid"), "[", content_type="application/json")
    assert garbage.status_code == 400


def test_the_laps_sent_become_the_qualifying_sheet_and_set_the_grid(
    oval, client, examples_dir, django_capture_on_commit_callbacks
):
    client.force_login(oval.bruno)

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            url(oval, "race-night-qualifying-submit"),
            example_laps(examples_dir),
            content_type="application/json",
        )

    assert response.status_code == 201
    sheet = RaceSheet.objects.get(race=oval.race, kind=RaceSheet.Kind.QUALIFYING)
    assert response.json()["page"] == sheet.get_absolute_url()
    assert sheet.status == RaceSheet.Status.VALID
    slots = dict(
        RaceEntry.objects.filter(race=oval.race).values_list("season_entry__car_number", "grid_slot")
    )
    assert slots == {3: 1, 7: 2}
