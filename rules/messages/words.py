"""The words a message param may carry (a part, a cause, a weather, …), by vocabulary, and which
param of which code is one of them. The English is the word itself; the site translates it in its
vocabulary's context (`pgettext`), so "engine" the part and "engine" the test can read apart."""

from __future__ import annotations

from enum import StrEnum

from rules.messages.codes import Code
from rules.messages.marks import pgettext


class RedFlag(StrEnum):
    """What made a red flag fall (A5)."""

    START = "start"
    DANGEROUS = "22 dangerous squares"
    WALLS = "3 walls"


class Placeholder(StrEnum):
    """A param with nothing to name: an empty result, a car out for no recorded cause."""

    NO_RESULT = "(none)"
    NO_FINISHER = "(no finisher)"
    OUT = "out"


# vocabulary -> its words, marked for the catalogue (the strings must be literals for xgettext)
WORDS: dict[str, tuple[str, ...]] = {
    "part": (
        pgettext("part", "tyres"),
        pgettext("part", "brakes"),
        pgettext("part", "gearbox"),
        pgettext("part", "body"),
        pgettext("part", "engine"),
        pgettext("part", "handling"),
    ),
    "tyres": (pgettext("tyres", "hard"), pgettext("tyres", "soft"), pgettext("tyres", "rain")),
    "weather": (
        pgettext("weather", "sun"),
        pgettext("weather", "rain"),
        pgettext("weather", "variable (dry)"),
        pgettext("weather", "rain (fixed)"),
        pgettext("weather", "rain (temporary)"),
        pgettext("weather", "sun (fixed)"),
        pgettext("weather", "sun (temporary)"),
    ),
    "cause": (
        pgettext("cause", "body"),
        pgettext("cause", "engine"),
        pgettext("cause", "handling"),
        pgettext("cause", "blocking"),
        pgettext("cause", "corner"),
        pgettext("cause", "road-exit"),
        pgettext("cause", "rules"),
        pgettext("cause", "out"),
    ),
    "test": (
        pgettext("test", "collision"),
        pgettext("test", "engine"),
        pgettext("test", "handling"),
        pgettext("test", "weather"),
        pgettext("test", "pit"),
        pgettext("test", "spin"),
        pgettext("test", "debris"),
        pgettext("test", "scatter"),
        pgettext("test", "accident"),
    ),
    "red flag": (
        pgettext("red flag", "start"),
        pgettext("red flag", "22 dangerous squares"),
        pgettext("red flag", "3 walls"),
    ),
    "result": (pgettext("result", "(none)"), pgettext("result", "(no finisher)")),
    "stop": (pgettext("stop", "long"), pgettext("stop", "fast"), pgettext("stop", "missed")),
    "wing": (pgettext("wing", "low"), pgettext("wing", "high")),
    "driver": (pgettext("driver", "plus1"), pgettext("driver", "minus1"), pgettext("driver", "reroll")),
    # `{gear:nth}`: the gears' ordinals
    "gear": (
        pgettext("gear", "1st"),
        pgettext("gear", "2nd"),
        pgettext("gear", "3rd"),
        pgettext("gear", "4th"),
        pgettext("gear", "5th"),
        pgettext("gear", "6th"),
        pgettext("gear", "7th"),
    ),
}

_PART = "part"
# code -> {param: vocabulary}: a str param is one word; a dict param's keys are (a car's wear)
WORD_PARAMS: dict[Code, dict[str, str]] = {
    Code.OUT_NO_POINTS_LEFT: {"part": _PART},
    Code.PART_LOST_LOSES_POINTS: {"part": _PART},
    Code.SUPER_TOP_SAVED: {"part": _PART},
    Code.TEAM_XP_WEAR_POINT: {"part": _PART},
    Code.S3_REPAIRS_POINT_ABOVE_BUILD: {"part": _PART},
    Code.D1_PART_AT_ZERO: {"wear": _PART},
    Code.D1_WEAR_TOTAL_WRONG: {"wear": _PART},
    Code.D1_WEAR_TOTAL_WRONG_A11: {"wear": _PART},
    Code.W2_BONUS_TOO_MANY_CORNER: {"tyres": "tyres"},
    Code.W2_BONUS_TOO_MANY_STRAIGHT: {"tyres": "tyres"},
    Code.PIT_STOP: {"stop": "stop", "tyres": "tyres"},
    Code.WEATHER_ROLL: {"weather": "weather"},
    Code.WEATHER_ROLL_A9: {"weather": "weather"},
    Code.T5_CAR_ELIMINATED_MOVES_NO_MORE: {"cause": "cause"},
    Code.G1_TEST_ROLL_NOT_D20: {"kind": "test"},
    Code.TEST_NOT_CALLED_FOR: {"kind": "test"},
    Code.TEST_NOT_CALLED_FOR_SQUARE: {"kind": "test"},
    Code.RED_FLAG_LAST_LAP: {"why": "red flag"},
    Code.RED_FLAG_RESTART: {"why": "red flag"},
    Code.A5_RED_FLAG_END_TURN: {"why": "red flag"},
    Code.F3_CLAIMED_RESULT_DIFFERS_REPLAY: {"claimed": "result", "replayed": "result"},
    Code.OPTION_WING_NOT_IN_FORCE: {"wing": "wing"},
    Code.G1_ROLL_DOES_NOT_FOLLOW: {"driver": "driver"},
}
