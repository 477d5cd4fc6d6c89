"""`manage.py replay` and `manage.py qualify`: the engine's verdicts and exit statuses through Django."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT


def manage(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=60
    )


def test_it_accepts_the_valid_example(examples_dir: Path) -> None:
    """The shared valid log exits 0 and car 7 wins with 10 points, car 3 second with 8."""
    done = manage(
        "replay",
        str(examples_dir / "race-ovale-valid.json"),
        "--circuit",
        str(examples_dir / "circuit-ovale.json"),
        "--json",
    )
    assert done.returncode == 0, done.stderr
    verdict = json.loads(done.stdout)
    assert verdict["valid"] is True
    assert [(row["car"], row["points"]) for row in verdict["classification"]] == [("7", 10), ("3", 8)]


def test_it_finds_the_circuit_by_id_without_a_circuit_file(examples_dir: Path) -> None:
    done = manage("replay", str(examples_dir / "race-ovale-valid.json"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("valid")


def test_it_reports_the_gear_skip_with_exit_1(examples_dir: Path) -> None:
    done = manage("replay", str(examples_dir / "race-ovale-gear-skip.json"), "--json")
    assert done.returncode == 1
    first = json.loads(done.stdout)["violations"][0]
    assert (first["turn"], first["car"], first["rule"]) == (3, "7", "G2")


@pytest.mark.parametrize(
    ("spoil", "said"),
    [
        ("not json at all", "not JSON"),
        ({"format": "formule-de/race-log@9"}, "format"),
        ({"cars": []}, "cars"),
        ({"circuit": "nowhere"}, "unknown circuit 'nowhere'"),
    ],
)
def test_it_exits_2_on_unreadable_input_without_a_traceback(
    examples_dir: Path, tmp_path: Path, spoil: str | dict, said: str
) -> None:
    """Raw text replaces the log; a dict overrides fields of the valid example."""
    if isinstance(spoil, dict):
        doc = json.loads((examples_dir / "race-ovale-valid.json").read_text()) | spoil
        spoil = json.dumps(doc)
    log = tmp_path / "log.json"
    log.write_text(spoil)
    done = manage("replay", str(log))
    assert done.returncode == 2
    assert said in done.stderr
    assert "Traceback" not in done.stderr


def test_qualify_puts_car_3_on_pole(examples_dir: Path) -> None:
    done = manage("qualify", str(examples_dir / "qualifying-ovale.json"), "--json")
    assert done.returncode == 0, done.stderr
    grid = json.loads(done.stdout)["grid"]
    assert [(row["car"], row["absolute"]) for row in grid] == [("3", 23), ("7", 24)]
