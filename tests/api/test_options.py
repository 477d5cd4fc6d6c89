"""GET /api/options/: every option the engine plays, with its words in the reader's language and
the controls race night shows for it."""

from __future__ import annotations

import pytest
from django.test import Client

from rules.options.registry import catalogue

pytestmark = pytest.mark.django_db


def test_it_lists_every_option_of_the_engine_in_its_order_with_its_controls():
    body = Client().get("/api/options/", HTTP_ACCEPT_LANGUAGE="en").json()

    assert [o["id"] for o in body] == [s.id for s in catalogue()]
    top = next(o for o in body if o["id"] == "A19")
    assert top["name"] == "Top" and top["rule"] == "A19"
    assert top["description"] == "One square more or less on a move, once per lap."
    assert top["controls"] == [
        {"key": "option.top", "kind": "choice", "label": "Top (once a lap)", "choices": [1, -1], "low": None, "high": None}
    ]  # fmt: skip


def test_its_words_are_in_the_readers_language():
    body = Client().get("/api/options/", HTTP_ACCEPT_LANGUAGE="fr").json()

    top = next(o for o in body if o["id"] == "A19")
    assert top["controls"][0]["label"] == "Top (une fois par tour)"
    assert next(o for o in body if o["id"] == "A13")["name"] == "septième"


def test_it_is_in_the_schema():
    schema = Client().get("/api/schema/", HTTP_ACCEPT="application/json").json()

    assert "/api/options/" in schema["paths"]
