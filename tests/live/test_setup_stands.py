"""The set-up offers a car the board's marked stands only, not every square of its pit lane."""

from __future__ import annotations

import pytest

from circuits.services import circuit_create
from live.forms import pit_squares
from rules.circuits import load
from tests.factories import make_race, make_season
from tests.rules.circuits.boards import small_board

pytestmark = pytest.mark.django_db


def test_the_stands_offered_are_the_marked_stands():
    document = small_board()
    track = load(document)
    assert len(track.pit.stand_squares) < len(track.pit.squares)  # the lane has squares that are no stand
    race = make_race(make_season(), 1, circuit=circuit_create(document=document))
    assert pit_squares(race) == track.pit.stand_squares
