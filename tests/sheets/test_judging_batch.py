"""A worker's task judges the sheets waiting behind its own, and stores their verdicts together.

The batch must leave exactly what judging each sheet alone leaves: the same results, ledger rows,
grids, statuses and history. A sheet another task has claimed is left to it; one verdict the
database refuses does not cost the others theirs.
"""

from __future__ import annotations

import json
from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from circuits.services import circuit_create
from league.models import ExperienceEntry
from races.models import RaceEntry, Result
from rules import load_circuit
from sheets import judging
from sheets.judging import race_sheet_validate, race_sheets_validate
from sheets.models import RaceSheet
from sheets.services import race_sheet_submit
from sheets.tasks import race_sheets_requeue_stale
from tests.factories import bot_races

pytestmark = pytest.mark.django_db

SPA = Path(__file__).resolve().parents[2] / "fixtures" / "circuits" / "spa.json"
CARS, RACES = 4, 3


@pytest.fixture
def spa():
    document = json.loads(SPA.read_text())
    return circuit_create(document=document), load_circuit(document)


def _season(slug: str, spa) -> list[RaceSheet]:
    """A season of RACES bot-driven races on Spa (the same seeds whatever the slug), their sheets
    stored and left pending (nothing queued): the ones to judge."""
    by = get_user_model().objects.get_or_create(username="steward", is_staff=True, is_superuser=True)[0]
    races = bot_races(
        *spa, season_slug=slug, cars=CARS, seeds=range(1, RACES + 1), experience="100", crew_prefix=f"{slug}-"
    )
    with mock.patch("sheets.services.race_sheet_enqueue"):  # stored, not queued
        sheets = [race_sheet_submit(race=race, raw=raw, by=by) for race, raw in races]
    return sheets


def _state(sheets: list[RaceSheet]) -> list:
    """What the sheets' judging wrote, race by race, without ids, dates or names."""
    out = []
    for sheet in sheets:
        sheet = RaceSheet.objects.get(pk=sheet.pk)
        race = sheet.race
        out.append(
            {
                "sheet": (sheet.status, sheet.chosen, sheet.verdict, sheet.log, sheet.history.count()),
                "race": (race.status, race.history.count()),
                "results": list(
                    Result.objects.filter(race=race)
                    .order_by("position")
                    .values_list("race_entry__season_entry__car_number", "position", "status", "points")
                ),
                "result_history": Result.history.filter(race=race).count(),
                "grid": list(
                    RaceEntry.objects.filter(race=race)
                    .order_by("season_entry__car_number")
                    .values_list("season_entry__car_number", "grid_slot")
                ),
                "ledger": list(
                    ExperienceEntry.objects.filter(race=race)
                    .order_by("pk")
                    .values_list("driver__slug", "team__slug", "reason", "amount", "note")
                ),
            }
        )
    return json.loads(json.dumps(out, default=str).replace(sheets[0].race.season.slug, "S"))


def test_a_batch_writes_what_judging_each_sheet_alone_writes(spa, django_capture_on_commit_callbacks):
    alone, together = _season("alone", spa), _season("together", spa)
    for sheet in alone:
        race_sheet_validate(sheet_id=sheet.pk)

    with django_capture_on_commit_callbacks() as callbacks:
        judged = race_sheets_validate(sheet_id=together[0].pk, claim="task-1", more=RACES - 1)

    assert [sheet.pk for sheet in judged] == [sheet.pk for sheet in together]
    assert {sheet.status for sheet in judged} == {RaceSheet.Status.VALID}
    assert _state(together) == _state(alone)
    assert all(entry["results"] and entry["ledger"] for entry in _state(together))
    # One task queued at the commit for all the batch's messages (and none per sheet).
    assert [c.__qualname__ for c in callbacks].count("announce_all.<locals>.<lambda>") == 1


def test_a_batch_of_sheets_is_a_few_statements_not_a_few_per_sheet(spa, django_assert_max_num_queries):
    sheets = _season("counted", spa)
    race_sheets_validate(sheet_id=sheets[0].pk, claim="warm", more=RACES)  # the first builds Spa's track
    more = _season("more", spa)
    # 22 for one sheet alone (tests/perf/test_sheet_queries.py); three together, not three times that.
    with django_assert_max_num_queries(30):
        race_sheets_validate(sheet_id=more[0].pk, claim="task-2", more=RACES - 1)
    assert set(RaceSheet.objects.filter(pk__in=[s.pk for s in more]).values_list("status", flat=True)) == {
        "valid"
    }


