"""Race logs (formule-de/race-log@1) and qualifying laps written by hand, as dicts: for the engine's
tests (tests/rules/) and the builders of the golden logs (fixtures/race_logs/tools/, run with the
project on PYTHONPATH)."""

from __future__ import annotations

from typing import Any

# A car's wear points at the start when the log says nothing else (the example oval's).
WEAR = {"tyres": 4, "brakes": 3, "gearbox": 3, "body": 3, "engine": 3, "handling": 4}


def car(car_id: str, grid: int, **kw) -> dict:
    entry = {
        "car": car_id,
        "driver": kw.pop("driver", f"driver{car_id}"),
        "team": kw.pop("team", f"team{car_id}"),
        "grid": grid,
        "tyres": kw.pop("tyres", "hard"),
        "wear": {**WEAR, **kw.pop("wear", {})},
    }
    entry.update(kw)
    return entry


def race(cars: list[dict], turns: list[list[dict]], **kw) -> dict:
    doc: dict[str, Any] = {
        "format": "formule-de/race-log@1",
        "circuit": kw.pop("circuit", "ovale"),
        "laps": kw.pop("laps", 1),
        "options": kw.pop("options", ["A7"]),
        "weather": {"race": kw.pop("weather", 14)},
        "cars": cars,
        "turns": [{"turn": i + 1, "moves": moves} for i, moves in enumerate(turns)],
    }
    doc.update(kw)
    return doc


def lap(car_id: str, throws: int, clock: str, exits: int = 0, **kw) -> dict:
    """A qualifying lap (formule-de/qualifying@1) on hard tyres in the sun, completed."""
    return {
        "car": car_id,
        "throws": throws,
        "clock": clock,
        "exit_squares": exits,
        "tyres": "hard",
        "weather": "sun",
        "completed": True,
    } | kw
