"""races 0014 keeps one open table per race before its constraint: a race with several keeps its
newest (the one the watchers' page showed); the others are closed, replaced by it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.races.test_migration_stewarding import migrate

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

BEFORE = [("races", "0013_raceentry_dns"), ("league", "0007_season_dns_points")]


def test_a_race_with_several_open_tables_keeps_its_newest():
    apps = migrate(BEFORE)
    Season, Circuit = apps.get_model("league", "Season"), apps.get_model("races", "Circuit")
    Race, LiveTable = apps.get_model("races", "Race"), apps.get_model("races", "LiveTable")
    season = Season.objects.create(
        name="S", slug="s", year=2026, points_table=[10, 8], options=["A7"], dns_points=0
    )
    circuit = Circuit.objects.create(slug="c", name="C", document={})
    when = datetime(2026, 3, 1, tzinfo=UTC)
    busy, calm = (
        Race.objects.create(season=season, round=n, circuit=circuit, scheduled_at=when) for n in (1, 2)
    )
    made = [
        LiveTable.objects.create(race=busy, header={}, status=status, created_at=when + timedelta(minutes=n))
        for n, status in enumerate(["playing", "over", "finished", "playing"])
    ]
    alone = LiveTable.objects.create(race=calm, header={}, status="playing", created_at=when)

    apps = migrate()
    LiveTable = apps.get_model("races", "LiveTable")

    rows = dict(LiveTable.objects.values_list("pk", "status"))
    newest = made[3].pk
    assert rows == {
        made[0].pk: "closed",
        made[1].pk: "closed",
        made[2].pk: "finished",
        newest: "playing",
        alone.pk: "playing",
    }
    replaced = dict(LiveTable.objects.values_list("pk", "replaced_by_id"))
    assert replaced[made[0].pk] == replaced[made[1].pk] == newest and replaced[newest] is None
