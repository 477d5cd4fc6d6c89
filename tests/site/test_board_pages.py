"""The circuit page and the replay on a board traced on its picture: the picture under the squares,
the squares named as the table names them, the ids kept in the attributes."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from sheets.models import RaceSheet
from tests.factories import make_steward
from tests.live.board_night import FIRST_MOVE, board_circuit, board_night
from tests.races.replay_setup import submit

pytestmark = pytest.mark.django_db


def test_the_circuit_page_shows_the_board_on_its_picture(client):
    circuit = board_circuit()

    html = client.get(circuit.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert 'class="circuit-map has-picture"' in html
    assert f'href="{circuit.image.url}"' in html
    assert 'data-sq="L5-b"' in html and "<title>Épingle Est b1</title>" in html
    assert "each square traced on it" in html
    # the corners in race order, by their names; the lap as long as the board's highest level
    corners = html[html.index('id="corners-title"') :]
    assert corners.index("Épingle Est") < corners.index("Virage Ouest")
    assert re.search(r"Lap length</dt><dd>\s*28 squares", html)


def test_the_circuit_page_of_a_demo_circuit_is_drawn_as_before(client):
    from tests.factories import make_circuit

    circuit = make_circuit()

    html = client.get(circuit.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "has-picture" not in html and "<image" not in html
    assert "Corners are shaded" in html
    assert 'data-name="after T2, b6"' in html


def test_the_replay_draws_the_board_on_its_picture_and_names_where_each_car_stopped(client):
    night = board_night()
    log = {
        **night.header,
        "turns": [
            {"turn": 1, "moves": [FIRST_MOVE, {"car": "3", "gear": 1, "roll": 2, "path": ["L1-a", "L2-a"]}]}
        ],
    }
    sheet = submit(night.table.race, log, make_steward())
    assert sheet.status in (RaceSheet.Status.VALID, RaceSheet.Status.INVALID)

    url = reverse("sheets:race-replay", args=[night.table.race_id]) + f"?sheet={sheet.pk}"
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert 'class="circuit-map has-picture"' in html and f'href="{night.circuit.image.url}"' in html
    assert '<span class="move-to" data-square="L2-b">→ after Virage Ouest, b6</span>' in html
    data = re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', html, re.S)
    assert data and '"L2-a": "after Virage Ouest, a6"' in data.group(1)
