"""The race-night pages: who sets up and records a table, who watches, French, bad input."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from live.models import LiveTable
from live.services import table_create
from tests.factories import Oval

pytestmark = pytest.mark.django_db

EXAMPLE_WEAR = {"tyres": 4, "brakes": 3, "gearbox": 3, "body": 3, "engine": 3, "handling": 4}


def setup_data(**changes: object) -> dict[str, object]:
    """The set-up form as the oval's example race fills it: cars 7 and 3, hard tyres, weather 14."""
    data: dict[str, object] = {"weather": 14}
    for car, slot in (("7", 1), ("3", 2)):
        data[f"car-{car}-grid"] = slot
        data[f"car-{car}-compound"] = "hard"
        for part, value in EXAMPLE_WEAR.items():
            data[f"car-{car}-{part}"] = value
    data.update(changes)
    return data


def live_url(oval: Oval) -> str:
    return reverse("live:race-night", kwargs={"pk": oval.race.pk})


def example_header(examples_dir) -> dict:
    log = json.loads((examples_dir / "race-ovale-valid.json").read_text())
    return {k: v for k, v in log.items() if k not in ("turns", "result")}


def test_an_entrant_sets_up_the_race_and_lands_on_its_table(oval, client):
    client.force_login(oval.alice)
    page = client.get(live_url(oval), HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="car-7-gearbox"' in html and 'name="car-3-handling"' in html
    assert "Start the race" in html

    response = client.post(live_url(oval), setup_data(), HTTP_ACCEPT_LANGUAGE="en")

    table = LiveTable.objects.get(race=oval.race)
    assert response.status_code == 302
    assert response["Location"] == reverse("live:race-night-table", kwargs={"pk": table.pk})
    assert table.header["weather"] == {"race": 14}
    assert [car["car"] for car in table.header["cars"]] == ["7", "3"]
    assert table.header["cars"][0]["wear"] == EXAMPLE_WEAR
    # Back on the race-night address, the table in play is where one goes.
    assert client.get(live_url(oval))["Location"] == response["Location"]


def test_the_site_rolls_the_weather_when_none_is_typed(oval, client):
    client.force_login(oval.bruno)
    client.post(live_url(oval), setup_data(weather=""))

    table = LiveTable.objects.get(race=oval.race)
    roll = table.header["weather"]["race"]
    assert 1 <= roll <= 20
    # recorded as the site's roll, and shown with the table
    assert list(table.site_rolls.values_list("die", "roll", "step")) == [("weather", roll, 0)]
    assert (
        "the weather roll"
        in client.get(
            reverse("live:race-night-table", kwargs={"pk": table.pk}), HTTP_ACCEPT_LANGUAGE="en"
        ).content.decode()
    )


def test_a_typed_weather_roll_is_not_the_sites(oval, client):
    client.force_login(oval.bruno)
    client.post(live_url(oval), setup_data())

    assert not LiveTable.objects.get(race=oval.race).site_rolls.exists()


def test_a_build_over_20_points_is_refused_and_nothing_is_made(oval, client):
    client.force_login(oval.alice)
    response = client.post(live_url(oval), setup_data(**{"car-7-engine": 9}))

    assert response.status_code == 400
    assert not LiveTable.objects.exists()
    assert "live-problems" in response.content.decode()


def test_bad_input_is_told_in_plain_words(oval, client):
    client.force_login(oval.alice)
    response = client.post(
        live_url(oval),
        setup_data(**{"car-7-grid": 2, "car-3-grid": 2, "weather": 25, "car-3-brakes": "x"}),
        HTTP_ACCEPT_LANGUAGE="en",
    )

    html = response.content.decode()
    assert response.status_code == 400
    assert "Two cars have the same grid slot." in html
    assert "less than or equal to 20" in html
    assert "Enter a whole number." in html
    assert not LiveTable.objects.exists()


def test_the_wear_check_says_what_the_engine_says(oval, client):
    url = reverse("live:race-night-wear", kwargs={"pk": oval.race.pk})
    good = client.get(url, {"car": "7", **EXAMPLE_WEAR}).json()
    bad = client.get(url, {"car": "7", **EXAMPLE_WEAR, "engine": 9}).json()
    typo = client.get(url, {"car": "7", **EXAMPLE_WEAR, "engine": "x"}).json()

    assert good == {"ok": True, "total": 20, "problems": []}
    assert bad["ok"] is False and bad["total"] == 26 and bad["problems"]
    assert typo["ok"] is False
    assert client.get(url, {"car": "99", **EXAMPLE_WEAR}).status_code == 404


def test_a_non_entrant_cannot_set_up_nor_record(oval, client, examples_dir):
    client.force_login(oval.chiara)
    page = client.get(live_url(oval), HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 200
    assert "Start the race" not in page.content.decode()
    client.post(live_url(oval), setup_data())
    assert not LiveTable.objects.exists()

    table = table_create(race=oval.race, user=oval.alice, header=example_header(examples_dir))
    html = client.get(reverse("live:race-night-table", kwargs={"pk": table.pk})).content.decode()
    data = json.loads(html.split('id="live-data" type="application/json">')[1].split("</script>")[0])
    assert data["mode"] == "watch"
    assert 'data-action="undo"' not in html
    roll = reverse("live:race-night-roll", kwargs={"pk": table.pk})
    assert client.post(roll, {"die": "4"}).status_code == 403


def test_a_visitor_watches_the_race_in_progress(oval, client, examples_dir):
    table = table_create(race=oval.race, user=oval.alice, header=example_header(examples_dir))

    first = client.get(live_url(oval))
    assert first.status_code == 302
    page = client.get(first["Location"], HTTP_ACCEPT_LANGUAGE="en")

    html = page.content.decode()
    assert page.status_code == 200
    assert "You are watching" in html
    assert 'id="live-map"' in html
    for car in ("7", "3"):
        assert f'data-dash="{car}"' in html
        assert f'class="car is-racing" data-car="{car}"' in html
    data = json.loads(html.split('id="live-data" type="application/json">')[1].split("</script>")[0])
    assert data["mode"] == "watch" and data["csrf"] == ""
    assert data["state"]["to_play"]["car"] == "7"
    assert data["urls"]["state"] == reverse("api:table", kwargs={"pk": table.pk})


def test_a_visitor_is_told_when_no_race_is_in_progress(oval, client):
    page = client.get(live_url(oval), HTTP_ACCEPT_LANGUAGE="en")

    assert page.status_code == 200
    assert "No race is being recorded" in page.content.decode()
    assert client.post(live_url(oval), setup_data()).status_code == 200
    assert not LiveTable.objects.exists()


def test_the_entrant_records_and_the_page_is_in_french(oval, client, examples_dir):
    table = table_create(race=oval.race, user=oval.alice, header=example_header(examples_dir))
    client.force_login(oval.bruno)

    html = client.get(
        reverse("live:race-night-table", kwargs={"pk": table.pk}), HTTP_ACCEPT_LANGUAGE="fr"
    ).content.decode()

    data = json.loads(html.split('id="live-data" type="application/json">')[1].split("</script>")[0])
    assert data["mode"] == "record" and data["csrf"]
    assert "Course en direct" in html
    assert "Annuler le dernier coup" in html
    assert data["labels"]["rollForMe"] == "Lancer pour moi"
    assert data["partLabels"]["handling"] == "Tenue de route"


def test_the_site_rolls_fair_gear_dice_and_d20s(oval, client, examples_dir):
    table = table_create(race=oval.race, user=oval.alice, header=example_header(examples_dir))
    client.force_login(oval.alice)
    roll = reverse("live:race-night-roll", kwargs={"pk": table.pk})

    fourth = {client.post(roll, {"die": "4"}).json()["roll"] for _ in range(60)}
    d20 = {client.post(roll, {"die": "d20"}).json()["roll"] for _ in range(60)}

    assert fourth <= set(range(7, 13)) and len(fourth) > 2
    assert d20 <= set(range(1, 21)) and len(d20) > 5
    assert client.post(roll, {"die": "9"}).status_code == 400
    # every roll is recorded against the table, before its first move
    rolls = list(table.site_rolls.values_list("die", "step"))
    assert len(rolls) == 120 and set(rolls) == {("4", 0), ("d20", 0)}


def test_the_race_page_and_my_races_link_to_race_night(oval, client):
    url = live_url(oval)
    assert f'href="{url}"' in client.get(oval.race.get_absolute_url()).content.decode()

    client.force_login(oval.alice)
    assert f'href="{url}"' in client.get(oval.race.get_absolute_url()).content.decode()
    assert f'href="{url}"' in client.get(reverse("sheets:my-races")).content.decode()


def test_a_finished_table_links_its_race_sheet_for_everyone(
    oval, client, examples_dir, django_capture_on_commit_callbacks
):
    from live.services import table_finish, table_move

    log = json.loads((examples_dir / "race-ovale-valid.json").read_text())
    table = table_create(race=oval.race, user=oval.alice, header=example_header(examples_dir))
    for turn in log["turns"]:
        for move in turn["moves"]:
            table, _engine, _created = table_move(table=table, user=oval.alice, move=move)
    with django_capture_on_commit_callbacks(execute=True):
        table, sheet, _created = table_finish(table=table, user=oval.alice)

    html = client.get(reverse("live:race-night-table", kwargs={"pk": table.pk}), HTTP_ACCEPT_LANGUAGE="en")
    text = html.content.decode()
    assert f'href="{sheet.get_absolute_url()}"' in text
    assert "The race sheet is made." in text
    # the board keeps each car where it stopped, though the state has no square for it any more
    state = client.get(reverse("api:table", kwargs={"pk": table.pk})).json()
    assert [car["square"] for car in state["cars"]] == [None, None]
    assert {car["car"]: car["last_square"] for car in state["cars"]} == {"7": "S1-b8", "3": "S1-a4"}
    assert re.search(r"data-car=\"3\" data-square=\"S1-a4\"", text), re.findall(r"<g class=\"car[^>]*>", text)
    # the race-night address now tells a visitor the race was recorded, and where
    visitor = client.get(live_url(oval), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The race was recorded at the table." in visitor
    # an entrant may start again, told that it makes a new record
    client.force_login(oval.bruno)
    again = client.get(live_url(oval), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Starting again makes a new record" in again and "Start the race" in again
