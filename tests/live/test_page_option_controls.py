"""The race-night page builds the controls of the season's options from the engine's declarations
(`OptionSpec.controls`, `rules/options/`): the page's data carries them, its script names no
option."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from rules.options.registry import catalogue
from tests.live.conftest import build_night, new_table

SCRIPT = Path(__file__).resolve().parents[2] / "static" / "js" / "live.js"


def page_data(night, table: int, lang: str = "en") -> dict:
    client = Client()
    client.force_login(night.entrant)
    page = client.get(reverse("live:race-night-table", kwargs={"pk": table}), HTTP_ACCEPT_LANGUAGE=lang)
    assert page.status_code == 200
    return page.context["data"]


@pytest.mark.django_db
def test_the_page_is_given_the_controls_of_the_seasons_options_in_the_engines_order() -> None:
    options = ("A2", "A7", "A12", "A19")
    night = build_night("ovale", options=options)

    controls = page_data(night, new_table(night))["controls"]

    expected = [(s.id, c.key) for s in catalogue() if s.id in options for c in s.controls]
    assert [(c["option"], c["key"]) for c in controls] == expected
    by_key = {c["key"]: c for c in controls}
    assert by_key["option.top"] == {
        "option": "A19",
        "key": "option.top",
        "kind": "choice",
        "label": "Top (once a lap)",
        "choices": [1, -1],
        "low": None,
        "high": None,
    }
    assert by_key["pit.fuel"]["kind"] == "number" and (
        by_key["pit.fuel"]["low"],
        by_key["pit.fuel"]["high"],
    ) == (
        1,
        3,
    )
    assert by_key["option.highwing"]["kind"] == "toggle"
    assert not {"option.pedal", "option.supertop", "option.overrev", "option.spare"} & set(by_key)


@pytest.mark.django_db
def test_the_controls_labels_are_in_the_readers_language() -> None:
    night = build_night("ovale", options=("A7", "A19"))

    data = page_data(night, new_table(night), lang="fr")

    top = next(c for c in data["controls"] if c["key"] == "option.top")
    assert top["label"] == "Top (une fois par tour)"
    assert data["labels"]["choices"]["option.top"] == {"1": "+1 case", "-1": "−1 case"}


def test_the_page_script_names_no_option() -> None:
    script = SCRIPT.read_text(encoding="utf-8")
    assert not re.findall(r"""["']A\d{1,2}["']""", script), (
        "live.js builds the options' controls from its data"
    )
