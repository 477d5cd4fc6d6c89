"""`python -m rules.circuits import|check`, and the bot and the replay on `@2` files, as a user runs
them (subprocess): the output, the exit status, one line on stderr for bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.bot import write_race
from rules.circuits import load
from tests.rules.circuits.boards import small_board

ROOT = Path(__file__).resolve().parents[3]
STADIUM = ROOT / "tests" / "rules" / "circuits" / "data" / "stadium.dat"
OVALE = ROOT / "fixtures" / "circuits" / "ovale.json"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        input=stdin,
        timeout=120,
        check=False,
    )


def one_line_error(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1, done.stderr
    return done.stderr


def test_it_imports_an_at_1_circuit_into_at_2(tmp_path):
    done = run("-m", "rules.circuits", "import", str(OVALE), "--from", "v1", "--name", "Anneau")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["format"] == "formule-de/circuit@2" and doc["id"] == "ovale" and doc["name"] == "Anneau"
    assert {"id": "PIT-1", "lane": "pit", "level": doc["squares"][-6]["level"], "stand": True} in doc[
        "squares"
    ]


def test_it_imports_a_gp_online_file_with_its_id_from_the_file_name_and_the_weather_given(tmp_path):
    board = tmp_path / "Petit Stade.dat"
    board.write_bytes(STADIUM.read_bytes())
    done = run("-m", "rules.circuits", "import", str(board), "--from", "gpo", "--weather", "1-2,3-10,11-20")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["id"] == "petit-stade"
    assert doc["weather"] == {"rain": [1, 2], "variable": [3, 10], "sun": [11, 20]}
    target = tmp_path / "board.json"
    target.write_text(done.stdout)
    checked = run("-m", "rules.circuits", "check", str(target))
    assert (checked.returncode, checked.stdout.strip()) == (0, f"{target}: no problem")


def test_check_lists_every_problem_and_exits_1(tmp_path):
    doc = small_board()
    doc["squares"][0]["level"] = -1
    doc["edges"].append(["A1a", "nowhere"])
    doc["grid"].append(doc["grid"][0])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    done = run("-m", "rules.circuits", "check", str(path))
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines[0].startswith("squares[0].level: a level must be above 0, got -1")
    assert "[square A1a]" in lines[0]
    assert any(
        line.startswith(f"edges[{len(doc['edges']) - 1}][1]: unknown square 'nowhere'") for line in lines
    )
    assert any(line.startswith(f"grid[{len(doc['grid']) - 1}]: square ") for line in lines)
    assert done.stderr == f"{path}: {len(lines)} problems\n"


@pytest.mark.parametrize(
    "args",
    [
        ("import", "no-such-file.dat", "--from", "gpo"),
        ("import", "README.md", "--from", "v1"),
        ("import", "README.md", "--from", "gpo"),
        ("import", "README.md", "--from", "pdf"),
        ("import", str(STADIUM), "--from", "gpo", "--weather", "1-4"),
        ("import", str(STADIUM), "--from", "gpo", "--id", "Not A Slug"),
        ("check", "README.md"),
        ("check",),
    ],
    ids=[
        "missing",
        "v1-not-json",
        "gpo-not-a-board",
        "unknown-format",
        "weather",
        "id",
        "check-not-json",
        "no-file",
    ],
)
def test_bad_input_is_one_line_and_exit_2(args):
    assert one_line_error(run("-m", "rules.circuits", *args)).startswith("error: ")


def test_the_bot_races_an_at_2_file_and_the_replay_reads_it(tmp_path):
    board = tmp_path / "board.json"
    board.write_text(json.dumps(small_board()))
    race = run("-m", "rules.bot", str(board), "--cars", "10", "--laps", "3", "--pits", "--seed", "3")
    assert race.returncode == 0, race.stderr
    log = tmp_path / "race.json"
    log.write_text(race.stdout)
    done = run("-m", "rules", "replay", str(log), "--circuit", str(board), "--json")
    assert done.returncode == 0, done.stdout[-500:]
    assert json.loads(done.stdout)["valid"] is True


def test_the_bot_and_the_replay_refuse_a_broken_board_in_one_line(tmp_path):
    doc = small_board()
    doc["corners"][0]["stops"] = 0
    board = tmp_path / "board.json"
    board.write_text(json.dumps(doc))
    assert "corners[0].stops" in one_line_error(run("-m", "rules.bot", str(board)))
    log = write_race(load(small_board()), cars=2, laps=1, seed=1)
    path = tmp_path / "race.json"
    path.write_text(json.dumps(log))
    err = one_line_error(run("-m", "rules", "replay", str(path), "--circuit", str(board)))
    assert "corners[0].stops" in err
