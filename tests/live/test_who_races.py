"""Who races (issue 24): a race's entries, of which only the drivers who came race; the others are
non-partants (DNS): left out of the table's header, listed as absent, marked on the race, and
given a DNS result with the season's points for it. The API takes `cars` a subset of the entries
and the rest in `absent`; bad input is refused with nothing stored."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.urls import reverse
from rest_framework.throttling import ScopedRateThrottle

from live.models import LiveTable
from races.models import RaceEntry, Result
from races.scoreboard import season_scoreboard
from races.services import race_entry_create
from sheets.engine import judge_race_log
from sheets.models import RaceSheet
from tests.factories import make_driver, make_entry, make_team
from tests.live.conftest import Night, build_night, moves_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_inline")]

ABSENT = ["11", "12"]


@pytest.fixture(autouse=True)
def no_throttle(monkeypatch):
    """A whole race in a few seconds: faster than any table plays."""
    monkeypatch.setattr(
        ScopedRateThrottle, "THROTTLE_RATES", {**ScopedRateThrottle.THROTTLE_RATES, "tables": None}
    )


@pytest.fixture
def night(db) -> Night:  # noqa: ANN001 - pytest-django's fixture
    """The bot's two-car race; the race has two more entries whose drivers do not come."""
    night = build_night("ovale", cars=2, laps=1, seed=3)
    team = make_team("Écurie Absente", "absente")
    for car in ABSENT:
        entry = make_entry(night.season, int(car), make_driver(f"Absent {car}", f"absent-{car}"), team)
        race_entry_create(race=night.race, season_entry=entry)
    night.season.dns_points = 1  # the season gives a non-partant a point
    night.season.save(update_fields=["dns_points"])
    return night


def create(night: Night, body: Any, user: Any = None, **headers: str) -> Any:
    return night.client(user or night.entrant).post(
        f"/api/races/{night.race.pk}/tables/", body, format="json", headers=headers
    )


def marked(night: Night) -> set[str]:
    return {e.season_entry.car_id for e in night.race.entries.select_related("season_entry") if e.dns}


def violations(response: Any) -> list[tuple[str, str, str | None]]:
    return [(v["rule"], v["code"], v["car"]) for v in response.json()["violations"]]


def test_the_api_takes_the_cars_that_race_and_the_absent(night):
    response = create(night, {"header": night.header, "absent": ABSENT})

    assert response.status_code == 201, response.json()
    assert [c["car"] for c in response.json()["state"]["cars"]] == [c["car"] for c in night.header["cars"]]
    assert marked(night) == set(ABSENT)
    assert "absent" not in LiveTable.objects.get().header  # not a race-log field


def test_the_absent_may_be_listed_in_the_header_sent_as_the_body(night):
    response = create(night, {**night.header, "absent": [11, "12"]})

    assert response.status_code == 201, response.json()
    assert marked(night) == set(ABSENT)


def test_an_entry_neither_racing_nor_absent_is_refused_naming_it(night):
    response = create(night, {"header": night.header, "absent": ["11"]})

    assert response.status_code == 400
    assert violations(response) == [("SITE-entries", "site.car_missing", "12")]
    assert not LiveTable.objects.exists() and marked(night) == set()


@pytest.mark.parametrize(
    ("absent", "code", "car"),
    [
        ([*ABSENT, "99"], "site.absent_not_entered", "99"),
        ([*ABSENT, "1"], "site.absent_racing", "1"),
    ],
)
def test_an_absent_car_that_is_no_entry_or_races_is_refused(night, absent, code, car):
    response = create(night, {"header": night.header, "absent": absent}, **{"Accept-Language": "fr"})

    assert response.status_code == 400
    assert violations(response) == [("SITE-entries", code, car)]
    message = response.json()["violations"][0]["message"]
    assert f"voiture {car}" in message and "absente" in message  # in the reader's language
    assert not LiveTable.objects.exists() and marked(night) == set()


