"""Dice anyone can verify (`rules.fair_dice`, docs/fair-dice.md): the construction's known vectors,
the mapping's evenness, the header's `dice` read, and `python -m rules.dice verify` on a log."""

from __future__ import annotations

import hashlib
import hmac
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from rules import fair_dice as fd
from rules.fair_dice_verify import verify
from rules.formats import LogFormatError, read_race_log
from rules.gearbox import FACES

ROOT = Path(__file__).resolve().parents[2]
SEED = bytes(range(32))  # 000102…1f
TABLE = "race-1.1"


def test_known_vectors() -> None:
    """Fixed seed → fixed commitment, key and rolls: another implementation must give these."""
    assert fd.commitment(SEED) == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    k = fd.key(SEED)
    assert k.hex() == "169a9bf1199441bcfd92fdf46cbe4e585f2d8bd4add18bc9c98c8b091ba97a11"
    dice = ("1", "2", "3", "4", "5", "6", "d20")
    rolls = [fd.roll(k, TABLE, step, die, 0) for step in range(3) for die in dice]
    assert rolls == [1, 4, 7, 12, 17, 22, 16, 1, 2, 8, 9, 12, 28, 13, 1, 2, 8, 12, 18, 22, 19]
    mixed = fd.key(SEED, ["alice", "bruno"])
    assert [fd.roll(mixed, TABLE, 0, "d20", c) for c in range(8)] == [11, 16, 7, 14, 19, 15, 12, 11]


def test_the_message_layout_is_the_documented_one() -> None:
    assert fd.message("t", 1, "d20", 2, 3) == (
        b"formule-de/fair-dice@1"
        + b"\x00\x01t"
        + b"\x00\x00\x00\x01"
        + b"\x00\x03d20"
        + b"\x00\x00\x00\x02"
        + b"\x00\x00\x00\x03"
    )


def test_a_re_implementation_from_the_docs_agrees() -> None:
    """The construction written again from docs/fair-dice.md, without the module's helpers."""
    players = ["7 of hearts"]
    raw = SEED + (1).to_bytes(2, "big") + len(b"7 of hearts").to_bytes(2, "big") + b"7 of hearts"
    k = hashlib.sha256(raw).digest()
    for step in range(20):
        for die in ("3", "6", "d20"):
            faces = list(range(1, 21)) if die == "d20" else list(FACES[int(die)])
            msg = b"formule-de/fair-dice@1" + len(TABLE).to_bytes(2, "big") + TABLE.encode()
            msg += step.to_bytes(4, "big") + len(die).to_bytes(2, "big") + die.encode()
            msg += (0).to_bytes(4, "big") + (0).to_bytes(4, "big")
            n = len(faces)
            x = next(b for b in hmac.new(k, msg, hashlib.sha256).digest() if b < 256 - 256 % n)
            assert fd.roll(fd.key(SEED, players), TABLE, step, die, 0) == faces[x % n]


def test_players_seeds_change_the_rolls() -> None:
    plain = [fd.roll(fd.key(SEED), TABLE, s, "d20", 0) for s in range(30)]
    mixed = [fd.roll(fd.key(SEED, ["x"]), TABLE, s, "d20", 0) for s in range(30)]
    reordered = [fd.roll(fd.key(SEED, ["b", "a"]), TABLE, s, "d20", 0) for s in range(30)]
    assert plain != mixed
    assert reordered != [fd.roll(fd.key(SEED, ["a", "b"]), TABLE, s, "d20", 0) for s in range(30)]


def test_rejection_throws_away_the_bytes_past_the_last_whole_cycle() -> None:
    # 20 faces: 256 − 256 mod 20 = 240; 240…255 would favour faces 0–15
    assert fd.pick(iter([255, 240, 239]), 20) == 239 % 20
    assert fd.pick(iter([250, 3]), 20) == 3
    assert fd.pick(iter([255, 0]), 30) == 0  # 6th gear: 240 is the limit too
    assert fd.pick(iter([255]), 4) == 3  # 4 faces divide 256: nothing is thrown away
    with pytest.raises(ValueError):
        fd.pick(iter([250, 245]), 20)


