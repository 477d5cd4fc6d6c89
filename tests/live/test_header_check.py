"""`sheets.engine.header_check`: the one header check of a submitted sheet and of a
race-night table (the table's header refused for the same reasons, with the same codes)."""

from __future__ import annotations

import json

from rules.formats import read_race_log
from sheets.engine import header_check, judge_race_log
from tests.live.conftest import post_table


def codes(problems) -> list[str]:  # noqa: ANN001
    return [p["code"] for p in problems]


def test_a_header_that_fits_its_race_has_no_problem(night) -> None:
    checked = header_check(night.race, read_race_log(night.log))
    assert checked.problems == [] and not checked.other_circuit
    assert sorted(checked.entries) == sorted(c["car"] for c in night.log["cars"])


def test_another_circuit_is_the_one_problem_given(night) -> None:
    log = {**night.log, "circuit": "monza", "cars": night.log["cars"][:1], "turns": []}
    log.pop("result", None)
    checked = header_check(night.race, read_race_log(log))
    assert checked.other_circuit and codes(checked.problems) == ["site.circuit_other"]


def test_the_sheet_and_the_table_refuse_a_missing_car_alike(night) -> None:
    log = {**night.log, "cars": night.log["cars"][:1]}
    log["turns"] = [
        {**t, "moves": [m for m in t["moves"] if m["car"] == log["cars"][0]["car"]]} for t in log["turns"]
    ]
    log.pop("result", None)
    ours = codes(header_check(night.race, read_race_log(log)).problems)
    assert "site.car_missing" in ours

    sheet = judge_race_log(race=night.race, raw=json.dumps(log).encode())
    night.log = log  # the table's header is the same log's
    table = post_table(night)
    assert table.status_code == 400
    assert codes(table.json()["violations"]) == ours
    assert [c for c in codes(sheet.verdict["violations"]) if c.startswith("site.")] == ours
