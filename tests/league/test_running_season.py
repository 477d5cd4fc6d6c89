"""Which season the site shows first."""

from __future__ import annotations

import pytest

from league.models import Season
from league.selectors import running_season
from tests.factories import make_season

pytestmark = pytest.mark.django_db


def test_it_is_the_latest_running_season():
    make_season(year=2024, status=Season.Status.RUNNING)
    latest = make_season(year=2025, status=Season.Status.RUNNING)
    make_season(year=2027, status=Season.Status.PLANNED)

    assert running_season() == latest


def test_without_a_running_season_it_is_the_latest_season():
    make_season(year=2024, status=Season.Status.FINISHED)
    latest = make_season(year=2025, status=Season.Status.FINISHED)

    assert running_season() == latest


def test_without_seasons_there_is_none():
    assert running_season() is None
