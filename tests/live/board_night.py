"""A race night on a board traced on its picture (tests/live/traced_board.py): the circuit stored
as `formule-de/circuit@2` with its picture attached, a season and a race with the bot's cars
entered, and its table set up from the bot's header, so a test starts at the first move."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.files.base import ContentFile

from circuits.models import Circuit
from circuits.services import circuit_create
from live.models import LiveTable
from races.services import race_entry_create
from tests.factories import make_driver, make_entry, make_race, make_season, make_team, make_user
from tests.live.traced_board import board_document, board_png

WEAR = {"tyres": 4, "brakes": 3, "gearbox": 3, "body": 3, "engine": 3, "handling": 4}
# The first move: car 7 from pole (the last square before the line, lane b) in 1st gear, a 2:
# two squares on, across the line.
FIRST_MOVE = {"car": "7", "gear": 1, "roll": 2, "path": ["L1-b", "L2-b"]}


@dataclass
class BoardNight:
    circuit: Circuit
    header: dict[str, Any]  # the race-log@1 header the table was set up from
    table: LiveTable
    entrant: Any  # car 7's driver's user


def board_circuit(*, picture: bool = True) -> Circuit:
    """The traced board, stored; its picture attached as the circuit's image when asked."""
    document = board_document()
    circuit = circuit_create(document=document)
    if picture:
        circuit.image.save("stade.png", ContentFile(board_png(document)), save=True)
    return circuit


def board_header(circuit: Circuit) -> dict[str, Any]:
    """Cars 7 and 3 on the grid's first two slots, one lap, a dry race."""
    cars = [
        {"car": car, "driver": driver, "team": team, "grid": grid, "tyres": "hard", "wear": dict(WEAR)}
        for car, driver, team, grid in (("7", "alice", "rouge", 1), ("3", "bruno", "bleu", 2))
    ]
    return {
        "format": "formule-de/race-log@1",
        "circuit": circuit.slug,
        "laps": 1,
        "options": [],
        "weather": {"race": 14},
        "cars": cars,
    }


def board_night(*, picture: bool = True, circuit: Circuit | None = None) -> BoardNight:
    """Alice's car 7 and Bruno's car 3 on the board (`circuit`, or the traced test board), the
    table set up by Alice."""
    from live.services import table_create

    circuit = circuit or board_circuit(picture=picture)
    header = board_header(circuit)
    season = make_season(options=[], laps_per_race=header["laps"])
    entrant = make_user("entrant")
    race = make_race(season, 1, circuit=circuit)
    for car in header["cars"]:
        team = make_team(car["team"], car["team"])
        driver = make_driver(car["driver"], car["driver"], user=entrant if car["car"] == "7" else None)
        entry = make_entry(season, int(car["car"]), driver, team)
        race_entry_create(race=race, season_entry=entry, grid_slot=car["grid"])
    table = table_create(race=race, user=entrant, header=header)
    return BoardNight(circuit, header, table, entrant)
