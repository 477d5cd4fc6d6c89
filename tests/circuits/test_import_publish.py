"""An imported board is test-driven and published exactly as a traced one (the same services), and
only league admins import boards."""

from __future__ import annotations

import pytest
from django.urls import reverse

from circuits.drafts import draft_for_circuit
from circuits.models import BoardDraft, Circuit
from races.models import Race
from tests.circuits.import_files import PETIT_STADE, STADIUM, board_file, picture, post_import
from tests.factories import make_race, make_season, make_user

pytestmark = pytest.mark.django_db


def _drive(client, draft, capture) -> dict:
    with capture(execute=True):  # the task is queued once the request's transaction commits
        client.post(reverse("circuits:drive", kwargs={"pk": draft.pk}))
    return client.get(reverse("circuits:drive", kwargs={"pk": draft.pk})).json()


def _publish(client, draft):
    return client.post(reverse("circuits:publish", kwargs={"pk": draft.pk}))


def _import(client, **fields) -> BoardDraft:
    response = post_import(client, board_file(STADIUM, "stadium.dat"), **fields)
    assert response.status_code == 302, response.content.decode()[:2000]
    return BoardDraft.objects.latest("pk")


def _published(client, capture) -> BoardDraft:
    """The stadium imported, driven and published."""
    draft = _import(client)
    _drive(client, draft, capture)
    _publish(client, draft)
    return draft


def test_an_imported_board_is_driven_by_the_bot_and_published_with_its_picture(
    admin_client, django_capture_on_commit_callbacks
) -> None:
    draft = _import(admin_client, image=picture(1300, 600), name="Stade")

    state = _drive(admin_client, draft, django_capture_on_commit_callbacks)

    assert state["drive"] == "passed" and state["drive_current"], state["drive_report"]
    assert all(race["valid"] for race in state["drive_report"]["races"])
    response = _publish(admin_client, draft)
    assert response.status_code == 200, response.content
    circuit = Circuit.objects.get(slug="stadium")
    assert (circuit.name, circuit.version) == ("Stade", 1)
    assert circuit.document == BoardDraft.objects.get().document
    assert circuit.image and circuit.image.width == 1300
    assert admin_client.get(circuit.get_absolute_url()).status_code == 200


def test_an_imported_board_without_a_picture_is_published_without_one(
    admin_client, django_capture_on_commit_callbacks
) -> None:
    draft = _import(admin_client)
    _drive(admin_client, draft, django_capture_on_commit_callbacks)

    assert _publish(admin_client, draft).status_code == 200
    circuit = Circuit.objects.get(slug="stadium")
    assert not circuit.image and "image" not in circuit.document
    page = admin_client.get(reverse("circuits:boards")).content.decode()
    assert reverse("circuits:edit", kwargs={"slug": "stadium"}) in page  # it may be edited again


def test_an_imported_board_a_race_was_run_on_is_edited_as_a_new_version(
    admin_client, board_admin, django_capture_on_commit_callbacks
) -> None:
    draft = _published(admin_client, django_capture_on_commit_callbacks)
    old = Circuit.objects.get(slug="stadium")
    make_race(make_season(), 1, circuit=old, status=Race.Status.VALIDATED)

    edit = draft_for_circuit(circuit=old, by=board_admin)
    assert edit.is_imported and edit.imported == draft.imported
    _drive(admin_client, edit, django_capture_on_commit_callbacks)

    assert _publish(admin_client, edit).status_code == 200
    new = Circuit.objects.get(slug="stadium-v2")
    assert (new.version, new.previous, new.document["id"]) == (2, old, "stadium-v2")


def test_a_board_whose_grid_cannot_start_ten_cars_fails_its_drive_and_is_not_published(
    admin_client, django_capture_on_commit_callbacks
) -> None:
    response = post_import(admin_client, board_file(PETIT_STADE, "petit-stade.dat"))
    draft = BoardDraft.objects.get(pk=int(response["Location"].rstrip("/").rsplit("/", 1)[-1]))

    state = _drive(admin_client, draft, django_capture_on_commit_callbacks)

    assert (state["drive"], state["drive_report"]["code"]) == ("failed", "grid")
    assert _publish(admin_client, draft).status_code == 400
    assert not Circuit.objects.exists()


def test_a_visitor_is_sent_to_log_in(client) -> None:
    response = post_import(client, board_file(STADIUM, "stadium.dat"))

    assert response.status_code == 302 and "login" in response["Location"]
    assert not BoardDraft.objects.exists()


@pytest.mark.parametrize("staff", [False, True])
def test_an_account_without_the_circuits_permission_is_refused(client, staff) -> None:
    client.force_login(make_user("player", is_staff=staff))

    assert post_import(client, board_file(STADIUM, "stadium.dat")).status_code == 403
    assert not BoardDraft.objects.exists()


def test_the_circuits_pages_link_to_the_board_editor_for_league_admins_only(
    client, admin_client, django_capture_on_commit_callbacks
) -> None:
    _published(admin_client, django_capture_on_commit_callbacks)
    editor = reverse("circuits:boards")
    pages = [reverse("races:circuits"), reverse("races:circuit", kwargs={"slug": "stadium"})]

    for url in pages:
        assert f'href="{editor}"' in admin_client.get(url).content.decode(), url
    client.force_login(make_user("player", is_staff=True))
    for url in pages:
        assert f'href="{editor}"' not in client.get(url).content.decode(), url
