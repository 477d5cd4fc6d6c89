"""The TV view: the table on a screen beside the board, read-only for everyone (an entrant too),
reached from the race; and the race-night page's data for the moves it offers (each car's stand,
the words of a stay-put, a stand stop, an eliminating stop and its confirmation)."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse

from tests.live.conftest import build_night, new_table

pytestmark = pytest.mark.django_db


def page_data(html: str) -> dict:
    found = re.search(r'<script id="live-data" type="application/json">(.*?)</script>', html, re.S)
    assert found
    return json.loads(found.group(1))


def test_the_tv_view_follows_the_table_read_only_for_everyone(client):
    night = build_night()
    table = new_table(night)
    client.force_login(night.entrant)  # who may record at the table: not on the TV
    tv = reverse("live:race-night-tv", kwargs={"pk": table})
    assert client.get(reverse("live:race-night-race-tv", kwargs={"pk": night.race.pk}))["Location"] == tv
    page = client.get(tv, HTTP_ACCEPT_LANGUAGE="fr")
    html = page.content.decode()
    assert page.status_code == 200
    data = page_data(html)
    assert data["mode"] == "watch" and data["tv"] is True and data["csrf"] == ""
    assert 'data-action="undo"' not in html and "live-controls" not in html
    assert "Ordre de course" in html and 'id="live-dashboards"' in html and 'id="live-events"' in html
    assert html.count("data-dash=") == len(night.header["cars"])
    assert "<svg" in html
    # the recording page links to it
    assert tv in client.get(reverse("live:race-night-table", kwargs={"pk": table})).content.decode()


def test_no_table_no_tv(client):
    night = build_night()
    assert client.get(reverse("live:race-night-race-tv", kwargs={"pk": night.race.pk})).status_code == 404


def test_the_page_knows_each_cars_stand_and_says_the_new_choices_in_french(client):
    night = build_night()
    table = new_table(night)
    client.force_login(night.entrant)
    html = client.get(reverse("live:race-night-table", kwargs={"pk": table}), HTTP_ACCEPT_LANGUAGE="fr")
    data = page_data(html.content.decode())
    assert data["stands"] == {c["car"]: c["stand"] for c in night.header["cars"] if c.get("stand")}
    assert data["stands"]
    words = data["labels"]
    assert words["stayPut"] == "Rester sur place : {square}"
    assert words["standStop"] == "Arrêt au stand : {square}"
    assert words["eliminated"] == "N° {car} est éliminée : {why}"
    assert words["causes"]["road-exit"] == "sortie de route"
    # the site's header folds on the race-night page (a Menu button unfolds it)
    assert "is-folded" in html.content.decode() and "data-header-toggle" in html.content.decode()


def test_an_eliminating_way_says_why_in_the_choices(client):
    """The choices' ways that eliminate carry the engine's reason (`why`), in the reader's language."""
    from rules.bot import write_race
    from rules.track import load_circuit
    from tests.live.conftest import circuit_document, night_for

    log = write_race(
        load_circuit(circuit_document("ovale")), cars=2, laps=2, seed=1, options=["A7"], pits=True
    )
    log["cars"][0]["wear"] = {"tyres": 1, "brakes": 6, "gearbox": 3, "body": 3, "engine": 3, "handling": 4}
    night = night_for(log)
    api = night.client(night.entrant)
    table = api.post(f"/api/races/{night.race.pk}/tables/", {"header": night.header}, format="json").json()[
        "id"
    ]
    moves = [m for turn in log["turns"] for m in turn["moves"]]
    for n, move in enumerate(moves[:11]):
        assert (
            api.post(f"/api/tables/{table}/moves/", {"move": move, "expected": n}, format="json").status_code
            == 201
        )
    stops = api.get(
        f"/api/tables/{table}/choices/", {"gear": 2, "roll": 3}, HTTP_ACCEPT_LANGUAGE="fr"
    ).json()["stops"]
    by_square = {s["square"]: s["way"] for s in stops}
    assert by_square["T2-b3"]["path"] == [] and by_square["T2-b3"]["brake"] == 3  # braking to stay put
    assert by_square["T2-b3"]["why"] is None and by_square["T2-b3"]["cost"]["out"] is None
    out = by_square["S3-a2"]
    assert out["cost"]["out"] == "road-exit"
    assert "T2" in out["why"] and "1 arrêt sur 2" in out["why"] and "(C6" in out["why"]
