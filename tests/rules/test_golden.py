"""Golden logs: every race log (and qualifying sheet) under `fixtures/race_logs/` replayed against
the verdict recorded beside it. The layout and the expected-file contract are in
`fixtures/race_logs/README.md`:

- `fixtures/race_logs/NAME.json` + `NAME.verdict.json`: the whole verdict JSON, equal.
- `fixtures/race_logs/**/NAME.json` + `NAME.expected.json`: what must hold. `violations` is the
  exact list of (turn, car, rule), `violations_prefix` its first entries (messages are never
  pinned); `classification`, `cars` and `grid` match as subsets (every key given must equal the
  verdict's; lists match element by element and have the verdict's length); `error` names the
  exception reading must raise; `ruleset` is the season to replay with. `covers`, `kind` and
  `about` say what the log is for.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules import LogFormatError, RuleSet, load_circuit, qualify, read_qualifying, read_race_log, replay

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / "fixtures" / "race_logs"
CIRCUITS = ROOT / "fixtures" / "circuits"

WHOLE = sorted(p for p in LOGS.glob("*.json") if not p.name.endswith(".verdict.json"))
PAIRS = sorted(LOGS.rglob("*.expected.json"))

CORE_RULES = (
    [f"G{i}" for i in range(1, 5)]
    + [f"T{i}" for i in range(1, 6)]
    + [f"C{i}" for i in range(1, 8)]
    + [f"D{i}" for i in range(1, 6)]
    + [f"W{i}" for i in range(1, 4)]
    + [f"F{i}" for i in range(1, 5)]
    + ["X1", "X2"]
)
# the championship rules and every option (issue: "a legal use and a breach each")
ADVANCED_RULES = ["S1", "S2", "S3", "T4", "X3"] + [f"A{i}" for i in range(1, 20)]
# Keys of an expected file: what the verdict is checked against, the input, the description.
CHECKS = {
    "valid",
    "violations",
    "violations_prefix",
    "classification",
    "cars",
    "result_matches",
    "grid",
    "error",
}
INPUTS = {"ruleset", "xfail"}
ABOUT = {"covers", "kind", "about"}


def _id(path: Path) -> str:
    return str(path.relative_to(LOGS)).removesuffix(".expected.json").removesuffix(".json")


def log_of(expected_path: Path) -> Path:
    return expected_path.with_name(expected_path.name.removesuffix(".expected.json") + ".json")


def _track(circuit: str):
    return load_circuit(json.loads((CIRCUITS / f"{circuit}.json").read_text()))


def _ruleset(spec: dict[str, Any] | None) -> RuleSet | None:
    if spec is None:
        return None
    return RuleSet.from_options(
        spec.get("options", ["A7"]), **{k: v for k, v in spec.items() if k != "options"}
    )


def outcome(log_path: Path, expected: dict[str, Any]) -> dict[str, Any]:
    """What the engine says about a log or sheet, as JSON; {"error": name} if reading raised."""
    data = log_path.read_bytes()
    if json.loads(data).get("format") == "formule-de/qualifying@1":
        try:
            return qualify(read_qualifying(data)).to_json()
        except LogFormatError:
            return {"error": "LogFormatError"}
    try:
        log = read_race_log(data)
    except LogFormatError:
        return {"error": "LogFormatError"}
    return replay(log, _track(log.circuit), _ruleset(expected.get("ruleset"))).to_json()


def _subset(expected: Any, actual: Any, where: str, out: list[str]) -> None:
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            out.append(f"{where}: expected an object, got {actual!r}")
            return
        for key, value in expected.items():
            if key not in actual:
                out.append(f"{where}.{key}: missing from the verdict")
            else:
                _subset(value, actual[key], f"{where}.{key}", out)
    elif isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            out.append(f"{where}: expected {len(expected)} entries {expected!r}, got {actual!r}")
            return
        for i, (e, a) in enumerate(zip(expected, actual, strict=True)):
            _subset(e, a, f"{where}[{i}]", out)
    elif expected != actual or isinstance(expected, bool) != isinstance(actual, bool):
        out.append(f"{where}: expected {expected!r}, got {actual!r}")


def _triples(violations: list[dict]) -> list[tuple]:
    return [(v["turn"], v["car"], v["rule"]) for v in violations]


def mismatches(expected: dict[str, Any], got: dict[str, Any]) -> list[str]:
    """Every way the engine's outcome differs from an expected file (empty: it holds)."""
    out: list[str] = []
    if "error" in expected or "error" in got:
        if expected.get("error") != got.get("error"):
            out.append(f"error: expected {expected.get('error')!r}, got {got.get('error')!r}")
        return out
    for key in ("valid", "result_matches"):
        if key in expected:
            _subset(expected[key], got.get(key), key, out)
    if "violations" in expected or "violations_prefix" in expected:
        have = _triples(got["violations"])
        if "violations" in expected and _triples(expected["violations"]) != have:
            out.append(f"violations: expected {_triples(expected['violations'])}, got {have}")
        if "violations_prefix" in expected:
            want = _triples(expected["violations_prefix"])
            if have[: len(want)] != want:
                out.append(f"violations_prefix: expected {want}, got {have}")
    for key in ("classification", "cars", "grid"):
        if key in expected:
            _subset(expected[key], got.get(key), key, out)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("path", WHOLE, ids=lambda p: p.stem)
def test_a_golden_log_replays_to_its_recorded_verdict(path):
    log = read_race_log(path.read_bytes())
    expected = json.loads(path.with_suffix(".verdict.json").read_text())
    assert replay(log, _track(log.circuit)).to_json() == expected


@pytest.mark.parametrize("expected_path", PAIRS, ids=_id)
def test_a_golden_log_gets_its_expected_verdict(expected_path, request):
    """The engine's verdict on each log agrees with every check of the expected file beside it
    (`xfail`: a known engine bug, the reason says which; strict, so its fix is noticed)."""
    expected = json.loads(expected_path.read_text())
    if "xfail" in expected:
        request.applymarker(pytest.mark.xfail(strict=True, reason=expected["xfail"]))
    unknown = set(expected) - CHECKS - INPUTS - ABOUT
    assert not unknown, f"unknown keys in {expected_path.name}: {sorted(unknown)}"
    assert set(expected) & CHECKS, f"{expected_path.name} checks nothing"
    problems = mismatches(expected, outcome(log_of(expected_path), expected))
    assert not problems, "\n".join(problems)


def test_every_golden_log_has_an_expected_verdict_and_the_reverse():
    logs = {
        p
        for p in LOGS.rglob("*.json")
        if p.parent != LOGS
        and "tools" not in p.parts
        and not p.name.endswith((".expected.json", ".verdict.json"))
    }
    assert logs == {log_of(p) for p in PAIRS}


@pytest.mark.parametrize("rules", [CORE_RULES, ADVANCED_RULES], ids=["core", "advanced"])
def test_every_rule_has_a_log_that_breaks_it_and_one_that_uses_it(rules):
    kinds: dict[str, set[str]] = {rule: set() for rule in rules}
    for path in PAIRS:
        expected = json.loads(path.read_text())
        for rule in expected.get("covers", []):
            kinds.setdefault(rule, set()).add(expected.get("kind"))
    missing = [f"{rule} {kind}" for rule in rules for kind in ("breach", "legal") if kind not in kinds[rule]]
    assert not missing, f"no golden log for: {', '.join(missing)}"
