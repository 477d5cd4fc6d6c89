"""Why a log cannot be read, as codes and params like the engine's messages (`LogFormatError`,
`JsonInputError`): the site renders them in the reader's language, the CLI in English.

Every such error names the place (`where`: "turns[3].moves[1].roll", a field path, never
translated) and what is wrong there (`code`, `params`: the values quoted from the input). The
English templates are below; JSON's and UTF-8's own reasons ("Expecting value", "invalid start
byte") are the `why` param, words of the `json` vocabulary."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

from rules.messages.marks import gettext_noop, pgettext


class ReadCode(StrEnum):
    # strict JSON (rules/strict_json.py)
    NOT_UTF8 = "read.not_utf8"
    NOT_JSON = "read.not_json"
    TOO_DEEP = "read.too_deep"
    KEY_TWICE = "read.key_twice"
    NUMBER_TOO_LARGE = "read.number_too_large"
    NUMBER_OUT_OF_RANGE = "read.number_out_of_range"
    NOT_A_JSON_NUMBER = "read.not_a_json_number"
    NUL = "read.nul"
    LONE_SURROGATE = "read.lone_surrogate"
    KEY_NUL = "read.key_nul"
    KEY_LONE_SURROGATE = "read.key_lone_surrogate"
    # shapes (rules/reading.py)
    EXPECTED_TEXT_OR_OBJECT = "read.expected_text_or_object"
    EXPECTED_JSON_OBJECT = "read.expected_json_object"
    EXPECTED_OBJECT = "read.expected_object"
    UNKNOWN_FIELD = "read.unknown_field"
    EXPECTED_INTEGER = "read.expected_integer"
    AT_LEAST = "read.at_least"
    EXPECTED_STRING = "read.expected_string"
    EXPECTED_ONE_OF = "read.expected_one_of"
    EXPECTED_POINTS = "read.expected_points"
    EXPECTED_BOOLEAN = "read.expected_boolean"
    MISSING = "read.missing"
    # race logs (rules/formats.py) and qualifying sheets (rules/qualifying_sheet.py)
    EXPECTED_FORMAT = "read.expected_format"
    EXPECTED_LIST = "read.expected_list"
    UNKNOWN_OPTION = "read.unknown_option"
    MISSING_RACE_WEATHER = "read.missing_race_weather"
    CAR_TWICE = "read.car_twice"
    GRID_SLOT_TAKEN = "read.grid_slot_taken"
    TURN_NUMBER = "read.turn_number"
    UNKNOWN_CAR = "read.unknown_car"
    EXPECTED_CAR_ID = "read.expected_car_id"
    SEVENTH_GEAR_ROLL = "read.seventh_gear_roll"
    PATH_AND_TO = "read.path_and_to"
    PATH_OR_TO = "read.path_or_to"
    EXPECTED_SQUARES = "read.expected_squares"
    EXPECTED_SQUARE_ID = "read.expected_square_id"
    MISSING_NATURAL = "read.missing_natural"
    ONLY_WITH = "read.only_with"
    DRIVER_OR_TEAM = "read.driver_or_team"
    EXPECTED_CLOCK = "read.expected_clock"
    CAR_TWO_LAPS = "read.car_two_laps"
    # against the circuit and the rules (rules/replay.py, rules/play/table.py)
    GRID_SLOT_OUTSIDE = "read.grid_slot_outside"
    HEADER_HAS_TURNS = "read.header_has_turns"
    HEADER_OTHER_CIRCUIT = "read.header_other_circuit"
    # circuits (rules/track.py)
    AT_MOST = "read.at_most"
    EXPECTED_HEX = "read.expected_hex"  # fair dice: a seed, a commitment
    EXPECTED_WEATHER = "read.expected_weather"
    MISSING_RANGE = "read.missing_range"
    EXPECTED_RANGE = "read.expected_range"
    EMPTY_RANGE = "read.empty_range"
    WEATHER_COVER = "read.weather_cover"
    SEGMENT_ID = "read.segment_id"
    STRAIGHT_OR_CORNER = "read.straight_or_corner"
    CORNER_STOPS = "read.corner_stops"
    LANE_LENGTHS = "read.lane_lengths"
    LEFT_OR_RIGHT = "read.left_or_right"
    DEGREES = "read.degrees"
    NOT_A_SLUG = "read.not_a_slug"
    SEGMENTS_LOOP = "read.segments_loop"
    SEGMENT_TWICE = "read.segment_twice"
    GRID_SQUARES = "read.grid_squares"
    UNKNOWN_SQUARE = "read.unknown_square"
    SQUARE_ALREADY_SLOT = "read.square_already_slot"
    # boards, square for square (rules/circuits/problems.py, `formule-de/circuit@2`)
    SQUARE_ID = "read.square_id"
    SQUARE_TWICE = "read.square_twice"
    EXPECTED_NUMBER = "read.expected_number"
    LEVEL_POSITIVE = "read.level_positive"
    LEVEL_BEYOND_LAP = "read.level_beyond_lap"
    OUTLINE = "read.outline"
    SECTION_IN_CORNER = "read.section_in_corner"
    EDGE_PAIR = "read.edge_pair"
    EDGE_TWICE = "read.edge_twice"
    PIT_EDGE = "read.pit_edge"
    LANE_SKIP = "read.lane_skip"
    LEVEL_NOT_RISING = "read.level_not_rising"
    NO_LINE = "read.no_line"
    NO_WAY_FORWARD = "read.no_way_forward"
    UNREACHABLE = "read.unreachable"
    NO_WAY_TO_LINE = "read.no_way_to_line"
    UNKNOWN_CORNER = "read.unknown_corner"
    CORNER_TWICE = "read.corner_twice"
    CORNER_WITHOUT_SQUARES = "read.corner_without_squares"
    PIT_LANE_EMPTY = "read.pit_lane_empty"
    NOT_PIT_SQUARE = "read.not_pit_square"
    PIT_SQUARE_OUTSIDE = "read.pit_square_outside"
    NOT_TRACK_SQUARE = "read.not_track_square"
    STAND_OFF_PIT = "read.stand_off_pit"
    PIT_IN_CORNER = "read.pit_in_corner"
    # GP Online track files (rules/circuits/gpo*.py); `where` is "line N" of the file
    GPO_FIELDS = "read.gpo_fields"
    GPO_NOT_AN_INTEGER = "read.gpo_not_an_integer"
    GPO_NOT_A_NUMBER = "read.gpo_not_a_number"
    GPO_SQUARE_TYPE = "read.gpo_square_type"
    GPO_NO_SQUARES = "read.gpo_no_squares"
    GPO_NODE_TWICE = "read.gpo_node_twice"
    GPO_NO_EDGES = "read.gpo_no_edges"
    GPO_NO_VALUES = "read.gpo_no_values"
    GPO_NO_GRID = "read.gpo_no_grid"
    GPO_AFTER_GRID = "read.gpo_after_grid"
    GPO_UNKNOWN_NODE = "read.gpo_unknown_node"
    GPO_EDGE_TO_ITSELF = "read.gpo_edge_to_itself"
    GPO_VALUE_TWICE = "read.gpo_value_twice"
    GPO_GRID_TWICE = "read.gpo_grid_twice"
    GPO_UNTYPED_SQUARE = "read.gpo_untyped_square"
    GPO_NO_DISTANCE = "read.gpo_no_distance"
    GPO_BAD_DISTANCE = "read.gpo_bad_distance"
    GPO_VALUE_MEANS_NOTHING = "read.gpo_value_means_nothing"
    GPO_DISTANCE_NOT_RISING = "read.gpo_distance_not_rising"
    GPO_NO_FINISH = "read.gpo_no_finish"
    GPO_FINISH_IN_CORNER = "read.gpo_finish_in_corner"
    GPO_TOO_MANY_LANES = "read.gpo_too_many_lanes"
    GPO_EDGE_IN_ROW = "read.gpo_edge_in_row"
    GPO_UNREACHABLE = "read.gpo_unreachable"
    GPO_LOOP = "read.gpo_loop"
    GPO_PIT_WAYS = "read.gpo_pit_ways"
    GPO_PIT_CHAIN = "read.gpo_pit_chain"
    GPO_GRID_OFF_TRACK = "read.gpo_grid_off_track"


READ_TEMPLATES: dict[ReadCode, str] = {
    ReadCode.NOT_UTF8: gettext_noop("not UTF-8 text ({why} at byte {byte})"),
    ReadCode.NOT_JSON: gettext_noop("not JSON ({why} at line {line} column {column})"),
    ReadCode.TOO_DEEP: gettext_noop("nested more than {depth} deep"),
    ReadCode.KEY_TWICE: gettext_noop("the key {key!r} is given twice"),
    ReadCode.NUMBER_TOO_LARGE: gettext_noop("a number too large ({digits} digits)"),
    ReadCode.NUMBER_OUT_OF_RANGE: gettext_noop("a number out of range ({text})"),
    ReadCode.NOT_A_JSON_NUMBER: gettext_noop("{name} is not a number JSON allows"),
    ReadCode.NUL: gettext_noop("the character U+0000 (NUL) is not allowed"),
    ReadCode.LONE_SURROGATE: gettext_noop("a lone surrogate (U+{codepoint}) is not text"),
    ReadCode.KEY_NUL: gettext_noop("a key: the character U+0000 (NUL) is not allowed"),
    ReadCode.KEY_LONE_SURROGATE: gettext_noop("a key: a lone surrogate (U+{codepoint}) is not text"),
    ReadCode.EXPECTED_TEXT_OR_OBJECT: gettext_noop("expected JSON text or an object, got {type}"),
    ReadCode.EXPECTED_JSON_OBJECT: gettext_noop("expected a JSON object, got {type}"),
    ReadCode.EXPECTED_OBJECT: gettext_noop("expected an object, got {got}"),
    ReadCode.UNKNOWN_FIELD: gettext_noop("unknown field"),
    ReadCode.EXPECTED_INTEGER: gettext_noop("expected an integer, got {got}"),
    ReadCode.AT_LEAST: gettext_noop("must be at least {minimum}, got {got}"),
    ReadCode.EXPECTED_STRING: gettext_noop("expected a non-empty string, got {got}"),
    ReadCode.EXPECTED_ONE_OF: gettext_noop("expected one of {choices}, got {got}"),
    ReadCode.EXPECTED_POINTS: gettext_noop("expected a number of points from 0 to 1000000, got {got}"),
    ReadCode.EXPECTED_BOOLEAN: gettext_noop("expected true or false, got {got}"),
    ReadCode.MISSING: gettext_noop("missing"),
    ReadCode.EXPECTED_FORMAT: gettext_noop("expected {format!r}, got {got}"),
    ReadCode.EXPECTED_LIST: gettext_noop("expected {items}, got {got}"),
    ReadCode.UNKNOWN_OPTION: gettext_noop("unknown option {option!r} (known: A1–A19)"),
    ReadCode.MISSING_RACE_WEATHER: gettext_noop("missing (the d20 weather roll for the race)"),
    ReadCode.CAR_TWICE: gettext_noop("car {car!r} appears twice"),
    ReadCode.GRID_SLOT_TAKEN: gettext_noop("grid slot {slot} is already taken"),
    ReadCode.TURN_NUMBER: gettext_noop(
        "expected turn {expected} (turns are numbered from 1 in order), got {got}"
    ),
    ReadCode.UNKNOWN_CAR: gettext_noop("unknown car {car}"),
    ReadCode.EXPECTED_CAR_ID: gettext_noop("expected a car id, got {got}"),
    ReadCode.SEVENTH_GEAR_ROLL: gettext_noop("7th gear takes [5th die, 6th die], got {got}"),
    ReadCode.PATH_AND_TO: gettext_noop("give 'path' or 'to', not both"),
    ReadCode.PATH_OR_TO: gettext_noop("needs 'path' (squares entered) or 'to' (the stop)"),
    ReadCode.EXPECTED_SQUARES: gettext_noop("expected a non-empty list of squares, got {got}"),
    ReadCode.EXPECTED_SQUARE_ID: gettext_noop("expected a square id, got {got}"),
    ReadCode.MISSING_NATURAL: gettext_noop("missing (the die as first rolled)"),
    ReadCode.ONLY_WITH: gettext_noop("only with {field!r}"),
    ReadCode.DRIVER_OR_TEAM: gettext_noop("expected 'driver' or 'team'"),
    ReadCode.EXPECTED_CLOCK: gettext_noop('expected a clock time like "4:22", got {got}'),
    ReadCode.CAR_TWO_LAPS: gettext_noop("car {car!r} has two laps"),
    ReadCode.GRID_SLOT_OUTSIDE: gettext_noop("slot {slot}, but {circuit} has {slots} grid squares"),
    ReadCode.HEADER_HAS_TURNS: gettext_noop("a table's header has no {field!r}: moves are played one by one"),
    ReadCode.HEADER_OTHER_CIRCUIT: gettext_noop("the header races on {circuit!r}, the track is {track!r}"),
    ReadCode.AT_MOST: gettext_noop("must be at most {maximum}, got {got}"),
    ReadCode.EXPECTED_HEX: gettext_noop("expected {digits} lowercase hexadecimal digits, got {got}"),
    ReadCode.EXPECTED_WEATHER: gettext_noop("expected an object with rain/variable/sun ranges, got {got}"),
    ReadCode.MISSING_RANGE: gettext_noop("missing range"),
    ReadCode.EXPECTED_RANGE: gettext_noop("expected [low, high], got {got}"),
    ReadCode.EMPTY_RANGE: gettext_noop("empty range {low}–{high}"),
    ReadCode.WEATHER_COVER: gettext_noop("the three ranges must cover 1–20 exactly once"),
    ReadCode.SEGMENT_ID: gettext_noop("{id!r} is not a usable segment id (letters, digits, _)"),
    ReadCode.STRAIGHT_OR_CORNER: gettext_noop("needs exactly one of 'straight' or 'corner'"),
    ReadCode.CORNER_STOPS: gettext_noop("a corner needs 1, 2 or 3 stops"),
    ReadCode.LANE_LENGTHS: gettext_noop("expected three lane lengths [a, b, c], got {got}"),
    ReadCode.LEFT_OR_RIGHT: gettext_noop("expected 'left' or 'right', got {got}"),
    ReadCode.DEGREES: gettext_noop("expected a number of degrees, got {got}"),
    ReadCode.NOT_A_SLUG: gettext_noop("{id!r} is not a slug"),
    ReadCode.SEGMENTS_LOOP: gettext_noop("expected a non-empty list of segments forming a loop"),
    ReadCode.SEGMENT_TWICE: gettext_noop("duplicate segment id {id!r}"),
    ReadCode.GRID_SQUARES: gettext_noop("expected a non-empty list of starting squares"),
    ReadCode.UNKNOWN_SQUARE: gettext_noop("unknown square {square!r}"),
    ReadCode.SQUARE_ALREADY_SLOT: gettext_noop("square {square} is already grid slot {slot}"),
    ReadCode.SQUARE_ID: gettext_noop("{id!r} is not a usable square id (letters, digits, -, _, .)"),
    ReadCode.SQUARE_TWICE: gettext_noop("duplicate square id {id!r}"),
    ReadCode.EXPECTED_NUMBER: gettext_noop("expected a number, got {got}"),
    ReadCode.LEVEL_POSITIVE: gettext_noop("a level must be above 0, got {got}"),
    ReadCode.LEVEL_BEYOND_LAP: gettext_noop(
        "level {level} is beyond the lap ({lap}, the highest level of a track square)"
    ),
    ReadCode.OUTLINE: gettext_noop("expected 3 to 8 points [x, y], got {got}"),
    ReadCode.SECTION_IN_CORNER: gettext_noop("a square inside a corner belongs to no straight section"),
    ReadCode.EDGE_PAIR: gettext_noop("expected an arrow [from, to] of two square ids, got {got}"),
    ReadCode.EDGE_TWICE: gettext_noop("the arrow {square} → {to} is listed twice"),
    ReadCode.PIT_EDGE: gettext_noop(
        "{square} is in the pit lane: the pit lane's arrows come from 'pit', they are not listed"
    ),
    ReadCode.LANE_SKIP: gettext_noop(
        "the arrow {square} → {to} skips a lane: an arrow leads to the next lane at most"
    ),
    ReadCode.LEVEL_NOT_RISING: gettext_noop(
        "the arrow {square} → {to} goes from level {start} to {end}: levels rise along the arrows,"
        " except across the finish line"
    ),
    ReadCode.NO_LINE: gettext_noop(
        "no arrow crosses the finish line (from the highest levels to the lowest)"
    ),
    ReadCode.NO_WAY_FORWARD: gettext_noop("square {square} has no arrow forward"),
    ReadCode.UNREACHABLE: gettext_noop("square {square} cannot be reached from the grid"),
    ReadCode.NO_WAY_TO_LINE: gettext_noop("from square {square} the finish line cannot be reached"),
    ReadCode.UNKNOWN_CORNER: gettext_noop("unknown corner {corner!r}"),
    ReadCode.CORNER_TWICE: gettext_noop("duplicate corner id {id!r}"),
    ReadCode.CORNER_WITHOUT_SQUARES: gettext_noop("corner {id!r} has no square"),
    ReadCode.PIT_LANE_EMPTY: gettext_noop("the pit lane needs at least one square"),
    ReadCode.NOT_PIT_SQUARE: gettext_noop('square {square} is not in the pit lane (its lane is not "pit")'),
    ReadCode.PIT_SQUARE_OUTSIDE: gettext_noop(
        'square {square} is in lane "pit" but not in the pit lane\'s list'
    ),
    ReadCode.NOT_TRACK_SQUARE: gettext_noop("square {square} is in the pit lane, not on the track"),
    ReadCode.STAND_OFF_PIT: gettext_noop("only a square of the pit lane can be a stand"),
    ReadCode.PIT_IN_CORNER: gettext_noop("a square of the pit lane is inside no corner"),
    ReadCode.GPO_FIELDS: gettext_noop("expected {fields}, got {got!r}"),
    ReadCode.GPO_NOT_AN_INTEGER: gettext_noop("{column} must be a whole number, got {got!r}"),
    ReadCode.GPO_NOT_A_NUMBER: gettext_noop("{column} must be a number, got {got!r}"),
    ReadCode.GPO_SQUARE_TYPE: gettext_noop("unknown square type {got} (0 to 7)"),
    ReadCode.GPO_NO_SQUARES: gettext_noop(
        "no squares: expected one square a line after the header (ID X Y TYPE [F])"
    ),
    ReadCode.GPO_NODE_TWICE: gettext_noop("square {node} is listed twice (first on line {first})"),
    ReadCode.GPO_NO_EDGES: gettext_noop(
        "the file ends before its edges: expected a blank line, then one edge a line (FROM TO)"
    ),
    ReadCode.GPO_NO_VALUES: gettext_noop(
        "the file ends before its corner distances: expected a blank line, then one line ID VALUE "
        "for each corner square and stand"
    ),
    ReadCode.GPO_NO_GRID: gettext_noop(
        "the file ends before its grid: expected a blank line, then one line ID ANGLE for each grid square"
    ),
    ReadCode.GPO_AFTER_GRID: gettext_noop("more text after the grid, the file's last block"),
    ReadCode.GPO_UNKNOWN_NODE: gettext_noop("no square {node} in the file"),
    ReadCode.GPO_EDGE_TO_ITSELF: gettext_noop("an edge from square {node} to itself"),
    ReadCode.GPO_VALUE_TWICE: gettext_noop("square {node} already has a value (line {first})"),
    ReadCode.GPO_GRID_TWICE: gettext_noop("square {node} is already on the grid (line {first})"),
    ReadCode.GPO_UNTYPED_SQUARE: gettext_noop(
        "square {node} has type 0 (unknown) but edges lead to or from it: give it a type"
    ),
    ReadCode.GPO_NO_DISTANCE: gettext_noop(
        "corner square {node} ({stops} stops) has no distance (an ID VALUE line)"
    ),
    ReadCode.GPO_BAD_DISTANCE: gettext_noop(
        "square {node}: a distance inside a corner counts half steps from 0 (0, 0.5, 1…), got {got}"
    ),
    ReadCode.GPO_VALUE_MEANS_NOTHING: gettext_noop(
        "square {node} is neither in a corner nor in the pit lane: its value {got} means nothing"
    ),
    ReadCode.GPO_DISTANCE_NOT_RISING: gettext_noop(
        "the distance inside the corner does not rise along the edge {source} → {target} ({before},"
        " then {after})"
    ),
    ReadCode.GPO_NO_FINISH: gettext_noop("no square is marked F (the finish line), and none has type 5"),
    ReadCode.GPO_FINISH_IN_CORNER: gettext_noop(
        "square {node} is marked F inside a corner: the finish line crosses a straight"
    ),
    ReadCode.GPO_TOO_MANY_LANES: gettext_noop(
        "square {node} has {count} squares side by side with it: a track has 3 lanes at most"
    ),
    ReadCode.GPO_EDGE_IN_ROW: gettext_noop(
        "the edge {source} → {target} joins two squares side by side on a straight"
    ),
    ReadCode.GPO_UNREACHABLE: gettext_noop("square {node} cannot be reached from the finish line"),
    ReadCode.GPO_LOOP: gettext_noop("square {node} is on a loop that does not cross the finish line"),
    ReadCode.GPO_PIT_WAYS: gettext_noop(
        "the pit lane needs one way in and one way out from the track, got {ins} in and {outs} out"
    ),
    ReadCode.GPO_PIT_CHAIN: gettext_noop(
        "pit-lane square {node} is not on one chain from the way in to the way out"
    ),
    ReadCode.GPO_GRID_OFF_TRACK: gettext_noop(
        "square {node} is not a square of the track: it cannot be on the grid"
    ),
}

# What a list holds (`EXPECTED_LIST`'s `items`), words of the `list` vocabulary.
LIST_ITEMS = (
    pgettext("list", "a list of option ids"),
    pgettext("list", "a non-empty list of cars"),
    pgettext("list", "a list of game turns"),
    pgettext("list", "a list of moves"),
    pgettext("list", "a list of car ids"),
    pgettext("list", "a list of d20 rolls"),
    pgettext("list", "a list of pit stops"),
    pgettext("list", "a list of timed laps"),
    pgettext("list", "a non-empty list of squares"),
    pgettext("list", "a list of arrows"),
    pgettext("list", "a list of corners"),
    pgettext("list", "a list of the players' seeds"),
    pgettext("list", "a list of the site's rolls"),
)
# The reasons Python's JSON and UTF-8 decoders give (`why`), words of the `json` vocabulary.
JSON_REASONS = (
    pgettext("json", "Expecting value"),
    pgettext("json", "Expecting property name enclosed in double quotes"),
    pgettext("json", "Expecting ':' delimiter"),
    pgettext("json", "Expecting ',' delimiter"),
    pgettext("json", "Unterminated string starting at"),
    pgettext("json", "Invalid control character at"),
    pgettext("json", "Invalid \\escape"),
    pgettext("json", "Invalid \\uXXXX escape"),
    pgettext("json", "Extra data"),
    pgettext("json", "invalid start byte"),
    pgettext("json", "invalid continuation byte"),
    pgettext("json", "unexpected end of data"),
)
# The names of a whole document (`where` when the error is about all of it), words of the `place`
# vocabulary; any other `where` is a field path, shown as the log spells it.
PLACES = (
    pgettext("place", "race log"),
    pgettext("place", "qualifying sheet"),
    pgettext("place", "body"),
    pgettext("place", "JSON"),
    pgettext("place", "circuit"),
)
# Which param of which code is a word, and its vocabulary.
READ_WORDS: dict[ReadCode, dict[str, str]] = {
    ReadCode.EXPECTED_LIST: {"items": "list"},
    ReadCode.NOT_JSON: {"why": "json"},
    ReadCode.NOT_UTF8: {"why": "json"},
}


def read_english(code: ReadCode | str, where: str, params: Mapping[str, Any]) -> str:
    """The English text of a reading error: `where: what` ("turns[0].turn: expected an integer…")."""
    text = READ_TEMPLATES[ReadCode(code)].format(**params)
    return f"{where}: {text}" if where else text


class ReadingError(ValueError):
    """An input that cannot be read: `code` and `params` say what is wrong at `where` (a field path);
    `str()` is the English sentence."""

    def __init__(self, code: ReadCode | str, where: str = "", **params: Any) -> None:
        self.code = ReadCode(code)
        self.where = where
        self.params = params
        super().__init__(read_english(self.code, where, params))

    def __reduce__(self) -> tuple[Any, ...]:  # pickled by Celery's result backends: keep the code
        return (_rebuild, (type(self), self.code.value, self.where, self.params))

    def to_json(self) -> dict[str, Any]:
        """`{"code": "read.…", "params": {"where": …, …}}`, as a nested message is stored."""
        return {"code": self.code.value, "params": {"where": self.where, **self.params}}


def _rebuild(cls: type[ReadingError], code: str, where: str, params: dict[str, Any]) -> ReadingError:
    return cls(code, where, **params)