def test_no_car_racing_is_refused(night):
    header = {**night.header, "cars": []}

    response = create(night, {"header": header, "absent": ["1", "2", *ABSENT]})

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "read.expected_list" and body["params"]["where"] == "cars"
    assert not LiveTable.objects.exists() and marked(night) == set()


@pytest.mark.parametrize("absent", ["11", {"car": "11"}, [None], [True], [""]])
def test_absent_that_is_not_a_list_of_cars_is_refused(night, absent):
    response = create(night, {"header": night.header, "absent": absent}, **{"Accept-Language": "en"})

    assert response.status_code == 400
    assert response.json()["detail"].startswith("absent: a list of car numbers")
    assert not LiveTable.objects.exists()


def test_a_sheet_may_leave_out_only_the_entries_marked_absent(night):
    raw = json.dumps(night.log).encode()
    refused = judge_race_log(race=night.race, raw=raw)
    assert {v["code"] for v in refused.verdict["violations"]} == {"site.car_missing"}

    night.race.entries.filter(season_entry__car_number__in=ABSENT).update(dns=True)
    assert judge_race_log(race=night.race, raw=raw).valid


def play_and_finish(night: Night, capture) -> RaceSheet:  # noqa: ANN001 - the capture fixture
    response = create(night, {"header": night.header, "absent": ABSENT})
    assert response.status_code == 201, response.json()
    table = response.json()["id"]
    client = night.client(night.entrant)
    for steps, (_turn, restart, move) in enumerate(moves_of(night.log)):
        kind, body = ("restart", restart) if restart is not None else ("moves", move)
        key = "restart" if restart is not None else "move"
        answer = client.post(f"/api/tables/{table}/{kind}/", {key: body, "expected": steps}, format="json")
        assert answer.status_code == 201, answer.json()
    with capture(execute=True):
        finished = client.post(f"/api/tables/{table}/finish/")
    assert finished.status_code == 201, finished.json()
    return RaceSheet.objects.get(pk=finished.json()["sheet"])


def test_the_absent_are_dns_in_the_results_with_the_seasons_points(night, django_capture_on_commit_callbacks):
    sheet = play_and_finish(night, django_capture_on_commit_callbacks)

    assert sheet.status == RaceSheet.Status.VALID, sheet.verdict["violations"][:3]
    results = list(night.race.results.select_related("race_entry__season_entry").order_by("position"))
    assert [(r.race_entry.season_entry.car_id, r.status) for r in results][2:] == [
        ("11", Result.Status.DNS),
        ("12", Result.Status.DNS),
    ]
    assert [r.position for r in results] == [1, 2, 3, 4]
    assert all(r.points == 1 for r in results[2:])  # the season's points for a non-partant
    assert {r.status for r in results[:2]} <= {Result.Status.FINISHED, Result.Status.ELIMINATED}
    assert RaceEntry.objects.filter(race=night.race, dns=True, grid_slot__isnull=False).count() == 0


