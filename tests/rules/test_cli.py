"""The command line: exit statuses 0 / 1 / 2, never a traceback."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _run(*argv, resolver=None):
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), circuit_resolver=resolver, stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_a_valid_log_exits_0(examples_dir):
    status, out, _ = _run("replay", str(examples_dir / "race-ovale-valid.json"), "--json")
    assert status == 0 and json.loads(out)["valid"] is True


def test_a_log_breaking_a_rule_exits_1_and_names_it(examples_dir):
    status, out, _ = _run("replay", str(examples_dir / "race-ovale-gear-skip.json"))
    assert status == 1
    assert out.splitlines()[0] == "invalid" and "[G2]" in out.splitlines()[1]


def test_a_circuit_file_can_be_given(examples_dir):
    status, _, _ = _run(
        "replay",
        str(examples_dir / "race-ovale-valid.json"),
        "--circuit",
        str(examples_dir / "circuit-ovale.json"),
    )
    assert status == 0


def test_the_resolver_is_asked_for_the_circuit(examples_dir):
    asked = []

    def resolver(circuit_id):
        asked.append(circuit_id)
        return json.loads((examples_dir / "circuit-ovale.json").read_text())

    status, _, _ = _run("replay", str(examples_dir / "race-ovale-valid.json"), resolver=resolver)
    assert status == 0 and asked == ["ovale"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not JSON"),
        ('{"format": "formule-de/race-log@9"}', "format"),
        (None, "unknown circuit 'nowhere'"),
        ("unknown-field", "colour: unknown field"),
    ],
)
def test_unreadable_input_exits_2_without_a_traceback(tmp_path, examples_dir, content, message):
    doc = json.loads((examples_dir / "race-ovale-valid.json").read_text())
    if content is None:
        doc["circuit"] = "nowhere"
        content = json.dumps(doc)
    elif content == "unknown-field":
        doc["colour"] = "red"
        content = json.dumps(doc)
    log = tmp_path / "log.json"
    log.write_text(content)
    status, out, err = _run("replay", str(log), resolver=lambda _id: None)
    assert status == 2 and message in err and "Traceback" not in err + out


def test_a_missing_file_and_bad_arguments_exit_2():
    assert _run("replay", "/nonexistent/log.json")[0] == 2
    assert _run("bogus")[0] == 2
    assert _run()[0] == 2


def test_qualify_prints_the_grid(examples_dir):
    status, out, _ = _run("qualify", str(examples_dir / "qualifying-ovale.json"), "--json")
    assert status == 0 and json.loads(out)["grid"][0]["car"] == "3"


def test_python_dash_m_rules_works(examples_dir):
    proc = subprocess.run(
        [sys.executable, "-m", "rules", "replay", str(examples_dir / "race-ovale-gear-skip.json")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 1 and proc.stdout.startswith("invalid") and not proc.stderr
