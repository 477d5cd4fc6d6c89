"""Experience spent in a race (X2, X3): checked against the league's ledger and written to it."""

from __future__ import annotations

from decimal import Decimal

import pytest

from league.models import ExperienceEntry
from league.selectors import driver_experience
from league.services import experience_record
from rules.ledger import XpChange, XpKind, XpReason
from sheets.experience import experience_check
from sheets.judging import race_sheet_choose
from sheets.models import RaceSheet
from tests.conftest import ROOT

SPENDING_LOG = ROOT / "fixtures" / "race_logs" / "core" / "x2-legal-minus1.json"


def give(oval, amount: str) -> None:
    experience_record(
        season=oval.season, driver=oval.car7.driver, reason=ExperienceEntry.Reason.ADJUSTMENT, amount=amount
    )


@pytest.mark.django_db
def test_it_checks_every_spend_of_the_verdict(oval) -> None:
    """A build's team point, a die change and a fast stop: each owner's ledger must cover its spends."""
    entries = {e.season_entry.car_id: e for e in oval.race.entries.all()}
    changes = [
        XpChange("7", XpKind.DRIVER, XpReason.POLE, 3),
        XpChange("7", XpKind.TEAM, XpReason.WEAR, -10),
        XpChange("7", XpKind.DRIVER, XpReason.DIE, -10, 4),
        XpChange("3", XpKind.TEAM, XpReason.FAST_STOP, -10, 6),
        XpChange("3", XpKind.DRIVER, XpReason.WIN, 5, 9),  # earned at the finish: too late to spend
    ]
    problems = experience_check(race=oval.race, entries=entries, changes=changes)
    assert [(p["car"], p["rule"]) for p in problems] == [
        ("7", "SITE-experience"),
        ("3", "SITE-experience"),
        ("7", "SITE-experience"),
    ]
    assert [p["message"].split(" spends ")[0] for p in problems] == ["Alice", "Écurie Bleue", "Écurie Rouge"]
    assert "gives 0.3" in problems[0]["message"]


@pytest.mark.django_db
def test_it_refuses_a_spend_the_ledger_does_not_cover(oval, submit) -> None:
    """Alice has no experience in the league: the pole's 0.3 does not pay for a 1.0 die change."""
    sheet = submit(oval.race, SPENDING_LOG.read_bytes(), oval.alice)
    assert sheet.status == RaceSheet.Status.INVALID
    rules = [(v["rule"], v["car"]) for v in sheet.verdict["violations"]]
    assert rules == [("SITE-experience", "7")]
    assert "0.3" in sheet.verdict["violations"][0]["message"]
    assert not ExperienceEntry.objects.filter(race=oval.race).exists()


@pytest.mark.django_db
def test_it_writes_the_spend_beside_the_gains(oval, submit) -> None:
    """0.7 in the ledger + 0.3 for pole pays the die change; after the win alice has 0.7 + 0.3 + 0.5 - 1.0."""
    give(oval, "0.7")
    sheet = submit(oval.race, SPENDING_LOG.read_bytes(), oval.alice)
    assert sheet.status == RaceSheet.Status.VALID, sheet.verdict["violations"]
    spends = ExperienceEntry.objects.filter(race=oval.race, reason=ExperienceEntry.Reason.DIE)
    assert [(row.driver.slug, row.amount, row.note) for row in spends] == [
        ("alice", Decimal("-1.0"), f"race sheet #{sheet.pk}")
    ]
    assert driver_experience(driver=oval.car7.driver) == Decimal("0.5")


@pytest.mark.django_db
def test_choosing_another_version_replaces_its_spends(oval, submit) -> None:
    give(oval, "0.7")
    first = submit(oval.race, SPENDING_LOG.read_bytes(), oval.alice)
    second = submit(oval.race, SPENDING_LOG.read_bytes(), oval.alice)
    assert (first.status, second.status) == (RaceSheet.Status.VALID, RaceSheet.Status.VALID)
    race_sheet_choose(sheet=second, by=oval.steward)
    spends = ExperienceEntry.objects.filter(race=oval.race, reason=ExperienceEntry.Reason.DIE)
    assert [row.note for row in spends] == [f"race sheet #{second.pk}"]
    assert driver_experience(driver=oval.car7.driver) == Decimal("0.5")
