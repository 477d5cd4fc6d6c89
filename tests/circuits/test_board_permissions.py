"""Only league admins who may change circuits trace boards; visitors are sent to log in."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import make_user

pytestmark = pytest.mark.django_db


def _pages(draft) -> list[tuple[str, str]]:
    pk = {"pk": draft.pk}
    return [
        ("get", reverse("circuits:boards")),
        ("get", reverse("circuits:editor", kwargs=pk)),
        ("get", reverse("circuits:image", kwargs=pk)),
        ("get", reverse("circuits:draft", kwargs=pk)),
        ("post", reverse("circuits:draft", kwargs=pk)),
        ("post", reverse("circuits:drive", kwargs=pk)),
        ("post", reverse("circuits:publish", kwargs=pk)),
    ]


def test_a_visitor_is_sent_to_log_in(client, draft) -> None:
    for method, url in _pages(draft):
        response = getattr(client, method)(url)
        assert response.status_code == 302 and "login" in response["Location"], url


@pytest.mark.parametrize("staff", [False, True])
def test_an_account_without_the_circuits_permission_is_refused(client, draft, staff) -> None:
    client.force_login(make_user("player", is_staff=staff))

    for method, url in _pages(draft):
        assert getattr(client, method)(url).status_code == 403, url


def test_a_league_admin_opens_the_editor(admin_client, draft) -> None:
    response = admin_client.get(reverse("circuits:editor", kwargs={"pk": draft.pk}))

    assert response.status_code == 200
    assert b'id="board"' in response.content
    picture = admin_client.get(reverse("circuits:image", kwargs={"pk": draft.pk}))
    assert picture["Content-Type"] == "image/png"
    assert b"".join(picture.streaming_content).startswith(b"\x89PNG")
