"""Recording a race's classification: points from the season's table, experience from X1."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from league.models import ExperienceEntry
from league.selectors import driver_experience, experience_tally
from league.services import experience_record
from races.models import Race, Result
from races.results import ResultRow, race_results_record
from races.services import race_entry_create
from tests.factories import make_driver, make_entry, make_race, make_season, make_team

pytestmark = pytest.mark.django_db
Reason = ExperienceEntry.Reason


@pytest.fixture
def field():
    """The worked example's cars, 7 (alice, rouge) and 3 (bruno, bleu), plus 8 (rouge) and 4 (bleu)."""
    season = make_season()
    rouge, bleu = make_team("Écurie Rouge", "rouge"), make_team("Écurie Bleue", "bleu")
    cars = {
        7: make_entry(season, 7, driver=make_driver("Alice Martin", "alice"), team=rouge),
        3: make_entry(season, 3, driver=make_driver("Bruno Lefèvre", "bruno"), team=bleu),
        8: make_entry(season, 8, driver=make_driver("Chiara Rossi", "chiara"), team=rouge),
        4: make_entry(season, 4, driver=make_driver("Dieter Brandt", "dieter"), team=bleu),
    }
    return season, cars


def start(season, cars, grid):
    race = make_race(season, 1)
    for slot, car in enumerate(grid, start=1):
        race_entry_create(race=race, season_entry=cars[car], grid_slot=slot)
    return race


def gains(race):
    rows = ExperienceEntry.objects.filter(race=race).select_related("driver", "team")
    return sorted(((r.driver or r.team).slug, r.reason, r.amount) for r in rows)


def test_it_scores_the_finishers_from_the_seasons_table(field):
    season, cars = field
    race = start(season, cars, [7, 3, 8, 4])

    race_results_record(
        race=race,
        rows=[
            ResultRow(car=7, position=1),
            ResultRow(car="3", position=2),
            ResultRow(car=8, position=3),
            ResultRow(car=4, position=4, status=Result.Status.ELIMINATED, cause="engine", turn=12),
        ],
    )

    results = [
        (r.race_entry.season_entry.car_number, r.position, r.points, r.status) for r in race.results.all()
    ]
    assert results == [
        (7, 1, 10, "finished"),
        (3, 2, 8, "finished"),
        (8, 3, 6, "finished"),
        (4, 4, 0, "eliminated"),
    ]
    race.refresh_from_db()
    assert race.status == Race.Status.OFFICIAL


def test_a_season_may_set_its_own_points_table(field):
    season, cars = field
    season.points_table = [25, 18]
    season.save()
    race = start(season, cars, [7, 3, 8])

    race_results_record(
        race=race, rows=[{"car": 3, "position": 1}, {"car": 7, "position": 2}, {"car": 8, "position": 3}]
    )

    assert list(race.results.values_list("points", flat=True)) == [25, 18, 0]


def test_it_records_the_experience_of_the_shared_example(field):
    season, cars = field
    race = start(season, cars, [7, 3])

    race_results_record(race=race, rows=[ResultRow(car=7, position=1), ResultRow(car=3, position=2)])

    # fixtures/examples/README.md: alice 0.3 pole + 0.5 win, bruno 0.1 + 0.3; team rouge 0.5, bleu 0.2.
    assert gains(race) == [
        ("alice", "pole", Decimal("0.3")),
        ("alice", "win", Decimal("0.5")),
        ("bleu", "second", Decimal("0.2")),
        ("bruno", "grid2", Decimal("0.1")),
        ("bruno", "second", Decimal("0.3")),
        ("rouge", "win", Decimal("0.5")),
    ]


def test_a_team_earns_a_one_two_and_a_front_row_lockout(field):
    season, cars = field
    race = start(season, cars, [7, 8, 3, 4])

    race_results_record(
        race=race,
        rows=[ResultRow(car=8, position=1), ResultRow(car=7, position=2), ResultRow(car=4, position=3)],
    )

    teams = experience_tally(season=season)["teams"]
    rouge, bleu = cars[7].team, cars[3].team
    # rouge: win 0.5 + 2nd 0.2 + one-two 0.3 + front row 0.1; bleu: 3rd 0.1.
    assert teams == {rouge.pk: Decimal("1.1"), bleu.pk: Decimal("0.1")}
    assert ("rouge", "one_two", Decimal("0.3")) in gains(race)
    assert ("rouge", "front_row", Decimal("0.1")) in gains(race)


