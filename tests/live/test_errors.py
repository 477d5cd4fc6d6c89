"""Race night's errors from the engine: a code and params for programs, the text in the request's
language (French for `Accept-Language: fr`), never `str(exc)`'s English; a race whose circuit
document is broken answers a clear 409 (API) or a page saying so, never a 500."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from circuits.models import Circuit
from live import engine
from live.models import LiveTable
from live.services import table_create
from tests.factories import OVAL, Oval, build_oval
from tests.live.conftest import log_header

pytestmark = pytest.mark.django_db

BROKEN = "live.circuit_broken"


def api(user, lang: str = "fr") -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE=lang, raise_request_exception=False)  # a 500 is an answer
    client.force_authenticate(user)
    return client


def break_circuit(oval: Oval) -> None:
    """The race's circuit document as a bad edit leaves it (stored without the engine's check):
    its `laps` is not a number, so the engine cannot read the circuit any more."""
    Circuit.objects.filter(pk=oval.race.circuit_id).update(document={**OVAL, "laps": "three"})
    engine.forget_all()  # a worker that has not kept the table rebuilds it from the circuit


# -- reading errors in the request's language, with their code ----------------------------------


def test_an_unreadable_move_says_why_in_french_with_its_code(oval, example):
    table = table_create(race=oval.race, user=oval.alice, header=log_header(example))
    move = {**example["turns"][0]["moves"][0], "gear": "trois"}

    response = api(oval.alice).post(
        reverse("api:table-moves", kwargs={"pk": table.pk}), {"move": move}, format="json"
    )

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "read.expected_integer"
    assert body["params"] == {"where": "move.gear", "got": "'trois'"}
    assert body["detail"] == "Le coup est illisible."
    [violation] = body["violations"]  # the shape the page shows, kept
    assert violation["rule"] == "SITE-format" and violation["code"] == "site.unreadable"
    assert violation["params"] == {"error": {"code": body["code"], "params": body["params"]}}
    assert violation["message"].startswith("move.gear")
    assert "nombre entier attendu, reçu 'trois'" in violation["message"]
    assert "expected" not in violation["message"]

    english = api(oval.alice, "en").post(
        reverse("api:table-moves", kwargs={"pk": table.pk}), {"move": move}, format="json"
    )
    assert english.json()["violations"][0]["message"] == "move.gear: expected an integer, got 'trois'"
    assert english.json()["code"] == "read.expected_integer"


def test_an_unreadable_header_says_why_in_french_with_its_code(oval, example):
    response = api(oval.alice).post(
        f"/api/races/{oval.race.pk}/tables/", {"header": {**log_header(example), "laps": "un"}}, format="json"
    )

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "read.expected_integer"
    assert body["params"] == {"where": "laps", "got": "'un'"}
    assert body["detail"] == "L’en-tête ne correspond pas à cette course."
    [violation] = body["violations"]
    assert violation["code"] == "site.unreadable"
    assert violation["params"]["error"]["code"] == "read.expected_integer"
    assert "nombre entier attendu" in violation["message"]
    assert not LiveTable.objects.exists()


def test_a_header_that_is_not_an_object_has_the_engines_code(oval):
    body = api(oval.alice).post(f"/api/races/{oval.race.pk}/tables/", [1, 2], format="json").json()

    assert body["code"] == "read.expected_json_object"
    assert body["params"] == {"where": "race log", "type": "list"}
    assert body["violations"][0]["message"].startswith("journal de course")


def test_a_choices_query_that_is_not_json_says_why_in_french(oval, example):
    table = table_create(race=oval.race, user=oval.alice, header=log_header(example))

    response = api(oval.alice).get(reverse("api:table-choices", kwargs={"pk": table.pk}), {"move": "{car"})

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "read.not_json"
    assert body["params"]["where"] == "move"
    assert "ce n’est pas du JSON" in body["detail"]


def test_a_choices_move_that_cannot_be_read_says_why_in_french(oval, example):
    table = table_create(race=oval.race, user=oval.alice, header=log_header(example))
    move = {**example["turns"][0]["moves"][0], "roll": "deux"}

    response = api(oval.alice).get(
        reverse("api:table-choices", kwargs={"pk": table.pk}), {"move": json.dumps(move)}
    )

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "read.expected_integer"
    assert body["params"]["got"] == "'deux'"
    assert "nombre entier attendu" in body["detail"]


def test_a_qualifying_lap_that_cannot_be_read_says_why_in_french(examples_dir, client):
    oval = build_oval(grid=False)
    client.force_login(oval.alice)
    sheet = json.loads((examples_dir / "qualifying-ovale.json").read_text())
    sheet["laps"][0]["throws"] = "dix-huit"

    response = client.post(
        reverse("live:race-night-qualifying-grid", kwargs={"pk": oval.race.pk}),
        json.dumps(sheet),
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="fr",
    )

    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "read.expected_integer"
    assert body["params"]["where"] == "laps[0].throws"
    assert "nombre entier attendu, reçu 'dix-huit'" in body["detail"]


# -- a broken circuit: a clear 409, in both languages -------------------------------------------


def assert_broken(response, lang: str = "fr") -> dict:
    assert response.status_code == 409, response.content[:300]
    body = response.json()
    assert body["code"] == BROKEN
    assert body["params"]["circuit"] == "ovale"
    assert body["params"]["error"] == {
        "code": "read.expected_integer",
        "params": {"where": "laps", "got": "'three'"},
    }
    if lang == "fr":
        assert body["detail"].startswith("le circuit de cette course est défectueux")
        assert "nombre entier attendu" in body["detail"]
    else:
        assert body["detail"] == (
            "the circuit of this race is broken: ovale: laps: expected an integer, got 'three'"
        )
    return body


def test_a_broken_circuit_is_a_clear_409_on_every_table_endpoint(oval, example):
    table = table_create(race=oval.race, user=oval.alice, header=log_header(example))
    break_circuit(oval)
    client = api(oval.alice)
    move = example["turns"][0]["moves"][0]

    assert_broken(client.get(reverse("api:table", kwargs={"pk": table.pk})))
    assert_broken(api(oval.alice, "en").get(reverse("api:table", kwargs={"pk": table.pk})), "en")
    assert_broken(client.get(reverse("api:table-choices", kwargs={"pk": table.pk})))
    assert_broken(
        client.post(reverse("api:table-moves", kwargs={"pk": table.pk}), {"move": move}, format="json")
    )
    assert_broken(
        client.post(reverse("api:table-restart", kwargs={"pk": table.pk}), {"pits": []}, format="json")
    )
    assert_broken(client.post(reverse("api:table-finish", kwargs={"pk": table.pk}), {}, format="json"))
    table.refresh_from_db()
    assert table.steps == 0


def test_a_broken_circuit_refuses_undo_with_409_not_500(oval, example):
    table = table_create(race=oval.race, user=oval.alice, header=log_header(example))
    move = example["turns"][0]["moves"][0]
    assert (
        api(oval.alice)
        .post(reverse("api:table-moves", kwargs={"pk": table.pk}), {"move": move}, format="json")
        .status_code
        == 201
    )
    break_circuit(oval)

    assert_broken(api(oval.alice).delete(reverse("api:table-undo", kwargs={"pk": table.pk})))
    table.refresh_from_db()
    assert table.steps == 1  # nothing taken back


def test_a_table_cannot_be_set_up_on_a_broken_circuit(oval, example):
    break_circuit(oval)

    assert_broken(
        api(oval.alice).post(
            f"/api/races/{oval.race.pk}/tables/", {"header": log_header(example)}, format="json"
        )
    )
    assert not LiveTable.objects.exists()


def test_the_table_page_of_a_broken_circuit_says_so(oval, example, client):
    table = table_create(race=oval.race, user=oval.alice, header=log_header(example))
    break_circuit(oval)
    client.raise_request_exception = False
    client.force_login(oval.alice)
    url = reverse("live:race-night-table", kwargs={"pk": table.pk})

    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en")

    assert french.status_code == 409
    html = french.content.decode()
    assert "le circuit de cette course est défectueux" in html and "nombre entier attendu" in html
    assert english.status_code == 409
    assert "the circuit of this race is broken: ovale: laps: expected an integer" in english.content.decode()
    # the race-night address of the race leads there too, without a 500
    landing = client.get(reverse("live:race-night", kwargs={"pk": oval.race.pk}), follow=True)
    assert landing.status_code == 409


def test_the_set_up_page_of_a_broken_circuit_says_so(oval, client):
    from tests.live.test_pages_race_night import setup_data

    break_circuit(oval)
    client.raise_request_exception = False
    client.force_login(oval.alice)
    url = reverse("live:race-night", kwargs={"pk": oval.race.pk})

    response = client.post(url, setup_data(), HTTP_ACCEPT_LANGUAGE="fr")

    assert response.status_code == 409
    html = response.content.decode()
    assert "le circuit de cette course est défectueux" in html and "nombre entier attendu" in html
    assert not LiveTable.objects.exists()


def test_a_choices_move_illegal_for_another_reason_is_french_with_the_rules_code(oval, example):
    table = table_create(race=oval.race, user=oval.alice, header=log_header(example))
    first = example["turns"][0]["moves"][0]
    move = {"car": first["car"], "gear": 3, "roll": 4, "path": first["path"]}  # 3rd gear from the grid

    response = api(oval.alice).get(
        reverse("api:table-choices", kwargs={"pk": table.pk}), {"move": json.dumps(move)}
    )

    assert response.status_code == 400
    body = response.json()
    first_violation = body["violations"][0]
    assert (body["code"], body["params"]) == (first_violation["code"], first_violation["params"])
    assert body["detail"] == f"Le coup est illégal : {first_violation['message']}"
    assert "illegal" not in body["detail"]


# -- a table the engine refuses now (its rules or circuit changed under it) ---------------------


def test_a_stored_step_the_engine_refuses_now_is_a_409_naming_it(oval, example):
    from live.models import LiveStep

    table = table_create(race=oval.race, user=oval.alice, header=log_header(example))
    first = example["turns"][0]["moves"][0]
    # as if the rules had changed since: the stored first move is now a jump to 3rd gear
    LiveStep.objects.create(table=table, index=0, kind="move", body={**first, "gear": 3}, by=oval.alice)
    LiveTable.objects.filter(pk=table.pk).update(steps=1, revision=table.revision + 1)
    engine.forget_all()

    response = api(oval.alice).get(reverse("api:table", kwargs={"pk": table.pk}))

    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "live.table_broken"
    assert body["params"]["step"] == 0 and body["params"]["error"] is None
    assert body["params"]["violation"]["rule"] and body["params"]["violation"]["code"]
    assert body["detail"].startswith("Le moteur refuse désormais l’étape 0 de cette table")


def test_a_stored_header_the_circuit_refuses_now_is_a_409_naming_it(oval, example):
    table = table_create(race=oval.race, user=oval.alice, header=log_header(example))
    cars = [{**car, "grid": 90 + n} for n, car in enumerate(table.header["cars"])]
    LiveTable.objects.filter(pk=table.pk).update(header={**table.header, "cars": cars})
    engine.forget_all()

    response = api(oval.alice, "en").get(reverse("api:table", kwargs={"pk": table.pk}))

    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "live.table_broken"
    assert body["params"]["step"] == -1
    assert body["params"]["error"]["code"] == "read.grid_slot_outside"
    assert body["detail"].startswith("The header of this table is refused by the engine now")


def test_a_season_whose_rules_cannot_be_read_is_a_409_in_french(oval, example, client):
    from league.models import Season

    table = table_create(race=oval.race, user=oval.alice, header=log_header(example))
    Season.objects.filter(pk=oval.season.pk).update(options=["A7", "A99"])  # an option no rule has
    engine.forget_all()

    response = api(oval.alice).get(reverse("api:table", kwargs={"pk": table.pk}))

    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "live.rules_broken"
    assert body["params"] == {
        "season": oval.season.slug,
        "error": {"code": "read.unknown_option", "params": {"option": "A99"}},
    }
    assert body["detail"].startswith("le règlement de la saison de cette course est illisible")
    assert "A99" in body["detail"] and "unknown" not in body["detail"]
    # the set-up's wear check, which asks the season's rules too
    client.force_login(oval.alice)
    wear = client.get(
        reverse("live:race-night-wear", kwargs={"pk": oval.race.pk}),
        {"car": "7", "tyres": 4, "brakes": 3, "gearbox": 3, "body": 3, "engine": 3, "handling": 4},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert wear.status_code == 409
    assert wear.json()["ok"] is False and wear.json()["code"] == "live.rules_broken"
    assert wear.json()["problems"] == [body["detail"]]
