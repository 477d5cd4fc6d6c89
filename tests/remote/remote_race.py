"""A remote race on the worked examples' oval: cars 7 (alice), 3 (bruno) and 8 (chiara), each
driver with his own API client, and a driver's move played as a phone plays it: the gears
offered, the site's roll of the gear chosen, the stops offered for it, the stop sent (the site
rolls the tests)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rest_framework.test import APIClient

from live.models import LiveTable
from races.models import Race
from races.services import race_entry_create
from tests.factories import EXAMPLE_WEAR, Oval, build_oval


@dataclass
class Remote:
    oval: Oval
    race: Race
    drivers: dict[str, Any]  # car -> user

    def client(self, user: Any) -> APIClient:
        client = APIClient()
        client.force_authenticate(user)
        return client

    def table(self) -> LiveTable:
        return LiveTable.objects.get(race=self.race)


def remote_oval(*, laps: int = 2) -> Remote:
    """The oval's race as a remote race of three cars (car 8 on grid 3), not opened yet."""
    oval = build_oval(laps=laps)
    race_entry_create(race=oval.race, season_entry=oval.car8, grid_slot=3, wear=dict(EXAMPLE_WEAR))
    race = oval.race
    race.mode = Race.Mode.REMOTE
    race.save(update_fields=["mode"])
    return Remote(oval, race, {"7": oval.alice, "3": oval.bruno, "8": oval.chiara})


def choose_gear(choices: dict[str, Any]) -> int:
    """The highest gear that costs nothing, else the cheapest."""
    offered = choices["gears"]["choices"]
    free = [c["gear"] for c in offered if c["free"] and c["gear"] < 7]
    return max(free) if free else min(offered, key=lambda c: c["gearbox"] + c["brakes"] + c["engine"])["gear"]


def careful(stops: list[dict[str, Any]]) -> dict[str, Any]:
    """The move of the furthest stop that costs nothing (no wear, no spin), else of the furthest
    that does not put the car out, else the last offered: a driver who wants to finish."""
    free = [
        s
        for s in stops
        if not s["way"]["why"] and not s["way"]["cost"]["points"] and not s["way"]["cost"]["spun"]
    ]
    safe = free or [s for s in stops if not s["way"]["why"]] or stops
    return safe[-1]["way"]["move"]


def play_move(client: APIClient, table: int, *, gear: int | None = None) -> dict[str, Any]:
    """The car to play's move, by its driver's client: returns the POST's answer (JSON + status).
    Without `gear` the driver drives as the bot would (`rules.autopilot`: the gear and stop it
    chooses), asking the site for the die through the API; with `gear`, that gear and the
    furthest stop that costs nothing (`careful`)."""
    if gear is None:
        return _as_the_bot(client, table)
    state = client.get(f"/api/tables/{table}/").json()
    choices = client.get(f"/api/tables/{table}/choices/").json()
    gear = gear or choose_gear(choices)
    rolled = client.post(f"/api/tables/{table}/rolls/", {"die": str(gear)}, format="json")
    assert rolled.status_code == 201, rolled.json()
    roll = rolled.json()["roll"]
    stops = client.get(f"/api/tables/{table}/choices/", {"gear": gear, "roll": roll}).json()["stops"]
    move = careful(stops)
    answer = client.post(
        f"/api/tables/{table}/moves/", {"move": move, "expected": state["steps"]}, format="json"
    )
    return {"status": answer.status_code, "body": answer.json(), "gear": gear, "roll": roll}


def _as_the_bot(client: APIClient, table: int) -> dict[str, Any]:
    from live import engine
    from rules.autopilot import autopilot_move

    row = LiveTable.objects.get(pk=table)
    rolled: dict[str, Any] = {}

    def roll(die: str) -> int:
        answer = client.post(f"/api/tables/{table}/rolls/", {"die": die}, format="json")
        assert answer.status_code == 201, answer.json()
        rolled[die] = answer.json()["roll"]
        return rolled[die]

    move = autopilot_move(engine.engine_table(row), roll, seed=row.steps)
    assert move is not None
    answer = client.post(
        f"/api/tables/{table}/moves/", {"move": move.to_json(), "expected": row.steps}, format="json"
    )
    return {"status": answer.status_code, "body": answer.json(), "gear": move.gear, "roll": move.roll}
