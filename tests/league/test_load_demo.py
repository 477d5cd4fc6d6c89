"""`manage.py load_demo`: the demo league, loaded once however often the command runs."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from circuits.models import Circuit
from league.models import Driver, ExperienceEntry, Season, SeasonEntry, Team
from league.selectors import experience_tally
from races.models import Race, RaceEntry, Result
from races.selectors import next_race
from races.standings import driver_standings
from tests.factories import OVAL, wide_oval_document

pytestmark = pytest.mark.django_db
PROJECT_CIRCUITS = Path(__file__).resolve().parents[2] / "fixtures" / "circuits"
MODELS = [
    Circuit,
    Team,
    Driver,
    Season,
    SeasonEntry,
    Race,
    RaceEntry,
    Result,
    ExperienceEntry,
    get_user_model(),
]


@pytest.fixture
def circuits(tmp_path) -> Path:
    """The shared test oval and a 10-car oval, so the test does not hang on the fixture files."""
    for document in (OVAL, wide_oval_document()):
        (tmp_path / f"{document['id']}.json").write_text(json.dumps(document), encoding="utf-8")
    return tmp_path


def load(folder: Path, *args: str) -> str:
    out = io.StringIO()
    call_command("load_demo", "--circuits", str(folder), *args, stdout=out)
    return out.getvalue()


def snapshot() -> dict[str, list[int]]:
    rows = {model.__name__: sorted(model.objects.values_list("pk", flat=True)) for model in MODELS}
    for model in (Season, Race, Result):
        rows[f"history of {model.__name__}"] = sorted(model.history.values_list("pk", flat=True))
    return rows


def test_a_second_run_changes_nothing(circuits):
    first = load(circuits)
    before = snapshot()

    second = load(circuits)

    assert "Created circuit ovale" in first and "Created season Championnat 2026." in first
    assert second.strip() == "Nothing to do: the demo league is already loaded."
    assert snapshot() == before


@pytest.mark.slow
def test_reset_wipes_and_loads_again(circuits):
    load(circuits)
    before = {name: len(pks) for name, pks in snapshot().items() if not name.startswith("history")}
    old_alice = Driver.objects.get(slug="alice").pk

    out = load(circuits, "--reset")

    assert out.startswith("Wiped the league data")
    assert {name: len(pks) for name, pks in snapshot().items() if not name.startswith("history")} == before
    assert Driver.objects.get(slug="alice").pk != old_alice


def test_it_loads_teams_drivers_and_their_accounts(circuits):
    users = get_user_model().objects
    assert not users.exists()  # accounts come from load_demo only

    load(circuits)

    assert Team.objects.count() == 6  # the sixth has no car yet: room on the entry lists
    assert Team.objects.get(slug="rouge").name == "Écurie Rouge"
    assert Team.objects.get(slug="bleu").name == "Écurie Bleue"
    assert Driver.objects.count() == 10
    for driver in Driver.objects.select_related("user"):
        assert driver.user.username == driver.slug
        assert driver.user.check_password("demo")
        assert len(driver.country) == 2
    admin = users.get(username="admin")
    assert admin.is_superuser and admin.check_password("demo")


def test_the_finished_season_has_six_races_and_best_five(circuits):
    load(circuits)

    season = Season.objects.get(slug="championnat-2025")
    races = season.races.order_by("round")
    assert (season.name, season.status, season.best_results) == ("Championnat 2025", "finished", 5)
    assert [race.status for race in races] == ["official"] * 6
    assert all(race.results.count() == 10 for race in races)
    table = driver_standings(season=season)
    assert [row.position for row in table] == list(range(1, 11))
    assert any(row.total_points > row.points for row in table)  # best-N dropped a score
    assert Result.objects.filter(race__season=season, penalty_points__gt=0).count() == 1


def test_the_running_season_has_results_a_race_just_run_and_races_to_come(circuits):
    load(circuits)

    season = Season.objects.get(slug="championnat-2026")
    races = list(season.races.select_related("circuit").order_by("round"))
    assert (season.name, season.status, len(races)) == ("Championnat 2026", "running", 8)
    assert [race.status for race in races[:4]] == ["official"] * 4
    assert all(race.results.count() == 10 for race in races[:4])
    oval = races[4]
    assert (oval.circuit.slug, oval.status, oval.race_laps) == ("ovale", "run", 1)
    assert not oval.results.exists()
    now = timezone.now()
    assert all(race.status == "scheduled" and race.scheduled_at > now for race in races[5:])
    assert all(race.scheduled_at < now for race in races[:5])
    assert next_race(season=season) == races[5]


def test_the_oval_race_has_the_cars_of_the_shared_logs(circuits):
    load(circuits)

    season = Season.objects.get(slug="championnat-2026")
    oval = season.races.get(circuit__slug="ovale")
    entries = oval.entries.select_related("season_entry__driver", "season_entry__team").order_by("grid_slot")
    assert [
        (e.season_entry.car_id, e.season_entry.driver.slug, e.season_entry.team.slug, e.grid_slot)
        for e in entries
    ] == [
        ("7", "alice", "rouge", 1),
        ("3", "bruno", "bleu", 2),
    ]
    assert SeasonEntry.objects.get(season=season, car_number=7).driver.slug == "alice"
    assert SeasonEntry.objects.get(season=season, car_number=3).team.slug == "bleu"


def test_results_have_eliminations_with_causes(circuits):
    load(circuits)

    eliminated = Result.objects.filter(status=Result.Status.ELIMINATED)
    assert eliminated.exists()
    assert all(result.cause and result.turn for result in eliminated)
    assert not Result.objects.filter(status=Result.Status.FINISHED, points=0, position__lte=8).exists()


@pytest.mark.slow
def test_the_ledger_matches_the_results(circuits):
    load(circuits)

    for race in Race.objects.filter(status=Race.Status.OFFICIAL):
        rows = {(e.reason, e.driver_id) for e in race.experience.filter(driver__isnull=False, amount__gt=0)}
        grid = {e.grid_slot: e.season_entry.driver_id for e in race.entries.select_related("season_entry")}
        podium = {
            r.position: r.race_entry.season_entry.driver_id
            for r in race.results.filter(status="finished", position__lte=3).select_related(
                "race_entry__season_entry"
            )
        }
        expected = {("pole", grid[1]), ("grid2", grid[2])}
        expected |= {
            (reason, podium[p]) for p, reason in ((1, "win"), (2, "second"), (3, "third")) if p in podium
        }
        assert rows == expected, race
    # A spend shows as a negative row, and balances stay sums of the rows.
    assert ExperienceEntry.objects.filter(amount__lt=0).exists()
    tally = experience_tally()
    for driver in Driver.objects.all():
        total = sum((e.amount for e in driver.experience.all()), start=0)
        assert tally["drivers"].get(driver.pk, 0) == total


@pytest.mark.slow
def test_it_loads_the_project_circuits():
    out = load(PROJECT_CIRCUITS)

    assert "Created circuit monaco" in out
    slugs = set(Season.objects.get(slug="championnat-2026").races.values_list("circuit__slug", flat=True))
    assert {"monaco", "spa", "monza", "montreal", "ovale"} <= slugs
    assert Circuit.objects.get(slug="monaco").country == "MC"
    assert load(PROJECT_CIRCUITS).strip() == "Nothing to do: the demo league is already loaded."


def test_a_missing_folder_is_an_error(tmp_path):
    with pytest.raises(CommandError, match="no such folder"):
        load(tmp_path / "nowhere")


def test_without_the_test_oval_it_says_so(tmp_path):
    (tmp_path / "anneau.json").write_text(json.dumps(wide_oval_document()), encoding="utf-8")

    with pytest.raises(CommandError, match="ovale.json"):
        load(tmp_path)
    assert not Circuit.objects.exists()  # all or nothing


def test_the_demo_shows_an_open_entry_list_and_a_player_with_things_to_do(circuits):
    from demo.services import PLANNED_SLUG
    from league.models import EntryRequest
    from races.registration import entry_list_is_open
    from sheets.my_races import player_dashboard

    load(circuits)

    planned = Season.objects.get(slug=PLANNED_SLUG)
    assert planned.status == Season.Status.PLANNED and entry_list_is_open(season=planned)
    statuses = sorted(planned.entry_requests.values_list("status", flat=True))
    assert statuses == [
        EntryRequest.Status.ACCEPTED,
        EntryRequest.Status.PENDING,
        EntryRequest.Status.PENDING,
    ]
    alice = player_dashboard(user=get_user_model().objects.get(username="alice"))
    assert alice.next_race is not None and alice.next_race.needs_wear
    assert [e.race.round for e in alice.sheets_owed] == [5]  # the oval, run, its sheet not in
    # the running season's rounds to come have every car
    running = Season.objects.get(slug="championnat-2026")
    for race in running.races.filter(status=Race.Status.SCHEDULED):
        assert race.entries.count() == running.entries.count()


def test_the_demo_has_a_remote_race_opened_by_the_site(
    circuits, mailoutbox, django_capture_on_commit_callbacks
) -> None:
    from live.models import LiveTable
    from remote.models import CarClock

    with django_capture_on_commit_callbacks(execute=True):  # the clocks start once the table commits
        load(circuits)
        load(circuits)  # loaded twice: one table

    cup = Season.objects.get(slug="coupe-par-correspondance")
    assert cup.remote_races and cup.status == Season.Status.RUNNING
    table = LiveTable.objects.get(race__season=cup)
    assert table.mode == LiveTable.Mode.REMOTE and table.status == LiveTable.Status.PLAYING
    clock = CarClock.objects.get(table=table, step=0)
    assert clock.user.username == "elena" and clock.due_at is not None
    assert any(m.to == ["elena@example.org"] and "table" in m.body for m in mailoutbox)
