"""Dice anyone can verify (`formule-de/fair-dice@1`): the site commits to a secret seed before
the race, rolls every die from it, and reveals it once the race is over.

The construction, byte for byte (docs/fair-dice.md says the same for players):

- seed: 32 random bytes, written as 64 lowercase hex digits; commitment = SHA-256(seed), hex.
- key = SHA-256(seed ‖ u16(n) ‖ u16(len p1) ‖ p1 ‖ … ‖ u16(len pn) ‖ pn), the players' seeds
  p1…pn (UTF-8, in the header's order; n may be 0). A player's seed changes every roll, and
  the site committed to its own before it saw them.
- block b of a roll = HMAC-SHA256(key, "formule-de/fair-dice@1" ‖ u16(len table) ‖ table ‖
  u32(step) ‖ u16(len die) ‖ die ‖ u32(counter) ‖ u32(b)); table and die UTF-8, every integer
  big-endian unsigned (u16: 2 bytes, u32: 4 bytes).
- the mapping: the die's faces in `rules.gearbox.FACES` order (n faces; the d20 and the weather
  die: 1…20). Read the bytes of block 0, then block 1…, one at a time: a byte x < 256 − 256 mod n
  gives the face at index x mod n; a larger byte is thrown away (rejection: every face equally
  likely, no modulo bias).

`die` is "1"…"6" (that gear's die; 7th gear throws "5" and "6"), "d20" (a test) or "weather"
(the set-up's d20). `counter` counts the earlier rolls of the same die before the same step of
the table (0 for the first): rolling again gives a new number.
"""

from __future__ import annotations

import hashlib
import hmac
import struct
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rules.gearbox import D20, FACES
from rules.messages.reading import ReadCode
from rules.reading import _fail, _int, _obj, _show, _str

SCHEME = b"formule-de/fair-dice@1"
SEED_BYTES = 32
DICE = tuple(str(g) for g in sorted(FACES)) + ("d20", "weather")
_HEX = frozenset("0123456789abcdef")
_HEADER_FIELDS = frozenset({"table", "commitment", "players", "rolls"})
_ROLL_FIELDS = frozenset({"turn", "move", "step", "die", "counter"})
MAX_PLAYER_SEED = 200  # characters: a phrase or a number, not a document


class NoSuchDie(ValueError):
    """Not a die of the game: "1"…"6", "d20" or "weather"."""


def faces(die: str) -> tuple[int, ...]:
    """The die's faces in the order the mapping indexes them."""
    if die in ("d20", "weather"):
        return tuple(D20)
    if die.isdigit() and int(die) in FACES:
        return FACES[int(die)]
    raise NoSuchDie(die)


def commitment(seed: bytes) -> str:
    """What the site publishes before the race: SHA-256 of the seed, hex."""
    return hashlib.sha256(seed).hexdigest()


def key(seed: bytes, players: Sequence[str] = ()) -> bytes:
    """The HMAC key: the site's seed mixed with the players' seeds (in order)."""
    out = bytearray(seed)
    out += struct.pack(">H", len(players))
    for p in players:
        raw = p.encode("utf-8")
        out += struct.pack(">H", len(raw)) + raw
    return hashlib.sha256(bytes(out)).digest()


def message(table: str, step: int, die: str, counter: int, block: int = 0) -> bytes:
    """The HMAC message of one block of one roll (the layout is the module's docstring)."""
    t, d = table.encode("utf-8"), die.encode("utf-8")
    return (
        SCHEME
        + struct.pack(">H", len(t))
        + t
        + struct.pack(">I", step)
        + struct.pack(">H", len(d))
        + d
        + struct.pack(">II", counter, block)
    )


def stream(k: bytes, table: str, step: int, die: str, counter: int) -> Iterator[int]:
    """The roll's bytes, block after block (endless: rejection may need more than 32)."""
    block = 0
    while True:
        yield from hmac.new(k, message(table, step, die, counter, block), hashlib.sha256).digest()
        block += 1


