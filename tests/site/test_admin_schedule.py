"""Admin: "Schedule races" creates a season's races in one go, rounds after the existing ones."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from circuits.models import Circuit
from races.models import Race
from races.schedule import season_schedule
from tests.factories import make_circuit, oval_document, wide_oval_document

pytestmark = pytest.mark.django_db


@pytest.fixture
def circuits():
    return [
        make_circuit(wide_oval_document()),
        make_circuit(oval_document(id="petit", name="Petit ovale")),
        make_circuit(wide_oval_document("grand", "Grand anneau")),
    ]


def schedule_url(season) -> str:
    return reverse("admin:league_season_schedule", args=[season.pk])


def post_data(circuits, first: str = "2026-03-07", interval: int = 14, dates=None, start: str = "20:30"):
    data = {
        "first_date": first,
        "start_time": start,
        "interval_days": interval,
        "laps": "",
        "races-TOTAL_FORMS": 8,
        "races-INITIAL_FORMS": 0,
        "races-MIN_NUM_FORMS": 0,
        "races-MAX_NUM_FORMS": 40,
        "confirm_past": "on",  # the dates below are in the past of the test machine's clock
    }
    dates = dates or {}
    for i, circuit in enumerate(circuits):
        data[f"races-{i}-circuit"] = circuit.pk
        data[f"races-{i}-date"] = dates.get(i, "")
    return data


def local(day: date, at: time = time(20, 30)) -> datetime:
    return timezone.make_aware(datetime.combine(day, at))


def test_the_season_page_links_to_the_schedule_form(admin_client, league):
    html = admin_client.get(reverse("admin:league_season_change", args=[league.season.pk])).content.decode()

    assert schedule_url(league.season) in html
    assert admin_client.get(schedule_url(league.season)).status_code == 200


def test_the_form_creates_races_in_order_after_the_existing_rounds(admin_client, league, circuits):
    response = admin_client.post(
        schedule_url(league.season), post_data(circuits, dates={1: "2026-03-29"}), follow=True
    )

    assert response.redirect_chain[-1][0] == reverse("admin:league_season_change", args=[league.season.pk])
    new = list(Race.objects.filter(season=league.season, round__gt=3).order_by("round"))
    assert [(r.round, r.circuit.slug) for r in new] == [(4, "anneau"), (5, "petit"), (6, "grand")]
    assert [r.scheduled_at for r in new] == [
        local(date(2026, 3, 7)),
        local(date(2026, 3, 29)),  # its own date
        local(date(2026, 3, 7) + timedelta(days=28)),  # third race: two intervals after the first
    ]
    assert all(r.status == Race.Status.SCHEDULED for r in new)


def test_a_race_without_any_date_creates_nothing_and_says_why(admin_client, league, circuits):
    response = admin_client.post(schedule_url(league.season), post_data(circuits, first=""))

    assert response.status_code == 200
    assert "La course 1 n’a pas de date" in response.content.decode()
    assert Race.objects.filter(season=league.season).count() == 3


def test_a_failing_race_rolls_back_the_whole_schedule(league, circuits):
    ghost = Circuit(pk=999_999, slug="ghost", name="Ghost")  # deleted meanwhile: the third race fails
    with pytest.raises(ValidationError):
        season_schedule(
            season=league.season,
            circuits=[*circuits[:2], ghost],
            first_at=local(date(2026, 3, 7)),
            confirmed=True,
        )

    assert Race.objects.filter(season=league.season).count() == 3


def test_a_date_without_a_circuit_is_refused(admin_client, league, circuits):
    data = post_data(circuits[:1])
    data["races-1-date"] = "2026-04-01"

    response = admin_client.post(schedule_url(league.season), data)

    assert response.status_code == 200
    assert Race.objects.filter(season=league.season).count() == 3


def test_staff_without_the_right_to_add_races_cannot_schedule(client, league, django_user_model):
    staff = django_user_model.objects.create_user("steward", password="x", is_staff=True)
    client.force_login(staff)

    assert client.get(schedule_url(league.season)).status_code == 403
