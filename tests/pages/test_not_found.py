"""An address naming no season, race, driver, team or circuit is a 404."""

from __future__ import annotations

import pytest
from django.urls import reverse

from races.models import Race


@pytest.mark.parametrize(
    ("view", "kwargs"),
    [
        ("races:season", {"slug": "1999"}),
        ("races:team", {"slug": "nobody"}),
        ("races:circuit", {"slug": "nowhere"}),
        ("sheets:driver", {"slug": "nobody"}),
    ],
)
def test_an_unknown_object_is_not_found(client, league, view, kwargs):
    assert client.get(reverse(view, kwargs=kwargs)).status_code == 404


def test_an_unknown_race_is_not_found(client, league):
    missing = Race.objects.order_by("-pk").first().pk + 1

    assert client.get(reverse("sheets:race", kwargs={"pk": missing})).status_code == 404