def test_an_eliminated_car_earns_no_podium_experience(field):
    season, cars = field
    race = start(season, cars, [7, 3])

    race_results_record(
        race=race,
        rows=[ResultRow(car=3, position=1), ResultRow(car=7, position=2, status="eliminated", cause="body")],
    )

    assert driver_experience(driver=cars[7].driver) == Decimal("0.3")  # the pole only


def test_without_option_a7_nobody_earns_experience(field):
    season, cars = field
    season.options = []
    season.save()
    race = start(season, cars, [7, 3])

    race_results_record(race=race, rows=[ResultRow(car=7, position=1), ResultRow(car=3, position=2)])

    assert not ExperienceEntry.objects.exists()


def test_recording_again_replaces_results_and_gains_but_keeps_spends(field):
    season, cars = field
    race = start(season, cars, [7, 3])
    race_results_record(race=race, rows=[ResultRow(car=7, position=1), ResultRow(car=3, position=2)])
    experience_record(season=season, race=race, driver=cars[7].driver, reason=Reason.DIE, amount="-0.5")

    race_results_record(race=race, rows=[ResultRow(car=3, position=1), ResultRow(car=7, position=2)])

    assert [(r.race_entry.season_entry.car_number, r.points) for r in race.results.all()] == [(3, 10), (7, 8)]
    # alice: pole 0.3 + 2nd 0.3 - the 0.5 spent.
    assert driver_experience(driver=cars[7].driver) == Decimal("0.1")


def test_it_keeps_penalty_points_beside_the_points_scored(field):
    season, cars = field
    race = start(season, cars, [7, 3])

    [winner, _second] = race_results_record(
        race=race,
        rows=[
            ResultRow(car=7, position=1, penalty_points=3, penalty_reason="Accrochage"),
            ResultRow(car=3, position=2),
        ],
    )

    assert (winner.points, winner.penalty_points, winner.net_points) == (10, 3, 7)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        pytest.param(
            [ResultRow(car=7, position=1), ResultRow(car=3, position=2, penalty_points=9)],
            "car 3: A points penalty cannot exceed the points scored.",
            id="a-penalty-larger-than-the-points",
        ),
        pytest.param(
            [ResultRow(car=7, position=1), ResultRow(car=8, position=2)],
            "car 8 is not entered in this race.",
            id="a-car-not-entered-in-the-race",
        ),
        pytest.param(
            [ResultRow(car=7, position=1), ResultRow(car=3, position=3)],
            "positions must run from 1 to 2 without gaps or repeats; got 1, 3.",
            id="positions-with-a-gap",
        ),
        pytest.param(
            [ResultRow(car=7, position=1, status="eliminated", cause="engine"), ResultRow(car=3, position=2)],
            "car 3 finished but is ranked behind eliminated car 7.",
            id="a-finisher-behind-an-eliminated-car",
        ),
    ],
)
def test_it_refuses(field, rows, message):
    season, cars = field
    race = start(season, cars, [7, 3])

    with pytest.raises(ValidationError) as caught:
        race_results_record(race=race, rows=rows)

    assert caught.value.messages == [message]
    assert not Result.objects.exists()


def test_a_failed_recording_leaves_the_earlier_results(field):
    season, cars = field
    race = start(season, cars, [7, 3])
    race_results_record(race=race, rows=[ResultRow(car=7, position=1), ResultRow(car=3, position=2)])

    with pytest.raises(ValidationError):
        race_results_record(
            race=race, rows=[ResultRow(car=7, position=1), ResultRow(car=3, position=2, penalty_points=9)]
        )

    assert list(race.results.values_list("points", flat=True)) == [10, 8]
    assert len(gains(race)) == 6


def test_results_keep_a_history_naming_who_recorded_them(field, django_user_model):
    season, cars = field
    steward = django_user_model.objects.create_user("steward")
    race = start(season, cars, [7, 3])

    [winner, _] = race_results_record(
        race=race, rows=[ResultRow(car=7, position=1), ResultRow(car=3, position=2)], by=steward
    )

    assert [(h.history_type, h.history_user) for h in winner.history.all()] == [("+", steward)]
    assert ExperienceEntry.objects.filter(race=race, created_by=steward).count() == 6