def test_the_race_page_the_sheet_and_the_standings_show_dns(
    night, client, django_capture_on_commit_callbacks
):
    sheet = play_and_finish(night, django_capture_on_commit_callbacks)

    race_page = client.get(night.race.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert race_page.count(">NP</abbr>") == 2  # "non-partant"
    english = client.get(night.race.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert english.count(">DNS</abbr>") == 2
    sheet_page = client.get(sheet.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert sheet_page.count(">NP</abbr>") == 2 and "Absent 11" in sheet_page

    board = season_scoreboard(season=night.season)
    absent = {row.driver.slug: row for row in board.drivers if row.driver.slug.startswith("absent")}
    assert {slug: (row.points, row.wins, row.podiums) for slug, row in absent.items()} == {
        "absent-11": (1, 0, 0),
        "absent-12": (1, 0, 0),
    }
    season_page = client.get(night.season.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert season_page.count('class="cell-dns"') == 2


def setup_url(night: Night) -> str:
    return reverse("live:race-night", kwargs={"pk": night.race.pk})


def setup_post(night: Night, present: list[str]) -> dict[str, Any]:
    """The set-up form as the page sends it, the cars of `present` ticked."""
    data: dict[str, Any] = {"who-races": "1", "weather": "12"}
    for car in night.header["cars"]:
        key = f"car-{car['car']}"
        data.update({f"{key}-grid": car["grid"], f"{key}-compound": car["tyres"]})
        data.update({f"{key}-{part}": value for part, value in car["wear"].items()})
        if car.get("stand"):
            data[f"{key}-stand"] = car["stand"]
    for car in present:
        data[f"car-{car}-races"] = "on"
    return data


def test_the_set_up_ticks_every_driver_by_default(night, client):
    client.force_login(night.entrant)

    html = client.get(setup_url(night), HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    assert "Qui court ce soir" in html
    for car in ["1", "2", *ABSENT]:
        assert f'name="car-{car}-races" id="id_car-{car}-races" checked' in html


def test_the_set_up_starts_the_race_with_the_drivers_ticked(night, client):
    client.force_login(night.entrant)

    response = client.post(setup_url(night), setup_post(night, ["1", "2"]))

    assert response.status_code == 302, response.content.decode()[:2000]
    table = LiveTable.objects.get()
    assert [c["car"] for c in table.header["cars"]] == ["1", "2"]
    assert marked(night) == set(ABSENT)
    again = client.get(setup_url(night))  # the table in play now
    assert again.status_code == 302


def test_the_set_up_refuses_a_race_with_nobody(night, client):
    client.force_login(night.entrant)

    response = client.post(setup_url(night), setup_post(night, []), HTTP_ACCEPT_LANGUAGE="fr")

    assert response.status_code == 400
    assert "Cochez au moins un pilote qui court." in response.content.decode()
    assert not LiveTable.objects.exists() and marked(night) == set()


def presence(night: Night, client: Any, present: list[str], **extra: str) -> Any:
    data = {"who-races": "1", **{f"car-{car}-races": "on" for car in present}}
    return client.post(
        reverse("live:race-night-presence", kwargs={"pk": night.race.pk}),
        data,
        HTTP_ACCEPT="application/json",
        **extra,
    )


def test_the_ticks_are_saved_as_they_change(night, client):
    client.force_login(night.entrant)

    response = presence(night, client, ["1", "2"])

    assert response.status_code == 200 and sorted(response.json()["absent"]) == ABSENT
    assert marked(night) == set(ABSENT)
    html = client.get(setup_url(night)).content.decode()
    assert 'name="car-11-races" id="id_car-11-races">' in html  # unticked after a reload
    assert 'data-car="11" hidden disabled' in html
    assert presence(night, client, ["1", "2", "11", "12"]).json()["absent"] == []
    assert marked(night) == set()


def test_saving_the_ticks_refuses_nobody_an_outsider_and_a_race_in_play(night, client):
    client.force_login(night.entrant)
    nobody = presence(night, client, [], HTTP_ACCEPT_LANGUAGE="fr")
    assert nobody.status_code == 400 and "Au moins un pilote" in nobody.json()["detail"]

    client.force_login(night.outsider)
    assert presence(night, client, ["1"]).status_code == 403

    client.force_login(night.entrant)
    create(night, {"header": night.header, "absent": ABSENT})
    assert presence(night, client, ["1", "2", "11", "12"]).status_code == 409
    assert marked(night) == set(ABSENT)


def test_without_javascript_the_ticks_are_saved_by_a_button_back_to_the_set_up(night, client):
    client.force_login(night.entrant)
    data = setup_post(night, ["1", "2"])  # the whole set-up form, sent to the presence address

    response = client.post(reverse("live:race-night-presence", kwargs={"pk": night.race.pk}), data)

    assert response.status_code == 302 and response["Location"] == setup_url(night)
    assert marked(night) == set(ABSENT) and not LiveTable.objects.exists()
