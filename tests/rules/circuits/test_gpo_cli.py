"""A GP Online track file from the command line to a race: `python -m rules.circuits import FILE
--from gpo`, then the bot races the board it printed, then `python -m rules replay` judges it."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rules.circuits.cli import main

ROOT = Path(__file__).resolve().parents[3]
STADIUM = Path(__file__).resolve().parent / "data" / "stadium.dat"
# a PNG's signature and header chunk: all the importer reads of the picture
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + (1100).to_bytes(4, "big") + (400).to_bytes(4, "big")


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """`python ARGS` in `cwd`, the project on the path (the files are the temporary ones)."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120, check=False
    )


@pytest.mark.slow
def test_an_imported_board_is_raced_by_the_bot_and_the_race_replays_valid(tmp_path):
    shutil.copy(STADIUM, tmp_path / "stadium.dat")
    (tmp_path / "stadium.png").write_bytes(PNG)
    imported = run("-m", "rules.circuits", "import", "stadium.dat", "--from", "gpo", cwd=tmp_path)
    assert imported.returncode == 0, imported.stderr
    board = json.loads(imported.stdout)
    assert board["id"] == "stadium" and board["image"] == {"src": "stadium.png", "width": 1100, "height": 400}
    (tmp_path / "board.json").write_text(imported.stdout, encoding="utf-8")

    raced = run(
        "-m", "rules.bot", "board.json", "--cars", "10", "--laps", "3", "--pits", "--seed", "1", cwd=tmp_path
    )
    assert raced.returncode == 0, raced.stderr
    race = json.loads(raced.stdout)
    assert (
        race["circuit"] == "stadium" and len(race["cars"]) == 10 and all(c.get("stand") for c in race["cars"])
    )
    (tmp_path / "race.json").write_text(raced.stdout, encoding="utf-8")

    judged = run("-m", "rules", "replay", "race.json", "--circuit", "board.json", cwd=tmp_path)
    assert judged.returncode == 0, judged.stdout + judged.stderr


def test_a_bad_file_is_one_line_naming_its_line(tmp_path):
    lines = STADIUM.read_text(encoding="utf-8").splitlines()
    lines[4] = "5 210 lots 1"
    (tmp_path / "broken.dat").write_text("\n".join(lines) + "\n", encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    status = main(["import", str(tmp_path / "broken.dat"), "--from", "gpo"], stdout=out, stderr=err)
    assert status == 2 and out.getvalue() == ""
    assert err.getvalue().count("\n") == 1 and "line 5: Y must be a number, got 'lots'" in err.getvalue()
