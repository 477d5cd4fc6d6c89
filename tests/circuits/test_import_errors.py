"""A board file that cannot be imported: a clear error on the form, in the reader's language,
nothing stored, what was typed kept."""

from __future__ import annotations

import json
from html import unescape

import pytest
from django.urls import reverse

from circuits.models import BoardDraft
from tests.circuits.conftest import upload
from tests.circuits.import_files import (
    PETIT_STADE,
    STADIUM,
    board_file,
    picture,
    post_import,
    v1_json,
    v2_document,
)
from tests.factories import make_circuit

pytestmark = pytest.mark.django_db
TYPED = {"slug": "mon-stade", "name": "Mon stade"}


def _refused(response, field: str) -> str:
    """The form's error under `field`, once the page says nothing was imported."""
    assert response.status_code == 400
    assert not BoardDraft.objects.exists()
    page = unescape(response.content.decode())
    assert 'id="import-error"' in page
    # What was typed comes back.
    assert 'value="mon-stade"' in page and 'value="Mon stade"' in page
    return page.split(f'id="import-error-{field}">')[1].split("</ul>")[0]


def test_a_file_that_is_not_a_board_is_refused(admin_client) -> None:
    png = picture().read()

    error = _refused(post_import(admin_client, board_file(png, "board.dat"), **TYPED), "board_file")

    assert "This is not a board file" in error and "not UTF-8" in error


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b'{"format": "formule-de/race-log@1"}', "its format is 'formule-de/race-log@1'"),
        (b"[1, 2]", "it names no format"),
        (b'{"format": ', "not JSON"),
    ],
)
def test_json_that_is_not_a_circuit_is_refused(admin_client, content, said) -> None:
    error = _refused(post_import(admin_client, board_file(content, "x.json"), **TYPED), "board_file")

    assert "This is not a board file" in error and said in error


def test_an_at_1_document_the_engine_refuses_names_its_field(admin_client) -> None:
    response = post_import(admin_client, board_file(v1_json(grid=["S3-b6", "S9-b1"]), "x.json"), **TYPED)

    assert "grid[1]: unknown square 'S9-b1'" in _refused(response, "board_file")


def _bad_line(data: bytes) -> tuple[bytes, int]:
    lines = data.decode().splitlines()
    lines[3] = "4 left 70 1"  # the third square's X is not a number
    return ("\n".join(lines) + "\n").encode(), 4


def test_a_gp_online_file_with_a_bad_line_names_the_line_in_english(admin_client) -> None:
    data, line = _bad_line(PETIT_STADE)

    error = _refused(post_import(admin_client, board_file(data, "petit-stade.dat"), **TYPED), "board_file")

    assert f"GP Online track file, line {line}: X must be a number, got 'left'" in error


def test_a_gp_online_file_with_a_bad_line_names_the_line_in_french(admin_client) -> None:
    admin_client.cookies["django_language"] = "fr"
    data, line = _bad_line(PETIT_STADE)

    error = _refused(post_import(admin_client, board_file(data, "petit-stade.dat"), **TYPED), "board_file")

    assert f"ligne {line}" in error and "X doit être un nombre" in error


@pytest.mark.parametrize(
    ("scale", "said"),
    [
        ({"rain_to": 5, "variable_from": 5}, "the three ranges must cover 1–20 exactly once"),
        ({"sun_to": 19}, "the three ranges must cover 1–20 exactly once"),
        ({"sun_to": ""}, "Give the three ranges of the weather scale, or none."),
        ({"sun_to": 21}, "weather.sun[1]"),
    ],
)
def test_a_weather_scale_that_does_not_cover_1_to_20_is_refused(admin_client, scale, said) -> None:
    fields = {"rain_from": 1, "rain_to": 4, "variable_from": 5, "variable_to": 8, "sun_from": 9, "sun_to": 20}
    fields |= scale

    response = post_import(admin_client, board_file(STADIUM, "stadium.dat"), **TYPED, **fields)

    assert said in _refused(response, "weather")
    page = response.content.decode()
    assert (
        f'name="rain_to" min="1" max="20" inputmode="numeric" placeholder="4" value="{fields["rain_to"]}"'
        in page
    )


def test_a_picture_that_is_not_an_image_is_refused(admin_client) -> None:
    response = post_import(
        admin_client,
        board_file(PETIT_STADE, "petit-stade.dat"),
        image=upload(b"%PDF-1.4 not a picture", "petit-stade.png"),
        **TYPED,
    )

    assert "not a JPEG, PNG or WebP image" in _refused(response, "image")


def test_a_picture_of_another_size_than_the_board_s_is_refused(admin_client) -> None:
    response = post_import(
        admin_client,
        board_file(json.dumps(v2_document()).encode(), "t.json"),
        image=picture(600, 400),
        **TYPED,
    )

    assert "placed on a picture of 1100 × 700 pixels; this one is 600 × 400" in _refused(response, "image")


def test_a_board_without_places_takes_no_picture(admin_client) -> None:
    response = post_import(admin_client, board_file(v1_json(), "essai.json"), image=picture(), **TYPED)

    assert "import it without a picture" in _refused(response, "image")


def test_an_id_taken_by_a_circuit_is_refused(admin_client) -> None:
    make_circuit(json.loads(v1_json(id="mon-stade")))

    response = post_import(admin_client, board_file(STADIUM, "stadium.dat"), **TYPED)

    assert "The id mon-stade is taken by another circuit." in _refused(response, "slug")


def test_no_file_is_refused(admin_client) -> None:
    assert "Choose the board file to import." in _refused(
        post_import(admin_client, None, **TYPED), "board_file"
    )


def test_the_import_form_is_on_the_editor_s_list(admin_client) -> None:
    page = admin_client.get(reverse("circuits:boards")).content.decode()

    assert 'id="import-board"' in page and 'name="board_file"' in page and 'placeholder="20"' in page
