"""A driver's move clock runs only in his chosen hours and stops on his vacations; his quiet hours
hold notices back (remote/clock.py)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from remote.clock import Hours, at_fraction, before_due, counted, deadline, quiet_until
from remote.models import RemotePrefs, Vacation
from tests.factories import make_driver, make_entry, make_season, make_user

PARIS = ZoneInfo("Europe/Paris")
WEEKDAYS = frozenset(range(5))  # Monday to Friday


def paris(*args: int) -> datetime:
    return datetime(*args, tzinfo=PARIS)


# 2026-03-06 is a Friday; summer time starts in Paris on Sunday 2026-03-29 at 02:00.


def test_a_day_s_deadline_on_a_whole_week_is_24_real_hours():
    assert deadline(paris(2026, 3, 4, 10, 15), 24, Hours()) == paris(2026, 3, 5, 10, 15)


def test_the_weekend_pauses_a_monday_to_friday_clock():
    """Due Friday 20:00 with 24 h: 4 h on Friday, none on the weekend, 20 h on Monday."""
    h = Hours(days=WEEKDAYS)

    assert deadline(paris(2026, 3, 6, 20, 0), 24, h) == paris(2026, 3, 9, 20, 0)
    # Started on Saturday, nothing counts before Monday midnight.
    assert deadline(paris(2026, 3, 7, 11, 0), 24, h) == paris(2026, 3, 10, 0, 0)


def test_a_deadline_that_fills_a_day_exactly_ends_with_it():
    h = Hours(days=WEEKDAYS)

    assert deadline(paris(2026, 3, 6, 0, 0), 24, h) == paris(2026, 3, 7, 0, 0)


def test_a_daily_window_counts_only_its_hours():
    """08:00–22:00 from Friday 20:00: 2 h Friday, 14 h Saturday, 8 h Sunday."""
    h = Hours(start=time(8), end=time(22))

    assert deadline(paris(2026, 3, 6, 20, 0), 24, h) == paris(2026, 3, 8, 16, 0)
    # Started at night, the clock waits for 08:00.
    assert deadline(paris(2026, 3, 6, 23, 30), 1, h) == paris(2026, 3, 7, 9, 0)


def test_a_window_across_midnight_runs_on_into_the_next_day():
    """20:00–02:00 (6 h a night) from Friday 21:00: 5 + 6 + 6 + 6 h to Tuesday 02:00, then 1 h."""
    h = Hours(start=time(20), end=time(2))

    assert deadline(paris(2026, 3, 6, 21, 0), 24, h) == paris(2026, 3, 10, 21, 0)
    # At 01:00 the window opened the evening before is still running.
    assert deadline(paris(2026, 3, 7, 1, 0), 1, h) == paris(2026, 3, 7, 2, 0)


def test_a_window_across_midnight_belongs_to_the_day_it_starts_on():
    """Monday to Friday, 20:00–02:00: Friday's night runs to Saturday 02:00, Sunday's does not run."""
    h = Hours(days=WEEKDAYS, start=time(20), end=time(2))

    assert deadline(paris(2026, 3, 6, 20, 0), 7, h) == paris(2026, 3, 9, 21, 0)


def test_a_vacation_stops_the_clock_for_its_days():
    """Three days off push the due date three days on."""
    start = paris(2026, 3, 4, 10, 0)
    h = Hours(vacations=((date(2026, 3, 5), date(2026, 3, 7)),))

    assert deadline(start, 24, h) == paris(2026, 3, 8, 10, 0)
    assert deadline(start, 24, h) - deadline(start, 24, Hours()) == timedelta(days=3)


def test_a_vacation_begun_stops_the_clock_from_its_first_day_on():
    h = Hours(vacations=((date(2026, 3, 4), date(2026, 3, 4)),))

    assert deadline(paris(2026, 3, 4, 10, 0), 24, h) == paris(2026, 3, 6, 0, 0)


def test_summer_time_is_counted_in_real_hours():
    """The night of 28–29 March 2026 has 23 hours in Paris: a day's deadline ends an hour later
    on the clock."""
    assert deadline(paris(2026, 3, 28, 12, 0), 24, Hours()) == paris(2026, 3, 29, 13, 0)
    assert deadline(paris(2026, 3, 28, 12, 0), 24, Hours()) == datetime(2026, 3, 29, 11, 0, tzinfo=UTC)


def test_a_whole_day_on_the_summer_time_sunday_counts_23_hours():
    h = Hours(days=frozenset({6}))  # Sundays only

    assert counted(paris(2026, 3, 29, 0, 0), paris(2026, 3, 30, 0, 0), h) == timedelta(hours=23)
    assert deadline(paris(2026, 3, 29, 0, 0), 24, h) == paris(2026, 4, 5, 1, 0)


def test_the_window_keeps_its_wall_clock_hours_across_the_change():
    """08:00–22:00 is 14 hours on each side of the change, in the time shown on his watch."""
    h = Hours(start=time(8), end=time(22))

    assert deadline(paris(2026, 3, 28, 21, 0), 15, h) == paris(2026, 3, 29, 22, 0)


def test_the_result_is_given_in_his_time_zone():
    h = Hours(time_zone="America/New_York", days=WEEKDAYS)
    start = datetime(2026, 3, 6, 20, 0, tzinfo=UTC)  # Friday 15:00 in New York

    due = deadline(start, 24, h)

    assert due == datetime(2026, 3, 9, 15, 0, tzinfo=ZoneInfo("America/New_York"))  # summer time
    assert str(due.tzinfo) == "America/New_York"


def test_no_day_chosen_is_read_as_every_day():
    assert deadline(paris(2026, 3, 6, 20, 0), 24, Hours(days=frozenset())) == paris(2026, 3, 7, 20, 0)


def test_a_clock_stopped_for_years_still_ends():
    h = Hours(vacations=((date(2026, 1, 1), date(2029, 12, 31)),))

    due = deadline(paris(2026, 3, 6, 20, 0), 24, h)

    assert due == paris(2026, 3, 6, 20, 0) + timedelta(days=366 + 1)


def test_a_naive_start_is_refused():
    with pytest.raises(ValueError, match="aware"):
        deadline(datetime(2026, 3, 6, 20, 0), 24, Hours())


def test_counted_time_leaves_out_the_weekend():
    h = Hours(days=WEEKDAYS)

    assert counted(paris(2026, 3, 6, 20, 0), paris(2026, 3, 9, 8, 0), h) == timedelta(hours=12)
    assert counted(paris(2026, 3, 9, 8, 0), paris(2026, 3, 6, 20, 0), h) == timedelta(0)


def test_half_the_deadline_is_half_the_counted_time():
    h = Hours(days=WEEKDAYS)
    start, due = paris(2026, 3, 6, 20, 0), paris(2026, 3, 9, 20, 0)

    assert at_fraction(start, due, 0.5, h) == paris(2026, 3, 9, 8, 0)
    assert at_fraction(start, due, 0, h) == start
    assert at_fraction(start, due, 1, h) == due


def test_an_hour_before_the_deadline_is_an_hour_of_counted_time():
    h = Hours(days=WEEKDAYS)
    start = paris(2026, 3, 6, 20, 0)

    assert before_due(start, paris(2026, 3, 9, 0, 30), 1, h) == paris(2026, 3, 6, 23, 30)
    assert before_due(start, paris(2026, 3, 9, 20, 0), 1, h) == paris(2026, 3, 9, 19, 0)


def test_a_deadline_shorter_than_the_reminder_leaves_it_at_the_start():
    start = paris(2026, 3, 6, 20, 0)

    assert before_due(start, paris(2026, 3, 6, 20, 45), 1, Hours()) == start


def test_quiet_hours_across_midnight_hold_notices_until_morning():
    h = Hours(quiet_start=time(22), quiet_end=time(7))

    assert quiet_until(paris(2026, 3, 6, 23, 0), h) == paris(2026, 3, 7, 7, 0)
    assert quiet_until(paris(2026, 3, 7, 3, 0), h) == paris(2026, 3, 7, 7, 0)
    assert quiet_until(paris(2026, 3, 6, 22, 0), h) == paris(2026, 3, 7, 7, 0)
    assert quiet_until(paris(2026, 3, 7, 7, 0), h) is None
    assert quiet_until(paris(2026, 3, 6, 12, 0), h) is None


def test_quiet_hours_within_a_day():
    h = Hours(quiet_start=time(13), quiet_end=time(14, 30))

    assert quiet_until(paris(2026, 3, 6, 13, 10), h) == paris(2026, 3, 6, 14, 30)
    assert quiet_until(paris(2026, 3, 6, 15, 0), h) is None


def test_quiet_hours_are_read_in_his_time_zone_from_any_instant():
    h = Hours(quiet_start=time(22), quiet_end=time(7))

    assert quiet_until(datetime(2026, 3, 6, 22, 30, tzinfo=UTC), h) == paris(2026, 3, 7, 7, 0)


def test_no_quiet_hours():
    assert quiet_until(paris(2026, 3, 6, 3, 0), Hours()) is None
    assert quiet_until(paris(2026, 3, 6, 3, 0), Hours(quiet_start=time(3), quiet_end=time(3))) is None


@pytest.mark.django_db
def test_hours_of_a_driver_without_prefs_are_every_day_all_day(settings):
    settings.TIME_ZONE = "Europe/Paris"
    user, season = make_user("alice"), make_season()

    assert Hours.of(user, season) == Hours(time_zone="Europe/Paris")


@pytest.mark.django_db
def test_hours_of_a_driver_read_his_prefs_and_that_season_s_vacations():
    user = make_user("alice")
    season, other = make_season(), make_season()
    make_entry(season, 7, driver=make_driver(user=user))
    RemotePrefs.objects.create(
        user=user,
        time_zone="America/Montreal",
        play_days=[0, 2, 4],
        play_from=time(19),
        play_until=time(23),
        quiet_from=time(23),
        quiet_until=time(8),
    )
    Vacation.objects.create(user=user, season=season, starts_on=date(2026, 8, 1), ends_on=date(2026, 8, 9))
    Vacation.objects.create(user=user, season=other, starts_on=date(2026, 9, 1), ends_on=date(2026, 9, 2))

    assert Hours.of(user, season) == Hours(
        time_zone="America/Montreal",
        days=frozenset({0, 2, 4}),
        start=time(19),
        end=time(23),
        quiet_start=time(23),
        quiet_end=time(8),
        vacations=((date(2026, 8, 1), date(2026, 8, 9)),),
    )
