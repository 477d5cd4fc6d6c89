"""The race-night page on a real board: the board's picture under its squares, the squares named
as the table names them (in the reader's language), the ids kept for the log; on a demo circuit,
the drawing as before with the names added."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from live.services import table_create
from tests.live.board_night import board_night

pytestmark = pytest.mark.django_db


def table_page(client, table_pk: int, lang: str = "en") -> tuple[str, dict]:  # noqa: ANN001
    html = client.get(
        reverse("live:race-night-table", kwargs={"pk": table_pk}), HTTP_ACCEPT_LANGUAGE=lang
    ).content.decode()
    data = json.loads(html.split('id="live-data" type="application/json">')[1].split("</script>")[0])
    return html, data


def test_the_board_is_drawn_on_its_picture_with_a_way_to_see_it_whole(client):
    night = board_night()
    client.force_login(night.entrant)

    html, data = table_page(client, night.table.pk)

    assert data["picture"] is True
    assert f'href="{night.circuit.image.url}"' in html
    assert 'class="live-map has-picture is-zoomed"' in html
    assert 'data-action="zoom"' in html and "Whole board" in html


def test_the_squares_are_named_as_the_table_names_them_and_keep_their_ids(client):
    night = board_night()
    client.force_login(night.entrant)

    html, data = table_page(client, night.table.pk)

    assert data["names"]["L5-b"] == "Épingle Est b1"
    assert data["names"]["L28-b"] == "after Virage Ouest, b4"
    assert 'data-sq="L5-b" points="' in html and 'data-name="Épingle Est b1"' in html
    # car 7 on pole: its dashboard says where in words, its id beside them
    dash = html.split('data-dash="7"')[1].split("</li>")[0]
    assert "after Virage Ouest, b4" in dash and '<span class="note" data-square>L28-b</span>' in dash
    assert data["labels"]["stop"] == "Stop: {square}"


def test_the_names_are_in_the_readers_language(client):
    night = board_night()

    html, data = table_page(client, night.table.pk, lang="fr")

    assert data["names"]["L28-b"] == "après Virage Ouest, b4"
    assert data["names"]["L5-b"] == "Épingle Est b1"
    assert data["labels"]["stop"] == "Arrêt : {square}"


def test_the_board_without_its_picture_is_drawn_whole_at_its_positions(client):
    night = board_night(picture=False)

    html, data = table_page(client, night.table.pk)

    assert data["picture"] is False
    assert "<image" not in html
    # a drawn board is framed on the car on a phone too (live.js): its zoom button starts hidden
    assert re.search(r'<button[^>]*data-action="zoom"[^>]*hidden', html)
    assert 'data-sq="L5-b"' in html


def test_a_demo_circuit_is_drawn_as_before_with_its_squares_named(oval, client, examples_dir):
    log = json.loads((examples_dir / "race-ovale-valid.json").read_text())
    header = {k: v for k, v in log.items() if k not in ("turns", "result")}
    table = table_create(race=oval.race, user=oval.alice, header=header)

    html, data = table_page(client, table.pk)

    assert data["picture"] is False and "has-picture" not in html and "<image" not in html
    assert data["names"]["S3-b6"] == "after T2, b6"
    assert data["pitLane"] == [f"PIT-{n}" for n in range(1, 7)]
    assert 'class="finish"' in html
