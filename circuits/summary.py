"""What a circuit's document says, summed up for people: corners, weather bands, lap, grid, pits."""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

WEATHER_LABELS: dict[str, Promise] = {"rain": _("rain"), "variable": _("variable"), "sun": _("sun")}
TURN_LABELS: dict[str, Promise] = {"left": _("left"), "right": _("right")}


@dataclass(frozen=True)
class Corner:
    id: str
    name: str
    stops: int
    turn: str
    angle: int | None
    length: int

    @property
    def stop_marks(self) -> str:
        return "●" * self.stops


@dataclass(frozen=True)
class WeatherBand:
    key: str
    label: str
    low: int
    high: int

    @property
    def width(self) -> int:
        return self.high - self.low + 1


@dataclass(frozen=True)
class CircuitSummary:
    corners: tuple[Corner, ...]
    weather: tuple[WeatherBand, ...]
    lap_length: int
    laps: int
    grid_slots: int
    pit_stands: int | None


def summarise_circuit(document: dict) -> CircuitSummary:
    """What a visitor wants to know of a circuit document (`@1` or `@2`)."""
    if "squares" in document and "segments" not in document:
        return _summarise_board(document)
    return _summarise_segments(document)


def _weather(document: dict) -> tuple[WeatherBand, ...]:
    return tuple(
        WeatherBand(key=key, label=str(WEATHER_LABELS[key]), low=int(band[0]), high=int(band[1]))
        for key in ("rain", "variable", "sun")
        if (band := (document.get("weather") or {}).get(key))
    )


def _summarise_board(document: dict) -> CircuitSummary:
    """A `formule-de/circuit@2` board: its corners in race order, the lap length its highest
    level (rounded up: a lap of 31.5 levels counts 32 squares), the stands of its pit lane."""
    squares = document.get("squares") or []
    track = [sq for sq in squares if sq.get("lane") != "pit"]
    first: dict[str, float] = {}
    length: dict[str, dict[str, int]] = {}
    for sq in track:
        corner = sq.get("corner")
        if corner:
            first[corner] = min(first.get(corner, float("inf")), float(sq["level"]))
            lanes = length.setdefault(corner, {})
            lanes[sq["lane"]] = lanes.get(sq["lane"], 0) + 1
    corners = []
    for corner in sorted(document.get("corners") or [], key=lambda c: first.get(c.get("id"), float("inf"))):
        lanes = length.get(corner.get("id"), {})
        turn = corner.get("turn", "")
        corners.append(
            Corner(
                id=corner.get("id", ""),
                name=corner.get("name", "") if corner.get("name") != corner.get("id") else "",
                stops=int(corner.get("stops", 0)),
                turn=str(TURN_LABELS.get(turn, turn)),
                angle=corner.get("angle"),
                length=lanes.get("b") or max(lanes.values(), default=0),
            )
        )
    pit = [sq for sq in squares if sq.get("lane") == "pit"]
    stands = [sq for sq in pit if sq.get("stand")] or pit
    return CircuitSummary(
        corners=tuple(corners),
        weather=_weather(document),
        lap_length=math.ceil(max((float(sq["level"]) for sq in track), default=0)),
        laps=int(document.get("laps", 3)),
        grid_slots=len(document.get("grid", [])),
        pit_stands=len(stands) if pit else None,
    )


def _summarise_segments(document: dict) -> CircuitSummary:
    """What a visitor wants to know of a `formule-de/circuit@1` document.

    The lap length counts the middle lane (b): a straight's rows plus a corner's middle squares.
    Documents reach the site validated by the engine; the `.get()`s only keep a half-written
    circuit from breaking a public page.
    """
    corners: list[Corner] = []
    lap_length = 0
    for segment in document.get("segments", []):
        if "straight" in segment:
            lap_length += int(segment["straight"])
            continue
        corner = segment.get("corner") or {}
        cells = corner.get("cells") or [0, 0, 0]
        middle = int(cells[1]) if len(cells) > 1 else int(cells[0])
        lap_length += middle
        turn = corner.get("turn", "")
        corners.append(
            Corner(
                id=segment.get("id", ""),
                name=segment.get("name", ""),
                stops=int(corner.get("stops", 0)),
                turn=str(TURN_LABELS.get(turn, turn)),
                angle=corner.get("angle"),
                length=middle,
            )
        )
    weather = _weather(document)
    pit = document.get("pit")
    return CircuitSummary(
        corners=tuple(corners),
        weather=weather,
        lap_length=lap_length,
        laps=int(document.get("laps", 3)),
        grid_slots=len(document.get("grid", [])),
        pit_stands=int(pit["stands"]) if pit else None,
    )
