"""The stewards' admin: every sheet page opens; choose a version and decide a protest from there."""

from __future__ import annotations

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.urls import reverse

from races.models import Penalty, Protest, RaceSheet, SheetConfirmation, SheetPhoto, SubmissionAttempt
from races.sheets.protests import protest_file, sheet_confirm
from tests.sheets.conftest import jpeg_bytes, upload

pytestmark = pytest.mark.django_db

MODELS = [RaceSheet, SheetPhoto, SubmissionAttempt, SheetConfirmation, Protest, Penalty]


def admin_url(model, action: str, *args) -> str:
    return reverse(f"admin:races_{model._meta.model_name}_{action}", args=args)


@pytest.fixture
def steward_client(client, oval):
    client.force_login(oval.steward)
    oval.steward.is_superuser = True
    oval.steward.save()
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


@pytest.fixture
def filed(oval, example, submit):
    first = submit(
        oval.race,
        example("race-ovale-valid.json"),
        oval.alice,
        photos=[upload("p.jpg", jpeg_bytes((30, 20)))],
    )
    second = submit(oval.race, example("race-ovale-valid.json"), oval.bruno)
    sheet_confirm(sheet=first, by=oval.bruno)
    car7 = oval.race.entries.get(season_entry=oval.car7)
    protest = protest_file(sheet=first, by=oval.bruno, reason="Blocking in T2.", against=car7)
    return first, second, protest


@pytest.mark.parametrize("model", MODELS, ids=lambda m: m.__name__)
def test_every_list_opens(steward_client, filed, model):
    assert steward_client.get(admin_url(model, "changelist")).status_code == 200


def test_a_sheet_shows_its_log_verdict_and_history(steward_client, filed):
    sheet = filed[0]

    html = steward_client.get(admin_url(RaceSheet, "change", sheet.pk)).content.decode()

    assert "formule-de/race-log@1" in html
    assert "&quot;result_matches&quot;: true" in html
    assert steward_client.get(admin_url(RaceSheet, "history", sheet.pk)).status_code == 200


def test_the_stewards_choose_a_version_from_the_list(steward_client, filed):
    first, second, _protest = filed

    response = steward_client.post(
        admin_url(RaceSheet, "changelist"), {"action": "choose_version", ACTION_CHECKBOX_NAME: [second.pk]}
    )

    assert response.status_code == 302
    assert list(RaceSheet.objects.filter(chosen=True)) == [second]


def test_the_stewards_decide_a_protest_through_a_form(steward_client, filed, oval):
    protest = filed[2]
    url = admin_url(Protest, "changelist")

    form = steward_client.post(url, {"action": "decide", ACTION_CHECKBOX_NAME: [protest.pk]})
    assert form.status_code == 200
    assert "Blocking in T2." in form.content.decode()

    response = steward_client.post(
        url,
        {
            "action": "decide",
            ACTION_CHECKBOX_NAME: [protest.pk],
            "apply": "1",
            "upheld": "1",
            "decision": "Blocking, turn 7.",
            "penalty_points": "2",
            "penalty_places": "0",
        },
    )

    assert response.status_code == 302
    protest.refresh_from_db()
    assert (protest.status, protest.decided_by) == ("upheld", oval.steward)
    assert Penalty.objects.get().points == 2
    assert steward_client.get(admin_url(Penalty, "history", Penalty.objects.get().pk)).status_code == 200