def test_a_roll_reads_the_next_block_when_a_whole_block_is_rejected(monkeypatch) -> None:
    blocks = {0: bytes([250] * 32), 1: bytes([251, 7] + [0] * 30)}
    monkeypatch.setattr(fd.hmac, "new", lambda k, m, h: _Digest(blocks[int.from_bytes(m[-4:], "big")]))
    assert fd.roll(b"k", TABLE, 0, "d20", 0) == 8  # index 7


class _Digest:
    def __init__(self, data: bytes) -> None:
        self.data = data

    def digest(self) -> bytes:
        return self.data


@pytest.mark.parametrize("die", ["1", "2", "3", "4", "5", "6", "d20"])
def test_every_face_comes_up_evenly(die: str) -> None:
    """20,000 draws per die (deterministic: a fixed seed): the chi-square against the faces'
    weights within its mean plus 6 standard deviations (`bound`)."""
    k = fd.key(SEED)
    faces = fd.faces(die)
    draws = 20_000
    seen = Counter(faces[fd.pick(fd.stream(k, TABLE, i, die, 0), len(faces))] for i in range(draws))
    want = Counter(faces)
    chi2 = sum((seen[v] - draws * w / len(faces)) ** 2 / (draws * w / len(faces)) for v, w in want.items())
    assert set(seen) == set(want)
    assert chi2 < bound(len(want) - 1)


def bound(df: int) -> float:
    """A chi-square with `df` degrees of freedom passes it about never: mean df, sd √(2·df)."""
    return df + 6 * (2 * df) ** 0.5


def test_the_modulo_mapping_would_fail_the_same_bound() -> None:
    """The bound bites: bytes taken mod 20 without rejection favour faces 1–16."""
    k = fd.key(SEED)
    seen = Counter(next(fd.stream(k, TABLE, i, "d20", 0)) % 20 + 1 for i in range(100_000))
    chi2 = sum((seen[v] - 5000) ** 2 / 5000 for v in range(1, 21))
    assert chi2 > bound(19)
    kept = Counter(fd.roll(k, TABLE, i, "d20", 0) for i in range(100_000))
    assert sum((kept[v] - 5000) ** 2 / 5000 for v in range(1, 21)) < bound(19)


def test_unknown_dice_are_refused() -> None:
    for die in ("7", "0", "d6", ""):
        with pytest.raises(fd.NoSuchDie):
            fd.faces(die)


# -- the header ------------------------------------------------------------------------
def _bot_log() -> dict[str, Any]:
    return json.loads((ROOT / "fixtures/race_logs/spa-bot-3-laps.json").read_text())


def played_with_site_rolls(doc: dict[str, Any], seed: bytes = SEED) -> dict[str, Any]:
    """The log as if the site had rolled every number in it: each die rolled again (`counter`)
    until it came up as the log says, as a table that asks *Roll for me* again would."""
    k = fd.key(seed)
    refs: list[dict[str, Any]] = []
    step = 0

    def mark(die: str, value: int, **where: int) -> None:
        counter = next(c for c in range(10_000) if fd.roll(k, TABLE, step, die, c) == value)
        refs.append({**where, "step": step, "die": die, "counter": counter})

    mark("weather", doc["weather"]["race"])
    for turn in doc["turns"]:
        for m, move in enumerate(turn["moves"], start=1):
            if "wait" not in move:
                if isinstance(move["roll"], list):
                    mark("5", move["roll"][0], turn=turn["turn"], move=m)
                    mark("6", move["roll"][1], turn=turn["turn"], move=m)
                else:
                    mark(str(move["gear"]), move["roll"], turn=turn["turn"], move=m)
            for test in move.get("tests", ()):
                mark("d20", test["roll"], turn=turn["turn"], move=m)
            step += 1
    return {**doc, "dice": {"table": TABLE, "commitment": fd.commitment(seed), "players": [], "rolls": refs}}


def test_the_header_field_is_read_and_written_back() -> None:
    doc = played_with_site_rolls(_bot_log())
    log = read_race_log(doc)
    assert log.dice is not None and log.dice.commitment == fd.commitment(SEED)
    assert log.to_json()["dice"] == doc["dice"]
    assert "dice" not in read_race_log(_bot_log()).to_json()


