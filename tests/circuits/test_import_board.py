"""Importing a board file in the site: a GP Online track file (with or without its picture) or a
circuit JSON document (`@1`, `@2`) becomes a draft holding its `@2` document, opened in the editor."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from PIL import Image

from circuits.models import BoardDraft
from rules.circuits import CIRCUIT_FORMAT_V2, problems
from tests.circuits import known_board as kb
from tests.circuits.import_files import (
    PETIT_STADE,
    STADIUM,
    board_file,
    picture,
    post_import,
    v1_json,
    v2_document,
)

pytestmark = pytest.mark.django_db


def _imported(response) -> BoardDraft:
    assert response.status_code == 302, response.content.decode()[:2000]
    draft = BoardDraft.objects.get()
    assert response["Location"] == draft.get_absolute_url()
    return draft


def _editor(client, draft) -> str:
    response = client.get(reverse("circuits:editor", kwargs={"pk": draft.pk}))
    assert response.status_code == 200
    return response.content.decode()


def test_a_gp_online_file_with_its_picture_is_drawn_on_the_picture(admin_client) -> None:
    # The file names "petit-stade.png"; the picture sent is "scan.png": still the board's picture.
    draft = _imported(
        post_import(admin_client, board_file(PETIT_STADE, "petit-stade.dat"), image=picture(1200, 500))
    )

    assert (draft.slug, draft.name, draft.source) == ("petit-stade", "petit-stade", "gpo")
    assert (draft.width, draft.height) == (1200, 500)
    doc = draft.document
    assert doc["format"] == CIRCUIT_FORMAT_V2 and doc["id"] == "petit-stade"
    assert doc["image"] == {"src": draft.image.name.rsplit("/", 1)[-1], "width": 1200, "height": 500}
    assert doc["weather"] == {"rain": [1, 4], "variable": [5, 8], "sun": [9, 20]}  # the CLI's default
    assert all("x" in sq and "y" in sq for sq in doc["squares"])
    assert draft.problems == [] and problems(doc) == []
    with draft.image.open("rb") as stored:
        assert Image.open(stored).size == (1200, 500)
    page = _editor(admin_client, draft)
    assert 'viewBox="0 0 1200 500"' in page and "<image " in page
    assert 'id="imported-note"' in page and "GP Online" in page


def test_a_gp_online_file_without_a_picture_is_drawn_around_its_squares(admin_client) -> None:
    response = post_import(
        admin_client, board_file(PETIT_STADE, "petit-stade.dat"), slug="stade", name="Petit stade"
    )

    draft = _imported(response)
    assert (draft.slug, draft.name, draft.image.name) == ("stade", "Petit stade", "")
    assert "image" not in draft.document and draft.document["name"] == "Petit stade"
    page = _editor(admin_client, draft)
    assert "<image " not in page and 'class="blank-board"' in page
    xs = [sq["x"] for sq in draft.document["squares"]]
    assert f'viewBox="{min(xs) - 40:g} ' in page  # the page frames the squares
    assert admin_client.get(reverse("circuits:image", kwargs={"pk": draft.pk})).status_code == 404


def test_the_weather_scale_typed_is_the_board_s(admin_client) -> None:
    scale = {
        "rain_from": 17,
        "rain_to": 20,
        "variable_from": 13,
        "variable_to": 16,
        "sun_from": 1,
        "sun_to": 12,
    }

    draft = _imported(post_import(admin_client, board_file(STADIUM, "stadium.dat"), **scale))

    assert draft.document["weather"] == {"rain": [17, 20], "variable": [13, 16], "sun": [1, 12]}
    assert "rain 17–20, variable 13–16, sun 1–12" in _editor(admin_client, draft)


def test_an_at_1_document_is_compiled_into_its_at_2_form(admin_client) -> None:
    draft = _imported(post_import(admin_client, board_file(v1_json(), "essai.json")))

    assert (draft.slug, draft.name, draft.source) == ("essai", "Essai", "json")
    doc = draft.document
    assert doc["format"] == CIRCUIT_FORMAT_V2 and doc["weather"] == kb.WEATHER
    assert {sq["id"] for sq in doc["squares"]} >= {"S1-a1", "T1-a1", "PIT-1"}
    assert draft.problems == []
    # No square has a place: the editor lays them on the site's ring, for itself only.
    assert not any("x" in sq for sq in doc["squares"])
    page = _editor(admin_client, draft)
    positions = json.loads(
        page.split('id="board-positions" type="application/json">')[1].split("</script>")[0]
    )
    assert set(positions) == {sq["id"] for sq in doc["squares"]}


def test_an_at_2_document_keeps_its_squares_with_a_new_id_and_name(admin_client) -> None:
    source = v2_document()
    response = post_import(
        admin_client,
        board_file(json.dumps(source).encode(), "trace.json"),
        image=picture(kb.WIDTH, kb.HEIGHT, "board.jpg.png"),
        slug="essai-2",
        name="Essai bis",
    )

    draft = _imported(response)
    doc = draft.document
    assert (doc["id"], doc["name"], draft.source) == ("essai-2", "Essai bis", "json")
    assert doc["squares"] == source["squares"] and doc["edges"] == source["edges"]
    assert doc["image"]["width"] == kb.WIDTH and doc["image"]["src"] != "essai.png"
    assert draft.problems == []


def test_an_imported_board_with_problems_opens_with_them_on_their_squares(admin_client) -> None:
    source = v2_document()
    source["edges"] = [e for e in source["edges"] if e[0] != source["grid"][0]]

    draft = _imported(post_import(admin_client, board_file(json.dumps(source).encode(), "broken.json")))

    assert draft.problems
    state = admin_client.get(reverse("circuits:draft", kwargs={"pk": draft.pk})).json()
    assert state["imported"] == "json"
    assert any(p["square"] == source["grid"][0] and p["text"] for p in state["problems"])


def test_the_arrow_tool_and_the_laps_change_an_imported_board_and_nothing_else(admin_client) -> None:
    draft = _imported(post_import(admin_client, board_file(STADIUM, "stadium.dat")))
    edge = draft.document["edges"][0]
    trace = {"laps": 5, "edges_remove": [edge], "pieces": [{"kind": "straight"}], "grid": []}

    response = admin_client.post(
        reverse("circuits:draft", kwargs={"pk": draft.pk}),
        json.dumps({"trace": trace, "name": "Stade"}),
        content_type="application/json",
    )

    assert response.status_code == 200, response.content
    draft.refresh_from_db()
    assert draft.trace == {"laps": 5, "edges_remove": [edge]}  # the tracing pieces are not taken
    assert draft.document["laps"] == 5 and draft.document["name"] == "Stade"
    assert edge not in draft.document["edges"]
    assert draft.document["squares"] == draft.imported["squares"]
    assert draft.document["grid"] == draft.imported["grid"]
    page = _editor(admin_client, draft)
    assert 'value="straight" disabled' in page and 'value="arrow" checked' in page
