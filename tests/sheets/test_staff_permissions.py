"""A staff account does what its permissions say, no more: through the API, the services and the admin."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from rest_framework.test import APIClient

from league.models import Team
from sheets.judging import race_sheet_choose
from sheets.models import Protest, RaceSheet
from sheets.protests import protest_decide, protest_file

pytestmark = pytest.mark.django_db


@pytest.fixture
def viewer(django_user_model):
    """Staff with every view permission and nothing else."""
    user = django_user_model.objects.create_user("viewer", password="demo", is_staff=True)
    user.user_permissions.set(Permission.objects.filter(codename__startswith="view_"))
    return django_user_model.objects.get(pk=user.pk)  # permission caches start empty


@pytest.fixture
def sheet(oval, example, submit):
    return submit(oval.race, example("race-ovale-valid.json"), oval.alice)


def test_a_view_only_staff_cannot_write_through_the_api(viewer):
    client = APIClient()
    client.force_authenticate(viewer)
    assert client.post(reverse("api:team-list"), {"name": "X", "slug": "x"}, format="json").status_code == 403
    assert not Team.objects.exists()
    assert client.get(reverse("api:team-list")).status_code == 200


def test_a_staff_with_the_add_permission_may_write(django_user_model):
    user = django_user_model.objects.create_user("clerk", password="demo", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="add_team"))
    client = APIClient()
    client.force_authenticate(django_user_model.objects.get(pk=user.pk))
    assert client.post(reverse("api:team-list"), {"name": "X", "slug": "x"}, format="json").status_code == 201
    team = Team.objects.get()
    assert (
        client.patch(reverse("api:team-detail", args=[team.pk]), {"name": "Y"}, format="json").status_code
        == 403
    )


def test_a_view_only_staff_cannot_choose_a_version_or_decide_a_protest(oval, sheet, viewer):
    with pytest.raises(PermissionDenied):
        race_sheet_choose(sheet=sheet, by=viewer)
    protest = protest_file(sheet=sheet, by=oval.bruno, reason="Car 7 cheated.")
    with pytest.raises(PermissionDenied):
        protest_decide(protest=protest, by=viewer, decision="Dismissed.", upheld=False)
    assert Protest.objects.get().status == Protest.Status.OPEN


def test_a_view_only_staff_is_not_offered_the_stewards_admin_actions(oval, sheet, viewer, client):
    client.force_login(viewer)
    response = client.get(reverse("admin:races_racesheet_changelist"))
    assert response.status_code == 200
    assert b"choose_version" not in response.content
    response = client.post(
        reverse("admin:races_racesheet_changelist"),
        {"action": "choose_version", "_selected_action": [sheet.pk]},
    )
    sheet.refresh_from_db()
    assert sheet.chosen is True  # the first valid version stands; nothing changed hands
    assert RaceSheet.objects.filter(chosen=True).count() == 1
    protest = protest_file(sheet=sheet, by=oval.bruno, reason="Car 7 cheated.")
    client.post(
        reverse("admin:races_protest_changelist"),
        {
            "action": "decide",
            "_selected_action": [protest.pk],
            "apply": "1",
            "upheld": "0",
            "decision": "No.",
        },
    )
    assert Protest.objects.get().status == Protest.Status.OPEN


def test_a_view_only_staff_cannot_submit_sheets_for_a_race_he_is_not_in(oval, viewer, example):
    from sheets.selectors import sheet_submitter_allowed

    assert not sheet_submitter_allowed(race=oval.race, user=viewer)
    assert sheet_submitter_allowed(race=oval.race, user=oval.alice)
