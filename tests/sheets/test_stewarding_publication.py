"""Publication: after the protest window with no protest open, or by a stewards' override with its reason."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from races.models import Race
from sheets.audit import race_history
from sheets.models import RaceEvent
from sheets.protests import protest_decide, protest_file
from sheets.publishing import race_publish, race_reopen
from tests.sheets.conftest import close_window, snapshot

pytestmark = pytest.mark.django_db


@pytest.fixture
def sheet(oval, example, submit):
    return submit(oval.race, example("race-ovale-valid.json"), oval.alice)


def status(race: Race) -> str:
    return Race.objects.get(pk=race.pk).status


def test_publishing_while_the_window_is_open_is_refused_and_changes_nothing(oval, sheet):
    before = snapshot(oval.race)

    with pytest.raises(ValidationError, match="its protest window is open until"):
        race_publish(race=oval.race, by=oval.steward)

    assert snapshot(oval.race) == before
    assert not RaceEvent.objects.filter(kind="publication").exists()


def test_publishing_after_the_window_makes_the_results_official_and_records_it(oval, sheet):
    close_window(oval.race)

    race_publish(race=oval.race, by=oval.steward)

    assert status(oval.race) == Race.Status.OFFICIAL
    event = RaceEvent.objects.get(kind="publication")
    assert (event.by, event.data, event.public, event.summary()) == (
        oval.steward, {"override": False}, True, "Results published",
    )  # fmt: skip


def test_a_stewards_override_publishes_early_with_its_reason(oval, sheet):
    race_publish(race=oval.race, by=oval.steward, override_reason="Both drivers confirmed on the night.")

    assert status(oval.race) == Race.Status.OFFICIAL
    event = RaceEvent.objects.get(kind="publication")
    assert event.why == "Both drivers confirmed on the night."
    assert event.summary() == "Results published by a stewards' override"


def test_only_a_steward_overrides(oval, sheet):
    with pytest.raises(PermissionDenied):
        race_publish(race=oval.race, by=oval.alice, override_reason="Trust me.")
    assert status(oval.race) == Race.Status.VALIDATED


def test_an_open_protest_blocks_publication_even_after_the_window(oval, sheet):
    protest = protest_file(sheet=sheet, by=oval.bruno, reason="Car 7 blocked.")
    close_window(oval.race)
    before = snapshot(oval.race)

    for override in ("", "Hurry."):
        with pytest.raises(ValidationError, match="1 protest\\(s\\) are still open"):
            race_publish(race=oval.race, by=oval.steward, override_reason=override)
    assert snapshot(oval.race) == before

    protest_decide(protest=protest, by=oval.steward, decision="Racing incident.", upheld=False)
    race_publish(race=oval.race, by=oval.steward)
    assert status(oval.race) == Race.Status.OFFICIAL


def test_a_protest_after_publication_is_refused_as_late(oval, sheet):
    race_publish(race=oval.race, by=oval.steward, override_reason="Confirmed by both.")
    before = snapshot(oval.race)

    with pytest.raises(ValidationError, match="official"):
        protest_file(sheet=sheet, by=oval.bruno, reason="Too late.")

    assert snapshot(oval.race) == before


def test_a_reopening_needs_a_steward_and_a_reason_and_is_recorded(oval, sheet):
    close_window(oval.race)
    race_publish(race=oval.race, by=oval.steward)

    with pytest.raises(PermissionDenied):
        race_reopen(race=oval.race, by=oval.alice, reason="I want more points.")
    with pytest.raises(ValidationError, match="Say why"):
        race_reopen(race=oval.race, by=oval.steward, reason=" ")
    assert status(oval.race) == Race.Status.OFFICIAL

    race_reopen(race=oval.race, by=oval.steward, reason="A photo shows a wrong gear at turn 4.")

    assert status(oval.race) == Race.Status.VALIDATED
    assert [e.kind for e in race_history(race=oval.race, public_only=True)] == ["publication", "reopening"]


def test_the_history_keeps_who_when_what_and_why_and_the_public_part_leaves_complaints_out(oval, sheet):
    car7 = oval.race.entries.get(season_entry=oval.car7)
    protest = protest_file(sheet=sheet, by=oval.bruno, reason="Car 7 blocked me.", against=car7)
    protest_decide(
        protest=protest, by=oval.steward, decision="Blocking.", upheld=True, penalty_kind="points",
        penalty_amount=2, rule="F3",
    )  # fmt: skip
    close_window(oval.race)
    race_publish(race=oval.race, by=oval.steward)

    history = list(race_history(race=oval.race))
    assert [(e.kind, e.by.username) for e in history] == [
        ("filed", "bruno"), ("decision", "steward"), ("penalty", "steward"), ("publication", "steward"),
    ]  # fmt: skip
    assert [e.summary() for e in history[1:3]] == [
        "Protest by bruno against car 7: upheld",
        "Car 7: −2 points",
    ]
    assert history[2].why == "F3: Blocking."
    assert all(e.at is not None for e in history)
    assert [e.kind for e in race_history(race=oval.race, public_only=True)] == [
        "decision",
        "penalty",
        "publication",
    ]