def test_a_sheet_another_task_has_claimed_is_left_to_it_and_its_own_message_judges_it(spa):
    first, second, third = _season("claims", spa)
    RaceSheet.objects.filter(pk=second.pk).update(status=RaceSheet.Status.VALIDATING, claim="task-a")

    assert race_sheets_validate(sheet_id=second.pk, claim="task-b", more=5) == []  # another task's
    # A third task takes the backlog: the pending ones, not the claimed one.
    taken = race_sheets_validate(sheet_id=first.pk, claim="task-c", more=5)
    assert [sheet.pk for sheet in taken] == [first.pk, third.pk]
    assert RaceSheet.objects.get(pk=second.pk).status == RaceSheet.Status.VALIDATING
    # task-a's worker died; its message comes back (same task id) and judges what it had claimed.
    again = race_sheets_validate(sheet_id=second.pk, claim="task-a")
    assert [(sheet.pk, sheet.status) for sheet in again] == [(second.pk, RaceSheet.Status.VALID)]


def test_a_backlog_message_costs_one_read_of_its_own_row(spa, django_capture_on_commit_callbacks):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from sheets.tasks import validate_race_sheet

    first, second, _third = _season("backlog", spa)
    RaceSheet.objects.filter(pk=second.pk).update(status=RaceSheet.Status.VALIDATING, claim="task-a")
    race_sheet_validate(sheet_id=first.pk)
    # Most messages of a burst find their sheet taken by the task ahead: each is one read of one
    # row, with no join (the sheets' default ordering joins their races and seasons).
    for sheet in (first, second):  # judged; claimed by another task
        with CaptureQueriesContext(connection) as queries, django_capture_on_commit_callbacks(execute=True):
            answer = validate_race_sheet.apply(args=[sheet.pk]).get()
        assert answer == "judged or claimed elsewhere"
        assert len(queries) == 1, [q["sql"] for q in queries]
        assert "JOIN" not in queries[0]["sql"]


def test_the_sweep_releases_a_sheet_whose_task_is_gone(spa):
    first, *_rest = _season("swept", spa)
    RaceSheet.objects.filter(pk=first.pk).update(
        status=RaceSheet.Status.VALIDATING, claim="dead-task", updated_at=timezone.now() - timedelta(hours=1)
    )
    with mock.patch("sheets.tasks.validate_race_sheet.delay") as delay:
        assert race_sheets_requeue_stale(older_than=timedelta(minutes=10)) >= 1
    delay.assert_any_call(first.pk)
    swept = RaceSheet.objects.get(pk=first.pk)
    assert (swept.status, swept.claim) == (RaceSheet.Status.PENDING, "")
    assert race_sheets_validate(sheet_id=first.pk, claim="new-task")[0].status == RaceSheet.Status.VALID


def test_one_verdict_refused_costs_the_others_nothing(spa, monkeypatch):
    first, second, third = _season("refused", spa)
    real = judging._apply

    def refuse_the_second(*, sheet, **kwargs):
        if sheet.pk == second.pk:
            raise RuntimeError("a verdict the database refuses")
        return real(sheet=sheet, **kwargs)

    monkeypatch.setattr(judging, "_apply", refuse_the_second)
    judged = race_sheets_validate(sheet_id=first.pk, claim="task-d", more=5)

    assert {sheet.pk: sheet.status for sheet in judged} == {
        first.pk: RaceSheet.Status.VALID,
        second.pk: RaceSheet.Status.ERROR,
        third.pk: RaceSheet.Status.VALID,
    }
    assert "RuntimeError: a verdict the database refuses" in RaceSheet.objects.get(pk=second.pk).error
    assert not Result.objects.filter(race=second.race).exists()
    assert Result.objects.filter(race=third.race).count() == CARS
    assert ExperienceEntry.objects.filter(race=second.race).count() == 0
    assert ExperienceEntry.objects.filter(race=third.race).exists()


def test_a_race_with_both_its_sheets_in_one_batch_counts_its_gains_once(spa):
    """Two versions of one race's sheet in a batch: the first stands, the second is judged, the
    ledger has the first's rows once."""
    first, *_rest = _season("twice", spa)
    by = first.submitted_by
    with mock.patch("sheets.services.race_sheet_enqueue"):
        second = race_sheet_submit(race=first.race, raw=bytes(first.raw), by=by)
    judged = race_sheets_validate(sheet_id=first.pk, claim="task-e", more=10)
    assert {s.pk: (s.status, s.chosen) for s in judged if s.race_id == first.race_id} == {
        first.pk: (RaceSheet.Status.VALID, True),
        second.pk: (RaceSheet.Status.VALID, False),
    }
    rows = ExperienceEntry.objects.filter(race=first.race)
    assert rows.count() == len(RaceSheet.objects.get(pk=first.pk).verdict["experience_changes"])
    assert {row.sheet_id for row in rows} == {first.pk}
    assert sum((row.amount for row in rows), Decimal(0)) == sum(
        (
            Decimal(c["tenths"]).scaleb(-1)
            for c in RaceSheet.objects.get(pk=first.pk).verdict["experience_changes"]
        ),
        Decimal(0),
    )
