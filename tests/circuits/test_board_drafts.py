"""A draft is saved on the server as it is traced: reloaded as it was; bad input changes nothing."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from circuits.models import BoardDraft
from tests.circuits import known_board as kb
from tests.circuits.board_compare import assert_same_board

pytestmark = pytest.mark.django_db


def _save(client, draft, trace, **more):
    return client.post(
        reverse("circuits:draft", kwargs={"pk": draft.pk}),
        json.dumps({"trace": trace, **more}),
        content_type="application/json",
    )


def test_a_saved_trace_comes_back_on_reload_with_its_board(admin_client, draft) -> None:
    response = _save(admin_client, draft, kb.trace(), name="Essai du soir")

    assert response.status_code == 200
    again = admin_client.get(reverse("circuits:draft", kwargs={"pk": draft.pk})).json()
    assert again["trace"] == kb.trace()
    assert again["name"] == "Essai du soir"
    assert_same_board(again["document"])
    assert again["document"]["image"] == {
        "src": draft.image.name.rsplit("/", 1)[-1],
        "width": 1100,
        "height": 700,
    }
    page = admin_client.get(reverse("circuits:editor", kwargs={"pk": draft.pk})).content.decode()
    assert json.dumps(kb.trace()["pieces"][0]["corners"]) in page


def test_a_trace_it_cannot_read_is_refused_and_the_draft_stays_as_it_was(admin_client, draft) -> None:
    _save(admin_client, draft, kb.trace())
    bad = kb.trace()
    bad["pieces"].append({"kind": "straight", "corners": [[0, 0], [1, 0], [1, 1], [0, 1]], "rows": 0})

    response = _save(admin_client, draft, bad)

    assert response.status_code == 400
    assert response.json()["error"].startswith("pieces[9].rows: ")
    draft.refresh_from_db()
    assert draft.trace == kb.trace()


@pytest.mark.parametrize("body", [b"not json", b"[]", b'{"trace": 3}'])
def test_a_body_that_is_no_trace_is_refused(admin_client, draft, body) -> None:
    response = admin_client.post(
        reverse("circuits:draft", kwargs={"pk": draft.pk}), body, content_type="application/json"
    )

    assert response.status_code == 400 and response.json()["error"]
    assert BoardDraft.objects.get().trace == draft.trace


def test_a_problem_is_pointed_at_its_square_in_the_reader_s_language(admin_client, draft) -> None:
    trace = kb.trace() | {"edges_remove": [["S2-b3", "S2-a4"], ["S2-b3", "S2-b4"], ["S2-b3", "S2-c4"]]}

    english = _save(admin_client, draft, trace).json()["problems"]
    admin_client.cookies["django_language"] = "fr"
    french = admin_client.get(reverse("circuits:draft", kwargs={"pk": draft.pk})).json()["problems"]

    assert [(p["code"], p["square"]) for p in english] == [("read.no_way_forward", "S2-b3")]
    assert english[0]["text"] != french[0]["text"]
    assert "S2-b3" in english[0]["text"] and "S2-b3" in french[0]["text"]
