"""The race-night set-up gives each car its pit stand (S2, S3: no stop is possible without one)
and, when the season plays refuelling (A12), its tank at the start; a wrong one is refused in
plain words and nothing is made."""

from __future__ import annotations

import pytest
from django.urls import reverse

from live import engine
from live.models import LiveTable
from tests.factories import Oval
from tests.live.test_pages_race_night import live_url, setup_data

pytestmark = pytest.mark.django_db


def refuelling(oval: Oval) -> Oval:
    oval.season.options = [*oval.season.options, "A12"]
    oval.season.save()
    return oval


def test_each_car_is_offered_a_stand_in_grid_order_and_no_tank_without_a12(oval, client):
    client.force_login(oval.alice)
    html = client.get(live_url(oval), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert 'name="car-7-stand"' in html and 'name="car-3-stand"' in html
    assert (
        '<option value="PIT-1" selected>PIT-1</option>'
        in html.split('name="car-7-stand"')[1].split("</select>")[0]
    )
    assert (
        '<option value="PIT-2" selected>PIT-2</option>'
        in html.split('name="car-3-stand"')[1].split("</select>")[0]
    )
    assert "car-7-fuel" not in html


def test_the_stand_and_the_tank_go_into_the_header_the_engine_starts_from(oval, client):
    client.force_login(refuelling(oval).alice)
    page = client.get(live_url(oval), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Réservoir au départ (en tiers, 1–3)" in page and "Stand" in page

    response = client.post(
        live_url(oval), setup_data(**{"car-7-stand": "PIT-3", "car-7-fuel": 1, "car-3-stand": "PIT-4"})
    )

    assert response.status_code == 302
    table = LiveTable.objects.get(race=oval.race)
    seven, three = table.header["cars"]
    assert (seven.get("stand"), seven.get("fuel")) == ("PIT-3", 1)
    assert (three.get("stand"), "fuel" in three) == ("PIT-4", False)  # empty: a full tank
    state = engine.engine_table(table).state
    assert state.car("7").ext.fuel == 1 and state.car("7").wear.tyres == 4 + 3  # lap 1 on a third: +3
    assert response["Location"] == reverse("live:race-night-table", kwargs={"pk": table.pk})


def test_a_tank_of_four_thirds_or_a_stand_off_the_circuit_is_refused_and_nothing_is_made(oval, client):
    client.force_login(refuelling(oval).alice)
    response = client.post(
        live_url(oval),
        setup_data(**{"car-7-fuel": 4, "car-3-stand": "PIT-9"}),
        HTTP_ACCEPT_LANGUAGE="en",
    )

    html = response.content.decode()
    assert response.status_code == 400
    assert "less than or equal to 3" in html
    assert "Select a valid choice. PIT-9 is not one of the available choices." in html
    assert not LiveTable.objects.exists()
