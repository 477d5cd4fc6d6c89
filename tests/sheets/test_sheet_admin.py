"""The stewards' admin: every sheet page opens; choose a version and decide a protest from there."""

from __future__ import annotations

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.urls import reverse

from races.models import Penalty
from sheets.models import Protest, RaceSheet, SheetConfirmation, SheetPhoto, SubmissionAttempt
from sheets.protests import protest_file, sheet_confirm
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


def test_the_decide_action_opens_the_decision_page_where_the_stewards_decide(steward_client, filed, oval):
    protest = filed[2]

    response = steward_client.post(
        admin_url(Protest, "changelist"), {"action": "decide", ACTION_CHECKBOX_NAME: [protest.pk]}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("sheets:protest-decide", args=[protest.pk])
    page = steward_client.get(response["Location"]).content.decode()
    assert "Blocking in T2." in page

    response = steward_client.post(
        response["Location"],
        {
            "outcome": "upheld",
            "decision": "Blocking, turn 7.",
            "penalty_kind": "points",
            "penalty_amount": "2",
        },
    )

    assert response.status_code == 302
    protest.refresh_from_db()
    assert (protest.status, protest.decided_by) == ("upheld", oval.steward)
    assert Penalty.objects.get().points == 2
    assert steward_client.get(admin_url(Penalty, "history", Penalty.objects.get().pk)).status_code == 200


def test_the_complainants_words_date_and_author_are_read_only_in_the_admin(steward_client, filed, oval):
    protest = filed[2]
    before = Protest.objects.values("reason", "filed_at", "filed_by").get(pk=protest.pk)

    page = steward_client.get(admin_url(Protest, "change", protest.pk)).content.decode()
    response = steward_client.post(
        admin_url(Protest, "change", protest.pk),
        {
            "reason": "Nothing happened.",
            "filed_at_0": "2020-01-01",
            "filed_at_1": "10:00",
            "filed_by": oval.steward.pk,
        },
    )

    assert 'name="reason"' not in page and 'name="filed_at_0"' not in page
    assert response.status_code == 403
    assert Protest.objects.values("reason", "filed_at", "filed_by").get(pk=protest.pk) == before


def test_results_are_read_only_in_the_admin(steward_client, filed, oval):
    page = steward_client.get(reverse("admin:races_race_change", args=[oval.race.pk])).content.decode()

    assert 'name="results-0-points"' not in page and 'name="results-0-penalty_points"' not in page
    assert "a correction is a penalty or a new sheet version" in page
    result = oval.race.results.first()
    assert steward_client.post(reverse("admin:races_result_change", args=[result.pk]), {}).status_code == 403
    assert steward_client.get(reverse("admin:races_result_add")).status_code == 403


def test_the_requeue_action_queues_pending_sheets_from_the_list(steward_client, oval, example, monkeypatch):
    from sheets import admin as sheet_admin

    sheet = RaceSheet.objects.create(
        race=oval.race, version=1, submitted_by=oval.alice, raw=example("race-ovale-valid.json")
    )
    done = RaceSheet.objects.create(
        race=oval.race, version=2, submitted_by=oval.alice, raw=b"{}", status=RaceSheet.Status.INVALID
    )
    queued = []
    monkeypatch.setattr(
        sheet_admin, "race_sheet_enqueue", lambda *, sheet_id: queued.append(sheet_id) or True
    )

    response = steward_client.post(
        admin_url(RaceSheet, "changelist"),
        {"action": "validate_again", ACTION_CHECKBOX_NAME: [sheet.pk, done.pk]},
        follow=True,
    )

    assert response.status_code == 200
    assert queued == [sheet.pk]
    assert "1 sheet(s) queued." in response.content.decode()
