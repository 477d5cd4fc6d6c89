"""races 0005 keeps the data: a penalty of points and places becomes two, a second protest is kept withdrawn."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

BEFORE = [("races", "0004_race_table"), ("league", "0006_notices")]


def migrate(targets=None):
    """Migrate to `targets` (default: every app's latest) and return the models as they were there."""
    executor = MigrationExecutor(connection)
    targets = targets or executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


def test_penalties_and_protests_are_kept_through_the_migration():
    apps = migrate(BEFORE)
    Season = apps.get_model("league", "Season")
    Team, Driver = apps.get_model("league", "Team"), apps.get_model("league", "Driver")
    SeasonEntry = apps.get_model("league", "SeasonEntry")
    Circuit, Race = apps.get_model("races", "Circuit"), apps.get_model("races", "Race")
    RaceEntry, RaceSheet = apps.get_model("races", "RaceEntry"), apps.get_model("races", "RaceSheet")
    Protest, Penalty = apps.get_model("races", "Protest"), apps.get_model("races", "Penalty")
    User = apps.get_model("auth", "User")

    season = Season.objects.create(name="S", slug="s", year=2026, points_table=[10, 8], options=["A7"])
    team, driver = Team.objects.create(name="T", slug="t"), Driver.objects.create(name="D", slug="d")
    entry = SeasonEntry.objects.create(season=season, driver=driver, team=team, car_number=7)
    circuit = Circuit.objects.create(slug="c", name="C", document={})
    when = datetime(2026, 3, 1, tzinfo=UTC)
    race = Race.objects.create(season=season, round=1, circuit=circuit, scheduled_at=when, status="validated")
    car = RaceEntry.objects.create(race=race, season_entry=entry)
    sheet = RaceSheet.objects.create(race=race, version=1, raw=b"{}", status="valid")
    bruno = User.objects.create(username="bruno")
    first = Protest.objects.create(sheet=sheet, filed_by=bruno, reason="one", status="upheld", filed_at=when)
    Protest.objects.create(sheet=sheet, filed_by=bruno, reason="two", filed_at=when)
    Penalty.objects.create(
        race_entry=car, protest=first, points=2, places=1, reason="Blocking.", decided_at=when
    )

    apps = migrate()
    Penalty, Protest = apps.get_model("races", "Penalty"), apps.get_model("races", "Protest")

    rows = list(Penalty.objects.order_by("kind").values("kind", "points", "places", "reason", "protest_id"))
    assert rows == [
        {"kind": "places", "points": 0, "places": 1, "reason": "Blocking.", "protest_id": first.pk},
        {"kind": "points", "points": 2, "places": 0, "reason": "Blocking.", "protest_id": first.pk},
    ]
    assert len(set(Penalty.objects.values_list("key", flat=True))) == 2
    assert dict(Protest.objects.values_list("reason", "status")) == {"one": "upheld", "two": "withdrawn"}
