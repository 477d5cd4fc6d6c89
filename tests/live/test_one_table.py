"""One race, one table: a race has at most one open table; an entrant joins it, a steward may
replace it (the first is then closed, and says by which), a player has a quota of open tables,
and the watchers' page always shows the table being recorded."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.utils import translation

from live.models import LiveTable
from races.services import race_entry_create
from tests.factories import make_race
from tests.live.conftest import moves_of, new_table, post_table

pytestmark = pytest.mark.django_db
EN = {"Accept-Language": "en"}


def test_a_second_table_on_a_race_is_refused_naming_the_open_one(night):
    first = new_table(night)

    response = post_table(night, **EN)

    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "live.table_open" and body["params"] == {"table": first}
    assert f"table {first}" in body["detail"] and "steward" in body["detail"]
    assert list(LiveTable.objects.values_list("pk", flat=True)) == [first]


def test_the_refusal_is_in_the_readers_language(night):
    first = new_table(night)

    response = post_table(night, **{"Accept-Language": "fr"})

    assert response.status_code == 409
    assert f"table {first}" in response.json()["detail"] and "commissaire" in response.json()["detail"]


def test_a_steward_does_not_replace_the_open_table_without_saying_so(night):
    first = new_table(night)

    response = post_table(night, night.steward, **EN)

    assert response.status_code == 409
    assert response.json()["code"] == "live.table_open" and '"replace": true' in response.json()["detail"]
    assert LiveTable.objects.get().pk == first


def test_a_steward_replaces_the_open_table_which_is_closed_and_says_by_which(night):
    first = new_table(night)
    (_, _, move) = moves_of(night.log)[0]
    assert (
        night.client(night.entrant).post(f"/api/tables/{first}/moves/", move, format="json").status_code
        == 201
    )

    response = night.client(night.steward).post(
        f"/api/races/{night.race.pk}/tables/",
        {"header": night.header, "replace": True},
        format="json",
        headers=EN,
    )

    assert response.status_code == 201
    body = response.json()
    second = body["id"]
    assert body["replaced"] == [first]
    assert body["notice"] == f"Table {first} of this race is closed: the race is recorded on this one now."
    old = night.client().get(f"/api/tables/{first}/").json()
    assert old["status"] == "closed"
    assert old["replaced_by"] == {
        "id": second,
        "url": f"http://testserver/api/tables/{second}/",
        "page": f"http://testserver/live/tables/{second}/",
    }
    assert night.client().get(f"/api/tables/{second}/").json()["replaced_by"] is None
    assert LiveTable.objects.get(pk=first).replaced_by_id == second


def test_a_closed_table_takes_no_more_moves(night):
    first = new_table(night)
    night.client(night.steward).post(
        f"/api/races/{night.race.pk}/tables/?replace=true", {"header": night.header}, format="json"
    )
    (_, _, move) = moves_of(night.log)[0]

    response = night.client(night.entrant).post(f"/api/tables/{first}/moves/", move, format="json")
    undo = night.client(night.entrant).delete(f"/api/tables/{first}/moves/last/")

    assert response.status_code == 409 and undo.status_code == 409
    assert response.json()["code"] == "live.table_closed"
    assert response.json()["params"]["table"] == LiveTable.objects.get(pk=first).replaced_by_id
    assert LiveTable.objects.get(pk=first).steps == 0


def test_replace_must_be_a_boolean(night):
    response = night.client(night.steward).post(
        f"/api/races/{night.race.pk}/tables/", {"header": night.header, "replace": "yes"}, format="json"
    )

    assert response.status_code == 400
    assert "replace" in response.json()["detail"]
    assert not LiveTable.objects.exists()


def test_the_watchers_page_shows_the_table_being_recorded(night, client):
    first = new_table(night)
    assert post_table(night).status_code == 409  # an entrant cannot take over the watchers' page
    assert client.get(f"/races/{night.race.pk}/live/")["Location"] == f"/live/tables/{first}/"

    second = night.client(night.steward).post(
        f"/api/races/{night.race.pk}/tables/", {"header": night.header, "replace": True}, format="json"
    )

    assert client.get(f"/races/{night.race.pk}/live/")["Location"] == f"/live/tables/{second.json()['id']}/"


def test_a_finished_table_leaves_room_for_another(night):
    first = new_table(night)
    LiveTable.objects.filter(pk=first).update(status=LiveTable.Status.FINISHED)

    assert post_table(night).status_code == 201


def test_the_database_holds_one_open_table_per_race(night):
    """The backstop of two people opening a table at once: the constraint, whatever the code."""
    LiveTable.objects.create(race=night.race, header=night.header)

    with pytest.raises(IntegrityError), transaction.atomic():
        LiveTable.objects.create(race=night.race, header=night.header, status=LiveTable.Status.OVER)
    LiveTable.objects.create(race=night.race, header=night.header, status=LiveTable.Status.CLOSED)
    LiveTable.objects.create(race=night.race, header=night.header, status=LiveTable.Status.FINISHED)


def _another_race(night, round: int):
    """A race of the same season with the same cars (the entrant drives in it)."""
    race = make_race(night.season, round, circuit=night.race.circuit)
    for entry in night.race.entries.select_related("season_entry"):
        race_entry_create(race=race, season_entry=entry.season_entry, grid_slot=entry.grid_slot)
    return race


def test_a_player_opens_no_more_tables_than_the_quota(night, settings):
    settings.LIVE_TABLES_PER_USER = 2
    races = [night.race, _another_race(night, 2), _another_race(night, 3)]
    client = night.client(night.entrant)

    answers = [
        client.post(f"/api/races/{race.pk}/tables/", {"header": night.header}, format="json")
        for race in races
    ]

    assert [a.status_code for a in answers] == [201, 201, 409]
    body = answers[2].json()
    assert body["code"] == "live.table_quota"
    assert body["params"] == {"limit": 2, "tables": sorted(a.json()["id"] for a in answers[:2])}
    assert not LiveTable.objects.filter(race=races[2]).exists()


def test_a_finished_table_no_longer_counts_in_the_quota(night, settings):
    settings.LIVE_TABLES_PER_USER = 1
    first = new_table(night)
    other = _another_race(night, 2)
    url = f"/api/races/{other.pk}/tables/"
    assert night.client(night.entrant).post(url, {"header": night.header}, format="json").status_code == 409

    LiveTable.objects.filter(pk=first).update(status=LiveTable.Status.FINISHED)

    assert night.client(night.entrant).post(url, {"header": night.header}, format="json").status_code == 201


def test_a_steward_has_no_quota(night, settings):
    settings.LIVE_TABLES_PER_USER = 1
    races = [night.race, _another_race(night, 2)]

    answers = [
        night.client(night.steward).post(
            f"/api/races/{r.pk}/tables/", {"header": night.header}, format="json"
        )
        for r in races
    ]

    assert [a.status_code for a in answers] == [201, 201]


def test_the_set_up_page_says_the_quota_in_french(night, client, settings):
    settings.LIVE_TABLES_PER_USER = 1
    other = _another_race(night, 2)
    client.force_login(night.entrant)
    new_table(night)
    from live.services import TableTaken, table_create

    with translation.override("fr"), pytest.raises(TableTaken) as refused:
        table_create(race=other, user=night.entrant, header=night.header)

    assert refused.value.payload["code"] == "live.table_quota"
    assert refused.value.payload["detail"].startswith("Vous avez déjà 1 table")


def test_the_set_up_page_refuses_past_the_quota_in_plain_words(client, settings):
    from tests.factories import build_oval
    from tests.live.test_pages_race_night import live_url, setup_data

    settings.LIVE_TABLES_PER_USER = 1
    oval = build_oval()
    other = make_race(oval.season, 9, circuit=oval.race.circuit)
    for entry in oval.race.entries.select_related("season_entry"):
        race_entry_create(race=other, season_entry=entry.season_entry, grid_slot=entry.grid_slot)
    client.force_login(oval.alice)
    other_url = live_url(oval).replace(f"/{oval.race.pk}/", f"/{other.pk}/")
    assert client.post(other_url, setup_data(), headers=EN).status_code == 302

    response = client.post(live_url(oval), setup_data(), headers=EN)

    assert response.status_code == 400
    assert "You have 1 race-night table open already" in response.content.decode()
    assert not LiveTable.objects.filter(race=oval.race).exists()
