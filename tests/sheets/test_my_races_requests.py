"""My races shows the player's entry requests still waiting for the stewards, and then does not
invite him to ask again; once decided, they leave the page."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from races.registration import entry_request_create, entry_request_refuse, entry_request_wait
from sheets.my_races import player_dashboard
from tests.factories import make_season, make_steward, make_team, make_user

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]

INVITATION = "Find a season whose entry list is open."


def _page(client, language: str = "en") -> str:
    return client.get(reverse("sheets:my-races"), headers={"Accept-Language": language}).content.decode()


@pytest.fixture
def cup():
    return make_season(name="Coupe", slug="coupe", entries_open_at=timezone.now() - timedelta(days=1))


def test_a_newcomer_without_a_request_is_invited_to_find_a_season(client):
    client.force_login(make_user("newcomer"))

    html = _page(client)

    assert INVITATION in html and 'id="entry-requests"' not in html


def test_a_pending_request_is_shown_and_no_second_one_invited(client, cup):
    player = make_user("newcomer")
    request = entry_request_create(
        season=cup, team=make_team("Écurie Rouge", "rouge"), car_number=30, by=player
    )
    client.force_login(player)

    html = _page(client)

    section = html.split('id="entry-requests"')[1].split("</section>")[0]
    assert "Coupe" in section and "car 30, Écurie Rouge" in section
    assert "awaiting the stewards" in section and "No need to ask again." in section
    assert INVITATION not in html
    assert player_dashboard(user=player).requests == [request]


def test_in_french_the_request_and_its_status_are_french(client, cup):
    player = make_user("newcomer")
    entry_request_create(season=cup, team=make_team(), car_number=30, by=player)
    client.force_login(player)

    html = _page(client, "fr")

    section = html.split('id="entry-requests"')[1].split("</section>")[0]
    assert "Ma demande d’engagement" in section and "inutile de redemander" in section.lower()


def test_a_request_on_the_waiting_list_stays_and_a_refused_one_goes(cup):
    player = make_user("newcomer")
    request = entry_request_create(season=cup, team=make_team(), car_number=30, by=player)
    steward = make_steward()
    entry_request_wait(request=request, by=steward)
    assert [r.status for r in player_dashboard(user=player).requests] == ["waiting"]

    entry_request_refuse(request=request, reason="Plateau complet", by=steward)

    assert player_dashboard(user=player).requests == []


def test_a_driver_sees_the_request_his_manager_made_for_him(oval, cup):
    team = make_team("Écurie Verte", "verte")
    team.managers.add(oval.steward)
    request = entry_request_create(
        season=cup, team=team, car_number=40, by=oval.steward, driver=oval.alice.driver
    )

    assert player_dashboard(user=oval.alice).requests == [request]
    assert player_dashboard(user=oval.bruno).requests == []
