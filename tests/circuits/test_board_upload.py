"""A new board starts from its picture: Pillow checks it and writes it again; bad files are refused."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from PIL import Image

from circuits.models import BoardDraft
from tests.circuits.conftest import upload

pytestmark = pytest.mark.django_db


def test_a_picture_makes_a_draft_and_opens_the_editor(admin_client, board_png) -> None:
    response = admin_client.post(
        reverse("circuits:boards"), {"name": "Essai", "slug": "essai", "image": upload(board_png)}
    )

    draft = BoardDraft.objects.get()
    assert response.status_code == 302 and response["Location"] == draft.get_absolute_url()
    assert (draft.slug, draft.name, draft.width, draft.height) == ("essai", "Essai", 1100, 700)
    assert "board" not in draft.image.name  # a random name, not the admin's file name
    with draft.image.open("rb") as stored:
        assert Image.open(stored).size == (1100, 700)


def test_a_file_that_is_not_a_picture_is_refused_with_a_reason(admin_client) -> None:
    response = admin_client.post(
        reverse("circuits:boards"), {"name": "Essai", "image": upload(b"%PDF-1.4 not a picture", "board.png")}
    )

    assert response.status_code == 400
    assert "not a JPEG, PNG or WebP image" in response.content.decode()
    assert not BoardDraft.objects.exists()


def test_a_picture_too_big_is_refused_before_it_is_opened(admin_client, board_png, settings) -> None:
    settings.BOARD_IMAGE_MAX_BYTES = 1000

    response = admin_client.post(reverse("circuits:boards"), {"name": "Essai", "image": upload(board_png)})

    assert response.status_code == 400
    assert "is more than the" in response.content.decode()
    assert not BoardDraft.objects.exists()


def test_a_picture_of_too_many_pixels_is_refused(admin_client, settings) -> None:
    settings.BOARD_IMAGE_MAX_PIXELS = 100 * 100
    out = io.BytesIO()
    Image.new("RGB", (200, 200)).save(out, format="PNG")

    response = admin_client.post(reverse("circuits:boards"), {"name": "Big", "image": upload(out.getvalue())})

    assert response.status_code == 400
    assert "megapixels" in response.content.decode()


def test_an_id_taken_by_a_circuit_is_refused(admin_client, board_png) -> None:
    from tests.factories import make_circuit

    make_circuit()

    response = admin_client.post(
        reverse("circuits:boards"), {"name": "Anneau", "slug": "anneau", "image": upload(board_png)}
    )

    assert response.status_code == 400
    assert "taken" in response.content.decode()
