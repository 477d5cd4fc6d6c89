"""A log's site rolls recomputed from the revealed seed (`python -m rules.dice verify`).

The log's `dice.rolls` says which of its numbers the site rolled (docs/fair-dice.md); each is
rolled again from the seed and compared with the number the log holds there. Typed rolls are
not the site's: they are not listed, so not checked.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass

from rules.fair_dice import SiteRollRef, commitment, is_hex, key, roll
from rules.formats import LogFormatError, RaceLog, read_race_log
from rules.log import Move


@dataclass(frozen=True, slots=True)
class Difference:
    """One site roll the log does not hold as the seed gives it; `logged` None: not found."""

    ref: SiteRollRef
    rolled: int
    logged: int | None
    car: str | None = None
    why: str = ""

    def text(self) -> str:
        r = self.ref
        place = "weather" if r.turn is None else f"turn {r.turn}, move {r.move}"
        if self.car is not None:
            place += f" (car {self.car})"
        die = {"d20": "a d20 test", "weather": "the weather d20"}.get(r.die, f"the die of gear {r.die}")
        said = self.why or f"the log says {self.logged}"
        return f"{place}, {die} (step {r.step}, roll {r.counter}): {said}, the seed gives {self.rolled}"


class NotVerifiable(ValueError):
    """The log or the seed cannot be checked at all (exit status 2)."""


def verify(log: RaceLog, seed: bytes) -> tuple[bool, list[Difference]]:
    """Whether the seed is the committed one, and every site roll the log holds otherwise."""
    dice = log.dice
    if dice is None:
        raise NotVerifiable("the log has no `dice` field: the site rolled none of its dice")
    if commitment(seed) != dice.commitment:
        return False, []
    k = key(seed, dice.players)
    moves = {(t.turn, i): m for t in log.turns for i, m in enumerate(t.moves, start=1)}
    unused: dict[tuple[int, int], Counter[int]] = {}  # each move's test rolls not yet matched
    out: list[Difference] = []
    for ref in dice.rolls:
        rolled = roll(k, dice.table, ref.step, ref.die, ref.counter)
        if ref.die == "weather":
            if log.weather_race != rolled:
                out.append(Difference(ref, rolled, log.weather_race))
            continue
        where = (ref.turn or 0, ref.move or 0)
        move = moves.get(where)
        if move is None:
            out.append(Difference(ref, rolled, None, why="the log has no such move"))
            continue
        if ref.die == "d20":
            left = unused.setdefault(where, Counter(t.roll for t in move.tests))
            if left[rolled] > 0:
                left[rolled] -= 1
            else:
                why = "no test of the move has that roll"
                out.append(Difference(ref, rolled, None, move.car, why))
            continue
        logged, why = _gear_die(move, ref.die)
        if logged != rolled:
            out.append(Difference(ref, rolled, logged, move.car, why))
    return True, out


def _gear_die(move: Move, die: str) -> tuple[int | None, str]:
    """The number the move holds for the die of gear `die` (7th gear: its 5th and 6th dice)."""
    if isinstance(move.roll, tuple):
        if move.gear == 7 and die in ("5", "6"):
            return move.roll[int(die) - 5], ""
    elif move.gear == int(die):
        return move.roll, ""
    return None, f"the move is in gear {move.gear}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.dice", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("verify", help="recompute the site's rolls of a race log from its seed")
    check.add_argument("log", help="the race log (formule-de/race-log@1, JSON)")
    check.add_argument("--seed", required=True, help="the table's seed, revealed after the race (hex)")
    args = parser.parse_args(argv)  # a usage error exits 2 itself
    try:
        with open(args.log, "rb") as fh:
            log = read_race_log(fh.read())
        if not is_hex(args.seed.strip().lower(), 64):
            raise NotVerifiable("--seed: expected 64 hexadecimal digits")
        committed, differences = verify(log, bytes.fromhex(args.seed.strip().lower()))
    except OSError as exc:
        return _bad(f"{args.log}: {exc.strerror or exc}")
    except (LogFormatError, NotVerifiable) as exc:
        return _bad(str(exc))
    assert log.dice is not None  # `verify` refused a log without it
    if not committed:
        print(
            f"The seed is not the one the site committed to: SHA-256(seed) is "
            f"{commitment(bytes.fromhex(args.seed.strip().lower()))}, the log says {log.dice.commitment}."
        )
        return 1
    for d in differences:
        print(d.text())
    n = len(log.dice.rolls)
    if differences:
        print(f"{len(differences)} of the site's {n} rolls differ.")
        return 1
    print(f"All {n} of the site's rolls match the seed (commitment {log.dice.commitment}).")
    return 0


def _bad(text: str) -> int:
    print(f"error: {text}", file=sys.stderr)
    return 2
