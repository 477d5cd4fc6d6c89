"""A driver's statistics: wins, podiums, poles, eliminations by cause, average finish, dice luck."""

from __future__ import annotations

import pytest

from races.models import Race, Result
from races.stats import driver_stats
from sheets.models import RaceSheet
from sheets.selectors import driver_dice_luck
from tests.site.conftest import race_more

pytestmark = pytest.mark.django_db


def test_counted_races_give_wins_podiums_poles_and_average_finish(league):
    # Alice: R1 1st from pole, R2 4th (grid 4), R3 3rd (grid 3).
    stats = driver_stats(driver=league.alice)

    assert (stats.races, stats.wins, stats.podiums, stats.poles) == (3, 1, 2, 1)
    assert stats.average_finish == pytest.approx((1 + 4 + 3) / 3)
    assert stats.eliminations == ()


def test_eliminations_are_counted_by_cause_and_not_in_the_average(league):
    # David: out in R1 (body, as the stewards wrote it), 3rd in R2, 2nd in R3, wins R4, out in R5 (engine).
    Result.objects.filter(race=league.races[0], status=Result.Status.ELIMINATED).update(cause="Body ")
    race_more(league)
    race_more(league)

    stats = driver_stats(driver=league.david)

    assert stats.eliminations == (("body", 1), ("engine", 1))
    assert stats.eliminated == 2
    assert (stats.races, stats.finishes, stats.average_finish) == (5, 3, 2)
    assert (stats.wins, stats.podiums) == (1, 3)


def test_races_not_validated_do_not_count(league):
    race_more(league, status=Race.Status.SUBMITTED)

    assert driver_stats(driver=league.alice).races == 3


def test_the_driver_page_shows_the_statistics(client, league):
    html = client.get(league.alice.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "Statistics" in html
    assert "<dt>Pole positions</dt><dd>1</dd>" in html
    assert "2.67" in html  # average finish


def test_without_validated_sheets_the_page_says_so(client, league):
    html = client.get(league.alice.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "No validated race sheets yet" in html


def test_dice_luck_counts_no_roll_without_a_valid_sheet(league):
    luck = driver_dice_luck(driver=league.alice)

    assert luck.rolls == 0 and luck.gears == ()


def test_rolls_of_the_chosen_valid_sheet_feed_the_dice_luck(client, league):
    race = league.races[0]
    valid = RaceSheet.Status.VALID

    def sheet(version: int, status: str, rolls: list[tuple[int, int]], **extra: object) -> None:
        moves = [{"car": "1", "gear": gear, "roll": roll} for gear, roll in rolls]
        log = {"turns": [{"turn": 1, "moves": [*moves, {"car": "2", "gear": 1, "roll": 1}]}]}
        RaceSheet.objects.create(race=race, version=version, raw=b"{}", status=status, log=log, **extra)

    sheet(1, valid, [(1, 1)])  # superseded by version 2
    sheet(2, valid, [(4, 12), (4, 11), (2, 4)], chosen=True)
    sheet(3, "invalid", [(6, 30)])  # never counts

    luck = driver_dice_luck(driver=league.alice)  # car 1

    assert [(g.gear, g.rolls, g.mean) for g in luck.gears] == [(2, 1, 4), (4, 2, 11.5)]
    html = client.get(league.alice.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "No validated race sheets yet" not in html
    assert "Dice luck" in html and "d12" in html
