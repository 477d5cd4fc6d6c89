"""What an event is about (`Event.kind`): the values are the kind strings the verdicts always had."""

from __future__ import annotations

from enum import StrEnum


class Kind(StrEnum):
    CORNER_EXIT = "corner-exit"
    TYRES_LOST = "tyres-lost"
    BRAKES_LOST = "brakes-lost"
    GEARBOX_LOST = "gearbox-lost"
    BODY_LOST = "body-lost"
    ENGINE_LOST = "engine-lost"
    HANDLING_LOST = "handling-lost"
    ELIMINATED = "eliminated"
    FINISHED = "finished"
    LAPPED = "lapped"
    UNLAPPED = "unlapped"
    BLOCKED = "blocked"
    PIT = "pit"
    WEATHER = "weather"
    DEBRIS = "debris"
    ACCIDENT = "accident"
    INERTIA = "inertia"
    RED_FLAG = "red-flag"
    SPARE = "spare"
    STALLED = "stalled"
    CAUGHT = "caught"
    SUPER_TOP = "super-top"
    TEAM_XP = "team-xp"


# a part losing points (damage.lose): the event kind, looked up once per part
LOST = {part: Kind(f"{part}-lost") for part in ("tyres", "brakes", "gearbox", "body", "engine", "handling")}
