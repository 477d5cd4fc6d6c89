"""An event or a violation that names a square says it as the table names it; its params keep the
id (race night's events, the replay's)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from circuits.square_words import named_message, track_names
from rules.messages import Code, params
from rules.track import load_circuit

OVALE = Path(__file__).resolve().parents[2] / "fixtures" / "circuits" / "ovale.json"


@pytest.fixture
def names() -> dict[str, str]:
    return track_names(load_circuit(json.loads(OVALE.read_text(encoding="utf-8"))))


def test_a_square_in_a_message_is_said_by_its_name(names, english):
    text = named_message(Code.DEBRIS_PEDAL_TO_THE_METAL, params(square="S3-b6", roll=3), names)

    assert text == "pedal to the metal: debris on after T2, b6 (rolled 3)"


def test_a_message_naming_no_square_is_left_as_it_is(names, english):
    assert named_message(Code.C7_MOVES_SQUARES_TOTAL, params(moved=4, total=4, sum="4"), names) is None


def test_the_names_follow_the_readers_language(names):
    from django.utils import translation

    with translation.override("fr"):
        french = track_names(load_circuit(json.loads(OVALE.read_text(encoding="utf-8"))))

    assert french["S3-b6"] == "après T2, b6"