@pytest.mark.parametrize(
    ("dice", "where"),
    [
        ({"table": "t", "commitment": "ab"}, "dice.commitment"),
        ({"table": "t", "commitment": "A" * 64}, "dice.commitment"),
        ({"commitment": "a" * 64}, "dice.table"),
        ({"table": "t", "commitment": "a" * 64, "players": "x"}, "dice.players"),
        ({"table": "t", "commitment": "a" * 64, "players": ["x" * 201]}, "dice.players[0]"),
        ({"table": "t", "commitment": "a" * 64, "seed": "00"}, "dice.seed"),
        (
            {"table": "t", "commitment": "a" * 64, "rolls": [{"step": 0, "die": "d6", "counter": 0}]},
            "dice.rolls[0].die",
        ),
        (
            {"table": "t", "commitment": "a" * 64, "rolls": [{"step": 0, "die": "d20", "counter": 0}]},
            "dice.rolls[0].turn",
        ),
    ],
)
def test_a_bad_dice_field_is_refused_naming_its_place(dice: dict[str, Any], where: str) -> None:
    with pytest.raises(LogFormatError) as exc:
        read_race_log({**_bot_log(), "dice": dice})
    assert exc.value.where == where


# -- verify --------------------------------------------------------------------------
def test_verify_finds_every_roll_and_names_an_altered_one() -> None:
    doc = played_with_site_rolls(_bot_log())
    ok, differences = verify(read_race_log(doc), SEED)
    assert ok and differences == []
    doc["turns"][2]["moves"][1]["roll"] += 1  # not a face any more, or another one: either way not the site's
    ok, differences = verify(read_race_log(doc), SEED)
    assert [(d.ref.turn, d.ref.move) for d in differences] == [(3, 2)]
    assert verify(read_race_log(doc), bytes(32)) == (False, [])


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules.dice", *args], cwd=ROOT, capture_output=True, text=True, timeout=60
    )


def test_the_command_line(tmp_path: Path) -> None:
    doc = played_with_site_rolls(_bot_log())
    path = tmp_path / "race.json"
    path.write_text(json.dumps(doc))
    done = _cli("verify", str(path), "--seed", SEED.hex())
    assert done.returncode == 0, done.stderr
    assert f"All {len(doc['dice']['rolls'])} of the site's rolls match" in done.stdout

    tests = [(t["turn"], m) for t in doc["turns"] for m, mv in enumerate(t["moves"], 1) if mv.get("tests")]
    turn, m = tests[0]
    doc["turns"][turn - 1]["moves"][m - 1]["tests"][0]["roll"] = (
        21 - doc["turns"][turn - 1]["moves"][m - 1]["tests"][0]["roll"]
    )
    doc["turns"][0]["moves"][0]["roll"] = 2 if doc["turns"][0]["moves"][0]["roll"] == 1 else 1
    path.write_text(json.dumps(doc))
    done = _cli("verify", str(path), "--seed", SEED.hex())
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("turn 1, move 1 (car ") and "the die of gear 1" in lines[0]
    assert any(line.startswith(f"turn {turn}, move {m} (car ") and "a d20 test" in line for line in lines)
    assert lines[-1] == f"2 of the site's {len(doc['dice']['rolls'])} rolls differ."

    wrong = _cli("verify", str(path), "--seed", "00" * 32)
    assert wrong.returncode == 1 and "not the one the site committed to" in wrong.stdout


@pytest.mark.parametrize(
    ("content", "seed", "says"),
    [
        ("not json", SEED.hex(), "race log"),
        (None, SEED.hex(), "no `dice` field"),
        ("ok", "xyz", "--seed"),
        ("ok", "ab", "--seed"),
    ],
)
def test_the_command_line_on_bad_input_exits_2_without_a_traceback(
    tmp_path: Path, content: str | None, seed: str, says: str
) -> None:
    path = tmp_path / "race.json"
    if content == "ok":
        path.write_text(json.dumps(played_with_site_rolls(_bot_log())))
    elif content is None:
        path.write_text(json.dumps(_bot_log()))
    else:
        path.write_text(content)
    done = _cli("verify", str(path), "--seed", seed)
    assert done.returncode == 2
    assert says in done.stderr and "Traceback" not in done.stderr


def test_the_command_line_on_a_missing_file_or_arguments(tmp_path: Path) -> None:
    missing = _cli("verify", str(tmp_path / "none.json"), "--seed", SEED.hex())
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    assert _cli("verify").returncode == 2
    assert _cli().returncode == 2
