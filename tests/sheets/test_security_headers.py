"""Every page carries a Content-Security-Policy without inline scripts, and a Permissions-Policy;
no page holds a script the policy would block (the replay and sheet pages load theirs from static/js/)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

# A script element without src runs inline, unless it holds data (json_script's application/json).
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\b(?:src=|type=\"application/json\"))[^>]*>", re.IGNORECASE)
EVENT_ATTRIBUTE = re.compile(r"<[^>]+\son[a-z]+\s*=", re.IGNORECASE)


def _pages(oval, sheet) -> list[str]:
    return [
        "/",
        reverse("races:seasons"),
        reverse("races:season", args=[oval.season.slug]),
        reverse("sheets:race", args=[oval.race.pk]),
        reverse("sheets:race-replay", args=[oval.race.pk]),
        reverse("sheets:sheet", args=[sheet.pk]),
        reverse("sheets:sheet-new", args=[oval.race.pk]),
        reverse("races:drivers"),
        reverse("league:experience"),
        reverse("login"),
        reverse("api:docs"),
        reverse("admin:index"),
    ]


def test_every_page_has_a_policy_and_no_script_it_would_block(oval, example, submit, client):
    sheet = submit(oval.race, example("race-ovale-valid.json"), oval.alice)
    client.force_login(oval.steward)
    for url in _pages(oval, sheet):
        response = client.get(url, follow=True)
        assert response.status_code == 200, url
        policy = response["Content-Security-Policy"]
        script_src = re.search(r"script-src ([^;]*)", policy).group(1)
        assert script_src.split() == ["'self'"], (url, policy)
        assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy
        assert "camera=()" in response["Permissions-Policy"]
        html = response.content.decode()
        assert not INLINE_SCRIPT.search(html), (url, INLINE_SCRIPT.search(html).group())
        assert not EVENT_ATTRIBUTE.search(html), (url, EVENT_ATTRIBUTE.search(html).group())


def test_the_api_docs_load_their_set_up_script_as_a_file(client):
    response = client.get(reverse("api:docs"))
    assert b"?script" in response.content
    assert client.get(reverse("api:docs") + "?script").status_code == 200
