"""Deciding protests: nothing decided by default; an upheld protest against the whole sheet rejects it."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from league.models import ExperienceEntry
from races.models import Race, Result
from sheets.forms import DecisionForm
from sheets.models import Protest, RaceEvent, RaceSheet
from sheets.protests import protest_decide, protest_file
from tests.sheets.conftest import snapshot, standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def sheet(oval, example, submit):
    return submit(oval.race, example("race-ovale-valid.json"), oval.alice)


def test_the_decision_form_chooses_nothing_for_the_stewards():
    form = DecisionForm({"decision": "Reasons given."})

    assert form.fields["outcome"].initial is None
    assert "outcome" in form.errors
    assert form.fields["penalty_kind"].initial is None


def test_a_decision_without_an_outcome_is_refused_and_changes_nothing(oval, sheet):
    protest = protest_file(sheet=sheet, by=oval.bruno, reason="Whole sheet is wrong.")
    before = snapshot(oval.race)

    with pytest.raises(ValidationError, match="Choose the decision"):
        protest_decide(protest=protest, by=oval.steward, decision="Hmm.", upheld=None)

    assert Protest.objects.get().status == Protest.Status.OPEN
    assert snapshot(oval.race) == before


def test_upholding_a_protest_against_the_only_sheet_sends_the_race_back_to_waiting(oval, sheet):
    assert standings(oval.season)["alice"] == 10
    protest = protest_file(sheet=sheet, by=oval.bruno, reason="This is not the race we played.")

    protest_decide(protest=protest, by=oval.steward, decision="The log is not the race played.", upheld=True)

    sheet.refresh_from_db()
    assert (sheet.status, sheet.chosen, sheet.rejection) == (
        RaceSheet.Status.REJECTED, False, "The log is not the race played.",
    )  # fmt: skip
    race = Race.objects.get(pk=oval.race.pk)
    assert race.status == Race.Status.RUN
    assert not Result.objects.filter(race=race).exists()
    assert not ExperienceEntry.objects.filter(race=race).exists()  # every row the sheet wrote
    assert dict(race.entries.values_list("season_entry__car_number", "grid_slot")) == {7: 1, 3: 2}
    assert standings(oval.season)["alice"] == 0 and standings(oval.season)["bruno"] == 0
    kinds = list(RaceEvent.objects.filter(race=race).values_list("kind", flat=True))
    assert kinds == ["filed", "decision", "rejection"]


def test_upholding_a_protest_against_the_standing_version_goes_back_to_the_previous_valid_one(
    oval, sheet, example, submit
):
    second = submit(oval.race, example("race-ovale-valid.json"), oval.bruno)
    from sheets.judging import race_sheet_choose

    race_sheet_choose(sheet=second, by=oval.steward)
    protest = protest_file(sheet=second, by=oval.alice, reason="Version 2 is not what we played.")

    protest_decide(protest=protest, by=oval.steward, decision="Version 2 rejected.", upheld=True)

    sheet.refresh_from_db()
    second.refresh_from_db()
    assert (second.status, second.chosen) == (RaceSheet.Status.REJECTED, False)
    assert sheet.chosen and sheet.status == RaceSheet.Status.VALID
    assert Race.objects.get(pk=oval.race.pk).status == Race.Status.VALIDATED
    assert standings(oval.season)["alice"] == 10


def test_the_rejection_and_its_reason_show_on_the_sheet_page(oval, sheet, client):
    protest = protest_file(sheet=sheet, by=oval.bruno, reason="Wrong race.")
    protest_decide(protest=protest, by=oval.steward, decision="Not the race played.", upheld=True)

    html = client.get(sheet.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "The stewards rejected this version:" in html and "Not the race played." in html


def test_a_rejected_sheet_is_not_judged_again_nor_chosen(oval, sheet):
    from sheets.judging import race_sheet_choose, race_sheet_validate

    protest = protest_file(sheet=sheet, by=oval.bruno, reason="Wrong race.")
    protest_decide(protest=protest, by=oval.steward, decision="Rejected.", upheld=True)

    assert race_sheet_validate(sheet_id=sheet.pk).status == RaceSheet.Status.REJECTED
    with pytest.raises(ValidationError, match="only a valid sheet can be chosen"):
        race_sheet_choose(sheet=sheet, by=oval.steward)
    assert not Result.objects.exists()


def test_a_dismissed_protest_against_the_whole_sheet_leaves_it_standing(oval, sheet):
    before = snapshot(oval.race)
    protest = protest_file(sheet=sheet, by=oval.bruno, reason="Wrong race.")

    protest_decide(protest=protest, by=oval.steward, decision="The log matches the photos.", upheld=False)

    assert RaceSheet.objects.get(pk=sheet.pk).status == RaceSheet.Status.VALID
    assert snapshot(oval.race) == before


def test_a_protest_against_the_whole_sheet_carries_no_car_penalty(oval, sheet):
    protest = protest_file(sheet=sheet, by=oval.bruno, reason="Wrong race.")

    with pytest.raises(ValidationError, match="rejects the sheet, no car is penalised"):
        protest_decide(
            protest=protest,
            by=oval.steward,
            decision="x",
            upheld=True,
            penalty_kind="points",
            penalty_amount=1,
        )
    assert RaceSheet.objects.get(pk=sheet.pk).status == RaceSheet.Status.VALID
