"""The replay viewer on the race page and on its own page, and the map on the circuit page."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from sheets.models import RaceSheet
from tests.races.replay_setup import Oval, build_oval, last_squares, make_steward, submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def oval() -> Oval:
    return build_oval(make_steward())


@pytest.fixture
def example_log(examples_dir) -> dict:
    return json.loads((examples_dir / "race-ovale-valid.json").read_text(encoding="utf-8"))


def drawn_cars(html: str) -> dict[str, str]:
    """{car: square} of the car discs in the page's SVG."""
    return dict(re.findall(r'<g class="car [^"]*" data-car="([^"]+)" data-square="([^"]+)"', html))


def replay_data(html: str) -> dict:
    match = re.search(r'<script id="replay-data" type="application/json">(.*?)</script>', html, re.S)
    assert match, "no replay data in the page"
    return json.loads(match.group(1))


def test_a_race_without_a_sheet_has_no_replay(client, oval):
    html = client.get(oval.race.get_absolute_url()).content.decode()

    assert "data-replay" not in html
    assert "replay.js" not in html
    assert client.get(reverse("sheets:race-replay", args=[oval.race.pk])).status_code == 404


def test_an_invalid_sheet_gives_no_replay(client, oval, examples_dir):
    sheet = submit(oval.race, (examples_dir / "race-ovale-gear-skip.json").read_bytes(), oval.steward)
    assert sheet.status == RaceSheet.Status.INVALID

    html = client.get(oval.race.get_absolute_url()).content.decode()

    assert "data-replay" not in html
    assert client.get(reverse("sheets:race-replay", args=[oval.race.pk])).status_code == 404


def test_a_valid_sheet_puts_the_viewer_on_the_race_page(client, oval, example_log):
    submit(oval.race, example_log, oval.steward)

    html = client.get(oval.race.get_absolute_url()).content.decode()

    assert "data-replay" in html and "js/replay.js" in html and "css/circuit.css" in html
    data = replay_data(html)
    assert [turn["turn"] for turn in data["turns"]] == list(range(1, 10))
    assert {"S1-b1", "T1-a1", "PIT-1"} <= set(data["centres"])
    assert data["labels"]["turn"].count("{turn}") == 1
    # Without JavaScript: the cars stand where the race ended, the controls stay hidden.
    assert drawn_cars(html) == last_squares(example_log)
    assert re.search(r'<div class="replay-controls" data-replay-controls hidden>', html)
    assert 'aria-live="polite"' in html
    assert f'max="{len(data["turns"])}"' in html
    assert reverse("sheets:race-replay", args=[oval.race.pk]) in html


def test_without_javascript_every_turn_with_events_is_listed(client, oval, example_log):
    submit(oval.race, example_log, oval.steward)

    html = client.get(reverse("sheets:race-replay", args=[oval.race.pk])).content.decode()

    details = html[html.index('<details class="replay-all">') : html.index("</details>")]
    assert details.count("ev-finished") == 2  # cars 7 and 3 cross the line
    assert '<li value="8" id="turn-8">' in details and '<li value="9" id="turn-9">' in details
    assert "Alice Martin" in details and "Bruno Lefèvre" in details


def test_the_replay_page_has_the_viewer_and_a_way_back(client, oval, example_log):
    submit(oval.race, example_log, oval.steward)

    response = client.get(reverse("sheets:race-replay", args=[oval.race.pk]))

    assert response.status_code == 200
    html = response.content.decode()
    assert drawn_cars(html) == last_squares(example_log)
    assert oval.race.get_absolute_url() in html
    assert html.count('data-action="') == 5  # grid, back, play, next car, forward


def test_the_circuit_page_draws_the_circuit(client, oval):
    html = client.get(oval.race.circuit.get_absolute_url()).content.decode()

    assert '<svg class="circuit-map"' in html
    assert html.count('<polygon class="sq ') == 3 * (8 + 10 + 6) + 2 * (3 + 4 + 5) + 6
    assert "data-car" not in html


def test_a_circuit_that_cannot_be_drawn_leaves_the_page_standing(client, oval):
    circuit = oval.race.circuit
    type(circuit).objects.filter(pk=circuit.pk).update(document={**circuit.document, "segments": []})

    response = client.get(circuit.get_absolute_url())

    assert response.status_code == 200
    assert '<svg class="circuit-map"' not in response.content.decode()
