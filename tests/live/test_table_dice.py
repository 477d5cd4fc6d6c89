"""A die the site rolled for a table binds the move it was rolled for: a move that says another
number is refused (400, rule SITE-dice, its code and a message in the reader's language), and
the table is unchanged."""

from __future__ import annotations

from typing import Any

import pytest

from live.models import LiveStep, LiveTable
from live.rolls import SiteRoll
from tests.live.conftest import Night, build_night, moves_of, new_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def raced(db) -> Night:  # noqa: ANN001
    return build_night("ovale", cars=2, laps=1, seed=3)


def moves(night: Night) -> list[dict[str, Any]]:
    return [move for _turn, _restart, move in moves_of(night.log) if move is not None]


def post(night: Night, table: int, move: dict[str, Any], steps: int, **headers: str):  # noqa: ANN201
    return night.client(night.entrant).post(
        f"/api/tables/{table}/moves/", {"move": move, "expected": steps}, format="json", headers=headers
    )


def site_rolled(table: int, die: str, roll: int) -> None:
    row = LiveTable.objects.get(pk=table)
    SiteRoll.objects.create(table=row, step=row.steps, die=die, roll=roll)


def other_face(move: dict[str, Any]) -> int:
    from rules.gearbox import FACES

    return next(face for face in FACES[move["gear"]] if face != move["roll"])


def test_a_move_with_another_number_than_the_sites_gear_die_is_refused(raced) -> None:
    table = new_table(raced)
    first = moves(raced)[0]
    site_rolled(table, str(first["gear"]), other_face(first))

    response = post(raced, table, first, 0, **{"Accept-Language": "en"})

    assert response.status_code == 400, response.json()
    [wrong] = response.json()["violations"]
    assert (wrong["rule"], wrong["code"], wrong["car"]) == (
        "SITE-dice",
        "site.dice_gear_differs",
        first["car"],
    )
    assert wrong["params"] == {"gear": first["gear"], "site": other_face(first), "move": first["roll"]}
    assert f"gear {first['gear']}" in wrong["message"]
    row = LiveTable.objects.get(pk=table)
    assert row.steps == 0 and row.revision == 0 and not LiveStep.objects.exists()


def test_the_last_roll_of_the_die_counts_and_the_move_that_says_it_is_stored(raced) -> None:
    table = new_table(raced)
    first = moves(raced)[0]
    site_rolled(table, str(first["gear"]), other_face(first))
    site_rolled(table, str(first["gear"]), first["roll"])  # rolled again: this one counts
    site_rolled(table, str(first["gear"] % 6 + 1), 99)  # another gear's die: not this move's

    assert post(raced, table, first, 0).status_code == 201


def test_the_refusal_speaks_french(raced) -> None:
    table = new_table(raced)
    first = moves(raced)[0]
    site_rolled(table, str(first["gear"]), other_face(first))

    response = post(raced, table, first, 0, **{"Accept-Language": "fr"})

    assert response.status_code == 400
    body = response.json()
    assert body["detail"] == "Le coup ne correspond pas aux dés lancés par le site."
    assert body["violations"][0]["message"].startswith("Le site a lancé")


def test_a_d20_the_site_rolled_must_be_a_test_of_the_move(db) -> None:  # noqa: ANN001
    raced = build_night("monza", cars=2, laps=1, seed=1)  # its 10th move rolls two d20s
    table = new_table(raced)
    played = moves(raced)
    at = next(i for i, m in enumerate(played) if m.get("tests"))
    for steps, move in enumerate(played[:at]):
        assert post(raced, table, move, steps).status_code == 201
    move = played[at]
    rolls = [t["roll"] for t in move["tests"]]
    unused = next(r for r in range(1, 21) if r not in rolls)
    site_rolled(table, "d20", unused)

    response = post(raced, table, move, at)

    assert response.status_code == 400
    [wrong] = response.json()["violations"]
    assert (wrong["code"], wrong["params"]["site"]) == ("site.dice_d20_unused", unused)
    assert LiveTable.objects.get(pk=table).steps == at

    SiteRoll.objects.filter(roll=unused).delete()
    site_rolled(table, "d20", rolls[0])  # the site's d20 is the test's roll: stored
    assert post(raced, table, move, at).status_code == 201


def test_an_undo_makes_the_rolls_made_before_it_stale(raced) -> None:
    table = new_table(raced)
    first, second = moves(raced)[:2]
    assert post(raced, table, first, 0).status_code == 201
    site_rolled(table, str(second["gear"]), other_face(second))  # rolled for the second move …
    client = raced.client(raced.entrant)
    assert client.delete(f"/api/tables/{table}/moves/last/").status_code == 200  # … then undone
    assert post(raced, table, first, 0).status_code == 201

    assert post(raced, table, second, 1).status_code == 201