def pick(data: Iterator[int], n: int) -> int:
    """The first byte that maps evenly onto n faces, as an index (rejection sampling)."""
    limit = 256 - 256 % n  # bytes at or past it would favour the first faces: thrown away
    for x in data:
        if x < limit:
            return x % n
    raise ValueError("the byte stream ended")  # `stream` never ends; a test's list may


def roll(k: bytes, table: str, step: int, die: str, counter: int) -> int:
    """One roll of `die` from the key."""
    face = faces(die)
    return face[pick(stream(k, table, step, die, counter), len(face))]


# -- the header's `dice` field (docs/race-log-extensions.md) -----------------------------
@dataclass(frozen=True, slots=True)
class SiteRollRef:
    """A roll the site made: where the log uses it (`turn`, `move`: 1-based, none for the
    weather) and what it was rolled with (`step`, `die`, `counter`)."""

    step: int
    die: str
    counter: int
    turn: int | None = None
    move: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.turn is not None:
            out["turn"] = self.turn
        if self.move is not None:
            out["move"] = self.move
        out.update(step=self.step, die=self.die, counter=self.counter)
        return out


@dataclass(frozen=True, slots=True)
class DiceHeader:
    """The log's `dice`: the table's name in the rolls, the commitment, the players' seeds and
    which of the log's rolls the site made (filled when the race is finished)."""

    table: str
    commitment: str
    players: tuple[str, ...] = ()
    rolls: tuple[SiteRollRef, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"table": self.table, "commitment": self.commitment}
        out["players"] = list(self.players)
        if self.rolls:
            out["rolls"] = [r.to_json() for r in self.rolls]
        return out


def is_hex(text: Any, digits: int | None = None) -> bool:
    """Lowercase hex digits, `digits` of them if given."""
    return (
        type(text) is str
        and bool(text)
        and set(text) <= _HEX
        and len(text) % 2 == 0
        and (digits is None or len(text) == digits)
    )


def read_dice(raw: Any, where: str = "dice") -> DiceHeader:
    """Read the header's `dice`; raises `LogFormatError` naming the place."""
    doc = _obj(raw, where, _HEADER_FIELDS)
    table = _str(doc.get("table"), f"{where}.table")
    c = doc.get("commitment")
    if not is_hex(c, 64):
        raise _fail(f"{where}.commitment", ReadCode.EXPECTED_HEX, digits=64, got=_show(c))
    players = _list(doc.get("players", []), f"{where}.players", "a list of the players' seeds")
    for i, p in enumerate(players):
        if len(_str(p, f"{where}.players[{i}]")) > MAX_PLAYER_SEED:
            raise _fail(f"{where}.players[{i}]", ReadCode.AT_MOST, maximum=MAX_PLAYER_SEED, got=len(p))
    rolls = _list(doc.get("rolls", []), f"{where}.rolls", "a list of the site's rolls")
    return DiceHeader(
        table, c, tuple(players), tuple(_ref(r, f"{where}.rolls[{i}]") for i, r in enumerate(rolls))
    )


def _list(value: Any, where: str, items: str) -> list[Any]:
    if type(value) is not list:
        raise _fail(where, ReadCode.EXPECTED_LIST, items=items, got=_show(value))
    return value


def _ref(raw: Any, where: str) -> SiteRollRef:
    doc = _obj(raw, where, _ROLL_FIELDS)
    die = doc.get("die")
    if die not in DICE:
        names = ", ".join(repr(d) for d in DICE)
        raise _fail(f"{where}.die", ReadCode.EXPECTED_ONE_OF, choices=names, got=_show(die))
    step = _int(doc.get("step"), f"{where}.step", 0)
    counter = _int(doc.get("counter"), f"{where}.counter", 0)
    if die == "weather":
        return SiteRollRef(step, die, counter)
    turn = _int(doc.get("turn"), f"{where}.turn", 1)
    move = _int(doc.get("move"), f"{where}.move", 1)
    return SiteRollRef(step, die, counter, turn, move)
