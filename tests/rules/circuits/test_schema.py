"""The JSON Schema of `formule-de/circuit@2` (rules/circuits/circuit-2.schema.json) accepts every
compiled demo circuit and refuses what is not the format's shape."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from rules.circuits import compile_v1

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = json.loads((ROOT / "rules" / "circuits" / "circuit-2.schema.json").read_text(encoding="utf-8"))
DEMO = sorted((ROOT / "fixtures" / "circuits").glob("*.json"))
VALIDATOR = Draft202012Validator(SCHEMA)


def compiled(path: Path) -> dict:
    return json.loads(json.dumps(compile_v1(json.loads(path.read_text(encoding="utf-8")))))


def test_the_schema_is_a_draft_2020_12_schema():
    Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", DEMO, ids=lambda p: p.stem)
def test_every_compiled_demo_circuit_validates(path):
    assert [e.message for e in VALIDATOR.iter_errors(compiled(path))] == []


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(segments=[]),
        lambda d: d["squares"][0].update(lane="d"),
        lambda d: d["squares"][0].update(level=0),
        lambda d: d["edges"].append(["S1-a1"]),
        lambda d: d["corners"][0].update(stops=4),
        lambda d: d.update(format="formule-de/circuit@1"),
    ],
    ids=["unknown-key", "lane", "level", "edge", "stops", "format"],
)
def test_it_refuses_a_wrong_shape(change):
    doc = compiled(ROOT / "fixtures" / "circuits" / "ovale.json")
    change(doc)
    assert not VALIDATOR.is_valid(doc)
