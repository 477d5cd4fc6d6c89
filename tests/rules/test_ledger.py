"""The verdict's experience changes (X1–X3): every gain and spend, as the league's ledger stores them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules import LogFormatError, load_circuit, read_race_log, replay
from rules.ledger import XpChange, XpKind, XpReason
from rules.state import Cause
from rules.verdict import Standing

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / "fixtures" / "race_logs"
CIRCUITS = ROOT / "fixtures" / "circuits"


def _replay(doc: dict):
    log = read_race_log(doc)
    return replay(log, load_circuit(json.loads((CIRCUITS / f"{log.circuit}.json").read_text())))


def _doc(name: str) -> dict:
    return json.loads((LOGS / name).read_text())


def _rows(verdict) -> list[tuple]:
    return [(c["car"], c["kind"], c["reason"], c["tenths"], c["turn"]) for c in verdict["experience_changes"]]


def test_a_front_row_lockout_and_a_one_two_are_in_the_verdict() -> None:
    verdict = _replay(_doc("core/x1-legal-team-one-two.json")).to_json()
    assert _rows(verdict) == [
        ("7", "driver", "pole", 3, 0),
        ("3", "driver", "grid2", 1, 0),
        ("7", "team", "front_row", 1, 0),
        ("7", "driver", "win", 5, 8),
        ("7", "team", "win", 5, 8),
        ("3", "driver", "second", 3, 9),
        ("3", "team", "second", 2, 9),
        ("7", "team", "one_two", 3, 9),
    ]
    assert verdict["points"] == {"7": 10, "3": 8}
    partners = {c["reason"]: c["partner"] for c in verdict["experience_changes"] if c["partner"]}
    assert partners == {"front_row": "3", "one_two": "3"}


def test_a_change_reads_back_from_its_json() -> None:
    verdict = _replay(_doc("core/x1-legal-team-one-two.json"))
    assert tuple(XpChange.from_json(c) for c in verdict.to_json()["experience_changes"]) == verdict.changes


def test_a_die_spend_is_in_the_verdict_with_its_turn() -> None:
    verdict = _replay(_doc("core/x2-legal-minus1.json")).to_json()
    assert _rows(verdict) == [
        ("7", "driver", "pole", 3, 0),
        ("3", "driver", "grid2", 1, 0),
        ("7", "driver", "die", -10, 4),
        ("7", "driver", "win", 5, 8),
        ("7", "team", "win", 5, 8),
        ("3", "driver", "second", 3, 9),
        ("3", "team", "second", 2, 9),
    ]
    assert _rows(_replay(_doc("core/x2-legal-reroll.json")).to_json())[2] == ("3", "driver", "die", -10, 2)


@pytest.mark.parametrize(
    ("name", "spend"),
    [
        ("advanced/x3-legal-wear-point.json", ("7", "team", "wear", -10, 1)),
        ("advanced/x3-legal-fast-stop-bought.json", ("7", "team", "fast_stop", -10, 7)),
    ],
)
def test_a_team_spend_during_the_race_is_in_the_verdict(name, spend) -> None:
    spends = [row for row in _rows(_replay(_doc(name)).to_json()) if row[3] < 0]
    assert spends == [spend]


def test_a_build_one_point_over_is_a_team_spend_before_the_start() -> None:
    doc = _doc("advanced/x3-legal-wear-point.json")
    del doc["turns"][0]["moves"][0]["xp"]
    doc["cars"][0]["wear"]["tyres"] += 1
    verdict = _replay(doc)
    assert verdict.valid, verdict.violations
    assert [(c.car, c.kind, c.reason, c.tenths, c.turn) for c in verdict.changes if c.tenths < 0] == [
        ("7", XpKind.TEAM, XpReason.WEAR, -10, 0)
    ]


def test_without_experience_there_are_no_changes() -> None:
    verdict = _replay(_doc("core/x1-legal-no-experience-option.json"))
    assert verdict.valid and verdict.changes == ()
    assert verdict.to_json()["experience_changes"] == []


def _readable(path: Path) -> bool:
    if path.name.endswith((".expected.json", ".verdict.json")):
        return False
    try:
        read_race_log(path.read_bytes())
    except LogFormatError:
        return False  # the golden tests check it is refused; it has no verdict
    return True


READABLE_LOGS = sorted(p for p in LOGS.glob("*/*.json") if _readable(p))


def test_the_golden_logs_are_found() -> None:
    assert len(READABLE_LOGS) > 100


@pytest.mark.parametrize("path", READABLE_LOGS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_changes_add_up_to_the_balances_after_the_race(path) -> None:
    """Declared balances + every change = the verdict's balances, for drivers and for teams."""
    log = read_race_log(path.read_bytes())
    verdict = _replay(json.loads(path.read_text()))
    team_of = {e.car: e.team for e in log.cars}
    drivers = {e.car: e.driver_xp for e in log.cars}
    teams: dict[str, int] = {}
    for e in log.cars:
        teams.setdefault(e.team, e.team_xp)
    for change in verdict.changes:
        if change.kind is XpKind.DRIVER:
            drivers[change.car] += change.tenths
        else:
            teams[team_of[change.car]] += change.tenths
    assert {car: (drivers[car], teams[team_of[car]]) for car in drivers} == verdict.experience


def test_statuses_and_causes_are_enums_and_their_values_in_json() -> None:
    verdict = _replay(_doc("core/d2-legal-body-elimination.json"))
    out = {p["car"]: (p["status"], p.get("cause")) for p in verdict.to_json()["classification"]}
    assert verdict.statuses == {car: (Standing(s), Cause(c) if c else None) for car, (s, c) in out.items()}
    assert (Standing.ELIMINATED.value, Cause.BODY.value) in out.values()
