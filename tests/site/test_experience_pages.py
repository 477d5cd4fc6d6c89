"""The experience pages: every balance links to its ledger rows, and the rows add up to it."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from league.models import ExperienceEntry
from league.selectors import driver_experience, experience_tally, team_experience
from league.selectors.experience import experience_ledger
from league.services import experience_record
from tests.factories import make_entry, make_season, run_race

pytestmark = pytest.mark.django_db
Reason = ExperienceEntry.Reason


@pytest.fixture
def two_seasons(league):
    """The small league, a die spend by Chloé, and an older season where Alice won once."""
    experience_record(
        season=league.season, race=league.races[2], driver=league.chloe, reason=Reason.DIE, amount="-0.5"
    )
    old = make_season(name="Saison ancienne", slug="ancienne", year=2020)
    run_race(old, 1, [make_entry(old, 9, league.alice, league.red)], circuit=league.circuit)
    return league, old


def amounts(html: str, url: str) -> Decimal:
    """The number a page shows inside the link to `url` (French or English decimals)."""
    match = re.search(rf'href="{re.escape(url)}"[^>]*>([^<]+)</a>', html)
    assert match, f"no link to {url}"
    return Decimal(match.group(1).strip().replace(",", "."))


def test_every_total_links_to_its_ledger_and_equals_the_selector(client, two_seasons):
    league, _old = two_seasons
    html = client.get(reverse("league:experience")).content.decode()

    tally = experience_tally()
    for driver in (league.alice, league.bruno, league.chloe, league.david):
        url = reverse("league:experience-driver", args=[driver.slug])
        if driver.pk in tally["drivers"]:
            assert amounts(html, url) == tally["drivers"][driver.pk] == driver_experience(driver=driver)
    for team in (league.red, league.blue):
        url = reverse("league:experience-team", args=[team.slug])
        assert amounts(html, url) == tally["teams"][team.pk] == team_experience(team=team)


def test_a_season_filter_keeps_to_that_season_and_its_links_too(client, two_seasons):
    league, old = two_seasons
    html = client.get(reverse("league:experience"), {"season": old.slug}).content.decode()

    url = reverse("league:experience-driver", args=[league.alice.slug]) + f"?season={old.slug}"
    # X1 in the old season: pole 0.3 and win 0.5.
    assert amounts(html, url) == experience_tally(season=old)["drivers"][league.alice.pk] == Decimal("0.8")
    assert reverse("league:experience-driver", args=[league.bruno.slug]) not in html


def test_a_ledger_lists_the_rows_with_a_running_balance_ending_on_the_total(client, two_seasons):
    league, _old = two_seasons

    lines = experience_ledger(driver=league.chloe)

    assert [line.entry.amount for line in lines][-1] == Decimal("-0.5")
    running = Decimal("0")
    for line in lines:
        running += line.entry.amount
        assert line.balance == running
    assert lines[-1].balance == driver_experience(driver=league.chloe)


def test_the_ledger_page_shows_date_race_reason_amount_note_and_balance(client, two_seasons):
    league, _old = two_seasons
    url = reverse("league:experience-driver", args=[league.chloe.slug])

    html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()

    for heading in ("Date", "Race", "Reason", "Amount", "Note", "Balance"):
        assert f'scope="col">{heading}</th>' in html
    assert "die modified or re-rolled" in html
    assert "−0.5" in html or "-0.5" in html
    assert league.races[2].get_absolute_url() in html
    total = driver_experience(driver=league.chloe)
    assert f'<span class="big-number">{total}</span>' in html


def test_a_team_ledger_in_one_season_sums_to_the_season_tally(client, two_seasons):
    league, old = two_seasons

    lines = experience_ledger(team=league.red, season=league.season)

    assert lines[-1].balance == experience_tally(season=league.season)["teams"][league.red.pk]
    assert all(line.entry.season_id == league.season.pk for line in lines)
    response = client.get(
        reverse("league:experience-team", args=[league.red.slug]), {"season": league.season.slug}
    )
    assert response.status_code == 200


def test_an_unknown_season_or_owner_is_not_found(client, league):
    assert client.get(reverse("league:experience"), {"season": "nope"}).status_code == 404
    assert client.get(reverse("league:experience-driver", args=["nope"])).status_code == 404
    assert client.get(reverse("league:experience-team", args=["nope"])).status_code == 404
