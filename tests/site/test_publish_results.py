"""Admin action "publish results": validated races become official, the others stay as they are."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from races.models import Race
from sheets.publishing import race_publish
from tests.site.conftest import race_more

pytestmark = pytest.mark.django_db


def test_publishing_makes_a_validated_race_official_and_records_who(league, admin_user):
    race = race_more(league, status=Race.Status.VALIDATED)

    race_publish(race=race, by=admin_user)

    race.refresh_from_db()
    assert race.status == Race.Status.OFFICIAL
    assert race.history.latest().history_user == admin_user


def test_only_validated_results_can_be_published(league, admin_user):
    race = race_more(league, status=Race.Status.SUBMITTED)

    with pytest.raises(ValidationError, match="seuls des résultats validés peuvent être publiés"):
        race_publish(race=race, by=admin_user)
    race.refresh_from_db()
    assert race.status == Race.Status.SUBMITTED


def test_the_admin_action_publishes_the_validated_and_names_the_others(admin_client, league):
    validated = race_more(league, status=Race.Status.VALIDATED)
    submitted = race_more(league, status=Race.Status.SUBMITTED)

    response = admin_client.post(
        reverse("admin:races_race_changelist"),
        {"action": "publish_results", "_selected_action": [validated.pk, submitted.pk]},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="en",
    )

    validated.refresh_from_db()
    submitted.refresh_from_db()
    assert (validated.status, submitted.status) == (Race.Status.OFFICIAL, Race.Status.SUBMITTED)
    notes = [str(m) for m in response.context["messages"]]
    assert "Published the results of 1 race." in notes
    assert any("R5" in note and "only validated results can be published" in note for note in notes)
