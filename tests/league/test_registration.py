"""A season's entry list: asking, the stewards' decisions, and the race entries acceptance makes."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils import timezone

from league.models import EntryRequest, GridRule, SeasonEntry
from races.entry_lists import race_grid_by_rule, season_entry_list_accept
from races.models import GridDraw, Race, RaceEntry
from races.registration import (
    entry_list_is_open,
    entry_request_accept,
    entry_request_create,
    entry_request_refuse,
    entry_request_wait,
)
from tests.factories import make_driver, make_entry, make_race, make_season, make_steward, make_team

pytestmark = pytest.mark.django_db
Status = EntryRequest.Status


def _open_season(**kwargs):
    now = timezone.now()
    return make_season(
        status="planned",
        entries_open_at=now - timedelta(days=1),
        entries_close_at=now + timedelta(days=7),
        **kwargs,
    )


def _user(name: str):
    return get_user_model().objects.create_user(name, f"{name}@example.org", "pass-phrase-long")


def _steward():
    """The stewards decide the requests (league.change_entryrequest), one account per test."""
    return get_user_model().objects.filter(username="steward").first() or make_steward()


def test_the_entry_list_is_open_between_its_dates_only():
    season = _open_season()
    now = timezone.now()

    assert entry_list_is_open(season=season, now=now)
    assert not entry_list_is_open(season=season, now=now - timedelta(days=2))
    assert not entry_list_is_open(season=season, now=now + timedelta(days=8))
    assert not entry_list_is_open(season=make_season(status="planned"))  # no opening date: shut


def test_a_player_asks_and_acceptance_makes_his_driver_and_season_entry():
    season, team, nina = _open_season(), make_team(name="Rouge", slug="rouge"), _user("nina")

    request = entry_request_create(season=season, team=team, car_number=12, by=nina)
    assert request.status == Status.PENDING and request.driver is None

    accepted = entry_request_accept(request=request, by=_steward())

    entry = SeasonEntry.objects.get(season=season)
    assert accepted.status == Status.ACCEPTED and accepted.season_entry == entry
    assert (entry.car_number, entry.team, entry.driver.user, entry.driver.slug) == (12, team, nina, "nina")


def test_asking_twice_or_with_a_taken_number_is_refused():
    season, team = _open_season(), make_team()
    make_entry(season, 5, team=team)
    nina = _user("nina")

    with pytest.raises(ValidationError) as taken:
        entry_request_create(season=season, team=team, car_number=5, by=nina)
    entry_request_create(season=season, team=team, car_number=6, by=nina)
    with pytest.raises(ValidationError) as twice:
        entry_request_create(season=season, team=team, car_number=7, by=nina)

    assert "car_number" in taken.value.message_dict
    assert "already asked" in str(twice.value)


def test_a_shut_entry_list_takes_no_request():
    season = make_season(status="planned")

    with pytest.raises(ValidationError, match="not open"):
        entry_request_create(season=season, team=make_team(), car_number=1, by=_user("nina"))


def test_a_team_manager_enters_his_drivers_and_nobody_else_does():
    season, team = _open_season(), make_team()
    manager, stranger = _user("manager"), _user("stranger")
    team.managers.add(manager)
    driver = make_driver(name="Hugo")

    request = entry_request_create(season=season, team=team, car_number=3, by=manager, driver=driver)
    with pytest.raises(ValidationError) as refused:
        entry_request_create(season=season, team=team, car_number=4, by=stranger, driver=make_driver())

    assert request.driver == driver and request.user is None and request.requested_by == manager
    assert "driver" in refused.value.message_dict
    entry_request_accept(request=request, by=_steward())
    assert SeasonEntry.objects.get(season=season).driver == driver


def test_acceptance_applies_the_season_entry_checks():
    season, team = _open_season(max_cars_per_team=1), make_team(name="Rouge", slug="rouge")
    make_entry(season, 1, team=team)
    request = entry_request_create(season=season, team=team, car_number=2, by=_user("nina"))

    with pytest.raises(ValidationError, match="already fields 1 car"):
        entry_request_accept(request=request, by=_steward())
    assert EntryRequest.objects.get(pk=request.pk).status == Status.PENDING


def test_a_full_season_sends_to_the_waiting_list():
    season = _open_season(entry_capacity=1)
    first = entry_request_create(season=season, team=make_team(), car_number=1, by=_user("a"))
    second = entry_request_create(season=season, team=make_team(), car_number=2, by=_user("b"))
    entry_request_accept(request=first, by=_steward())

    with pytest.raises(ValidationError, match="waiting list"):
        entry_request_accept(request=second, by=_steward())
    waiting = entry_request_wait(request=second, by=_steward())

    assert waiting.status == Status.WAITING


def test_a_refusal_needs_a_reason_and_keeps_it():
    season = _open_season()
    request = entry_request_create(season=season, team=make_team(), car_number=1, by=_user("nina"))

    with pytest.raises(ValidationError):
        entry_request_refuse(request=request, reason="  ", by=_steward())
    refused = entry_request_refuse(request=request, reason="Number reserved for the champion", by=_steward())

    assert (refused.status, refused.reason) == (Status.REFUSED, "Number reserved for the champion")
    assert not SeasonEntry.objects.filter(season=season).exists()


def test_an_accepted_car_joins_every_race_not_yet_run():
    season = _open_season()
    run = make_race(season, 1, status=Race.Status.OFFICIAL)
    later = [make_race(season, n) for n in (2, 3)]
    request = entry_request_create(season=season, team=make_team(), car_number=9, by=_user("nina"))

    entry_request_accept(request=request, by=_steward())

    assert set(RaceEntry.objects.filter(season_entry__car_number=9).values_list("race", flat=True)) == {
        r.pk for r in later
    }
    assert not run.entries.exists()


def test_the_entry_list_accepted_fills_every_race_and_every_race_added_later():
    season = make_season()
    cars = [make_entry(season, n) for n in (1, 2, 3)]
    first = make_race(season, 1)

    made = season_entry_list_accept(season=season)
    again = season_entry_list_accept(season=season)
    added = make_race(season, 2)

    assert (made, again) == (3, 0)
    for race in (first, added):
        assert sorted(race.entries.values_list("season_entry", flat=True)) == [c.pk for c in cars]


def test_without_the_action_a_new_race_stays_empty():
    season = make_season()
    make_entry(season, 1)

    assert not make_race(season, 1).entries.exists()


@pytest.mark.parametrize("rule", [GridRule.ENTRY_ORDER, GridRule.DRAW])
def test_the_grid_by_rule(rule):
    season = make_season(grid_rule=rule)
    for n in (4, 2, 7, 1):
        make_entry(season, n)
    race = make_race(season, 1)
    season_entry_list_accept(season=season)

    order = race_grid_by_rule(race=race, seed="abc")

    grid = {e.season_entry.car_id: e.grid_slot for e in race.entries.select_related("season_entry")}
    assert sorted(grid.values()) == [1, 2, 3, 4]
    assert [car for car, _slot in sorted(grid.items(), key=lambda kv: kv[1])] == order
    if rule == GridRule.DRAW:
        expected = ["4", "2", "7", "1"]
        random.Random("abc").shuffle(expected)
        draw = GridDraw.objects.get(race=race)
        assert (draw.seed, draw.order, order) == ("abc", expected, expected)
    else:
        assert order == ["4", "2", "7", "1"]  # the order the cars were entered in
        assert not GridDraw.objects.exists()
