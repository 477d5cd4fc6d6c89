"""Golden logs: each `fixtures/race_logs/NAME.json` must replay to `NAME.verdict.json`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules import load_circuit, read_race_log, replay

ROOT = Path(__file__).resolve().parents[2]
LOGS = sorted(
    p for p in (ROOT / "fixtures" / "race_logs").glob("*.json") if not p.name.endswith(".verdict.json")
)


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_a_golden_log_replays_to_its_recorded_verdict(path):
    log = read_race_log(path.read_bytes())
    track = load_circuit(json.loads((ROOT / "fixtures" / "circuits" / f"{log.circuit}.json").read_text()))
    expected = json.loads(path.with_suffix(".verdict.json").read_text())
    assert replay(log, track).to_json() == expected
