"""Verdicts stay small whatever the log: violations up to the first fatal one and a cap, then a count."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from sheets.engine import bounded
from sheets.models import RaceSheet

pytestmark = pytest.mark.django_db


def _verdict(n: int, penalties: int = 0) -> dict:
    return {
        "valid": False,
        "violations": [{"turn": i, "car": "7", "rule": "G2", "message": "m"} for i in range(n)],
        "cars": {"7": {"penalties": [{"lap": 1, "turn": i} for i in range(penalties)]}},
    }


def test_seventy_six_thousand_violations_keep_the_cap_and_a_count(settings):
    settings.RACE_SHEET_MAX_VIOLATIONS = 50
    verdict = bounded(_verdict(76_004, penalties=5_000))
    assert len(verdict["violations"]) == 50 and verdict["violations_more"] == 75_954
    assert len(verdict["cars"]["7"]["penalties"]) == 50 and verdict["cars"]["7"]["penalties_more"] == 4_950
    assert len(json.dumps(verdict)) < 20_000


def test_violations_stop_at_the_first_fatal_one(settings):
    settings.RACE_SHEET_MAX_VIOLATIONS = 50
    verdict = bounded(_verdict(300), fatal=10)
    assert [v["turn"] for v in verdict["violations"]] == list(range(11))
    assert verdict["violations_more"] == 289
    assert "violations_more" not in bounded(_verdict(3))


def test_a_judged_sheet_and_its_page_and_api_show_the_count(oval, example, submit, settings):
    settings.RACE_SHEET_MAX_VIOLATIONS = 0
    sheet = submit(oval.race, example("race-ovale-gear-skip.json"), oval.alice)
    assert sheet.status == RaceSheet.Status.INVALID
    assert sheet.verdict["violations"] == [] and sheet.verdict["violations_more"] == 2
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(sheet.get_absolute_url()).content.decode()
    assert "and 2 more violations after these" in page
    api = Client().get(reverse("api:sheet", args=[sheet.pk])).json()
    assert api["verdict"]["violations_more"] == 2
