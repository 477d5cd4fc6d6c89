"""Test drive and publishing: the bot races the board, publishing needs a passed drive of the very
board, and a board races were played on is never changed in place (an edit is a new version)."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from circuits.drafts import draft_for_circuit
from circuits.models import BoardDraft, Circuit
from races.models import Race
from tests.circuits import known_board as kb
from tests.factories import make_race, make_season

pytestmark = pytest.mark.django_db


def _save(client, draft, trace):
    response = client.post(
        reverse("circuits:draft", kwargs={"pk": draft.pk}),
        json.dumps({"trace": trace}),
        content_type="application/json",
    )
    assert response.status_code == 200, response.content
    return response.json()


def _drive(client, draft, capture):
    with capture(execute=True):  # the task is queued once the request's transaction commits
        client.post(reverse("circuits:drive", kwargs={"pk": draft.pk}))
    return client.get(reverse("circuits:drive", kwargs={"pk": draft.pk})).json()


def _publish(client, draft):
    return client.post(reverse("circuits:publish", kwargs={"pk": draft.pk}))


def test_the_bot_drives_the_known_board_and_every_race_replays_valid(
    admin_client, draft, django_capture_on_commit_callbacks
) -> None:
    _save(admin_client, draft, kb.trace())

    state = _drive(admin_client, draft, django_capture_on_commit_callbacks)

    assert state["drive"] == "passed" and state["drive_current"]
    races = state["drive_report"]["races"]
    assert len(races) == 3 and all(race["valid"] and race["moves"] > 100 for race in races)


def test_a_board_whose_grid_cannot_start_ten_cars_fails_its_drive(
    admin_client, draft, django_capture_on_commit_callbacks
) -> None:
    _save(admin_client, draft, kb.trace() | {"grid": kb.V1["grid"][:4]})

    state = _drive(admin_client, draft, django_capture_on_commit_callbacks)

    assert state["drive"] == "failed"
    assert state["drive_report"]["code"] == "grid"
    assert _publish(admin_client, draft).status_code == 400


def test_publishing_is_refused_without_a_test_drive(admin_client, draft) -> None:
    _save(admin_client, draft, kb.trace())

    response = _publish(admin_client, draft)

    assert response.status_code == 400
    assert "test drive" in response.json()["error"]
    assert not Circuit.objects.exists()


def test_publishing_is_refused_when_the_board_changed_since_its_drive(
    admin_client, draft, django_capture_on_commit_callbacks
) -> None:
    _save(admin_client, draft, kb.trace())
    _drive(admin_client, draft, django_capture_on_commit_callbacks)
    state = _save(admin_client, draft, kb.trace() | {"laps": 2})

    response = _publish(admin_client, draft)

    assert state["drive"] == "passed" and not state["drive_current"]
    assert response.status_code == 400 and "changed since" in response.json()["error"]
    assert not Circuit.objects.exists()


def _published(client, draft, capture) -> Circuit:
    _save(client, draft, kb.trace())
    _drive(client, draft, capture)
    response = _publish(client, draft)
    assert response.status_code == 200, response.content
    return Circuit.objects.get(slug=response.json()["published_slug"])


def test_a_new_board_is_published_as_a_circuit_with_its_picture(
    admin_client, draft, django_capture_on_commit_callbacks
) -> None:
    circuit = _published(admin_client, draft, django_capture_on_commit_callbacks)

    assert (circuit.slug, circuit.name, circuit.version, circuit.previous) == ("essai", "Essai", 1, None)
    assert circuit.document["format"] == "formule-de/circuit@2"
    assert circuit.image and circuit.image.width == 1100
    assert BoardDraft.objects.get().published == circuit


def test_editing_a_board_a_race_was_judged_on_makes_a_new_version(
    admin_client, board_admin, draft, django_capture_on_commit_callbacks
) -> None:
    old = _published(admin_client, draft, django_capture_on_commit_callbacks)
    before = dict(old.document)
    race = make_race(make_season(), 1, circuit=old, status=Race.Status.VALIDATED)
    edit = draft_for_circuit(circuit=old, by=board_admin)

    new = _published(admin_client, edit, django_capture_on_commit_callbacks)

    assert (new.slug, new.version, new.previous) == ("essai-v2", 2, old)
    assert new.document["id"] == "essai-v2"
    old.refresh_from_db()
    race.refresh_from_db()
    assert old.document == before and race.circuit == old


def test_editing_a_board_no_race_was_played_on_changes_it_in_place(
    admin_client, board_admin, draft, django_capture_on_commit_callbacks
) -> None:
    old = _published(admin_client, draft, django_capture_on_commit_callbacks)
    make_race(make_season(), 1, circuit=old, status=Race.Status.SCHEDULED)
    edit = draft_for_circuit(circuit=old, by=board_admin)
    _save(admin_client, edit, kb.trace() | {"laps": 2})
    _drive(admin_client, edit, django_capture_on_commit_callbacks)

    assert _publish(admin_client, edit).status_code == 200

    assert Circuit.objects.count() == 1
    old.refresh_from_db()
    assert old.document["laps"] == 2 and old.version == 1


def test_the_editor_says_when_publishing_makes_a_new_version(
    admin_client, board_admin, draft, django_capture_on_commit_callbacks
) -> None:
    old = _published(admin_client, draft, django_capture_on_commit_callbacks)
    make_race(make_season(), 1, circuit=old, status=Race.Status.RUN)

    response = admin_client.post(reverse("circuits:edit", kwargs={"slug": old.slug}))

    edit = BoardDraft.objects.exclude(pk=draft.pk).get()
    draft.refresh_from_db()
    assert response["Location"] == edit.get_absolute_url()
    assert edit.trace == draft.trace and edit.circuit == old
    assert b'id="new-version"' in admin_client.get(edit.get_absolute_url()).content


def test_a_circuit_not_traced_in_the_editor_cannot_be_edited_there(admin_client) -> None:
    from tests.factories import make_circuit

    circuit = make_circuit()

    response = admin_client.post(reverse("circuits:edit", kwargs={"slug": circuit.slug}), follow=True)

    assert "not traced in the editor" in response.content.decode()
    assert not BoardDraft.objects.exists()
