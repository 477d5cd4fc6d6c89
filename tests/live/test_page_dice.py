"""The dice of race night are the engine's (`rules/gearbox.py`): the page is given them as data,
its script restates none, the site rolls from them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse

from live.rolls import site_roll
from live.services import table_create
from rules.gearbox import D20, FACES, RANGES, SEVENTH
from tests.live.conftest import log_header

SCRIPT = Path(__file__).resolve().parents[2] / "static" / "js" / "live.js"


@pytest.mark.django_db
def test_the_page_is_given_the_engines_dice(oval, client, example):
    table = table_create(race=oval.race, user=oval.alice, header=log_header(example))
    client.force_login(oval.alice)

    data = client.get(reverse("live:race-night-table", kwargs={"pk": table.pk})).context["data"]

    assert data["faces"] == {str(gear): [low, high] for gear, (low, high) in RANGES.items()}
    assert data["faces"]["7"] == [32, 50]  # A13: the 5th and 6th gear dice together
    assert data["thrown"] == {"7": list(SEVENTH)}
    assert data["anyDie"] == [1, 30]
    assert data["d20"] == [D20[0], D20[-1]] == [1, 20]


@pytest.mark.django_db
def test_the_site_rolls_a_gears_die_from_its_faces(oval, example):
    table = table_create(race=oval.race, user=oval.alice, header=log_header(example))
    for gear, faces in FACES.items():
        assert site_roll(table=table, die=str(gear), by=oval.alice).roll in faces
    assert site_roll(table=table, die="d20", by=oval.alice).roll in D20


def test_the_page_script_restates_no_die():
    script = SCRIPT.read_text(encoding="utf-8")
    # the ranges no other number of the script could be mistaken for (1–2 and 2–4 could)
    ranges = {(low, high) for low, high in RANGES.values() if high >= 8} | {(1, 30), (1, 20)}
    for low, high in ranges:
        said = re.findall(rf"\b{low}\s*,\s*{high}\b", script)
        assert not said, f"live.js says {low}–{high}: the page's data has the dice"
