"""Race night: a move that says another value than the die the site rolled for it is refused with
a clear message and nothing is stored; the page is given what it needs for the moves beyond the
plain ones (the season's options, the tyres, the words)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from live.rolls import SiteRoll
from live.services import table_create
from tests.live.conftest import log_header

pytestmark = pytest.mark.django_db


def post_move(client, table, move: dict, lang: str = "en"):
    return client.post(
        reverse("api:table-moves", kwargs={"pk": table.pk}),
        {"move": move, "expected": table.steps},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=lang,
    )


def test_a_move_other_than_the_sites_roll_is_refused(oval, client, example):
    table = table_create(race=oval.race, user=oval.alice, header=log_header(example))
    client.force_login(oval.alice)
    move = example["turns"][0]["moves"][0]  # car 7, 1st gear, a 2
    roll = reverse("live:race-night-roll", kwargs={"pk": table.pk})
    while client.post(roll, {"die": "1"}).json()["roll"] == move["roll"]:
        pass  # the site's last roll of the 1st gear's die is a 1: the move says 2

    response = post_move(client, table, move)

    assert response.status_code == 400
    body = response.json()
    assert [v["rule"] for v in body["violations"]] == ["SITE-dice"]
    assert (
        body["violations"][0]["message"]
        == "The site rolled 1 with the die of gear 1 for this move; the move says 2."
    )
    table.refresh_from_db()
    assert table.steps == 0 and not table.rows.exists()

    # French, for a French table
    french = post_move(client, table, move, lang="fr").json()["violations"][0]["message"]
    assert french == "Le site a lancé 1 avec le dé de la vitesse 1 pour ce coup ; le coup dit 2."

    # The site rolls again and gets a 2: the last roll is the one that counts.
    SiteRoll.objects.create(table=table, step=0, die="1", roll=move["roll"], by=oval.alice)
    assert post_move(client, table, move).status_code == 201


def test_a_test_roll_other_than_the_sites_d20_is_refused(oval, client, example):
    """The page's Roll for me on a d20 binds the move as the gear's die does."""
    table = table_create(race=oval.race, user=oval.alice, header=log_header(example))
    client.force_login(oval.alice)
    move = example["turns"][0]["moves"][0]
    SiteRoll.objects.create(table=table, step=0, die="d20", roll=13, by=oval.alice)

    response = post_move(client, table, {**move, "tests": [{"test": "collision", "roll": 12}]})

    assert response.status_code == 400
    messages = [v["message"] for v in response.json()["violations"] if v["rule"] == "SITE-dice"]
    assert messages == [
        "The site rolled a d20 for this move that came up 13; no test of the move has that roll."
    ]
    table.refresh_from_db()
    assert table.steps == 0


def test_the_page_is_given_the_options_tyres_and_words_for_every_kind_of_move(oval, client, example):
    table = table_create(race=oval.race, user=oval.alice, header=log_header(example))
    client.force_login(oval.alice)

    page = client.get(reverse("live:race-night-table", kwargs={"pk": table.pk}), HTTP_ACCEPT_LANGUAGE="fr")

    assert page.status_code == 200
    data = page.context["data"]
    assert data["table"] == table.pk and data["tyres"] == ["hard", "soft", "rain"]
    assert data["options"] == list(table.header.get("options") or [])
    labels = data["labels"]
    for key in (
        "pitTyres",
        "pitLong",
        "xpWear",
        "xpReroll",
        "restartTitle",
        "stopsUnderFlag",
        "spare",
        "resumed",
    ):
        assert labels[key], key
    assert labels["pitStop"] == "Arrêt au stand"
    assert labels["restart"] == "Relancer la course"
