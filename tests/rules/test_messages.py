"""The message catalogue (`rules/messages/`): every code has English, every template fills from
the params the engine really gives (golden logs and seeded bot races), and nothing more."""

from __future__ import annotations

import ast
import json
import string
from functools import cache
from pathlib import Path

import pytest

from rules import LogFormatError, RuleSet, formats, load_circuit, read_race_log, replay
from rules.bot import write_race
from rules.journal import Journal
from rules.messages import (
    SPINS,
    TEMPLATES,
    WORD_PARAMS,
    WORDS,
    Code,
    Kind,
    Placeholder,
    RedFlag,
    Renderer,
    msg,
    params_json,
    render,
)
from rules.ruleset import OPTIONS
from rules.state import PARTS, Cause
from rules.verdict import Event, Violation
from rules.weather import Tyres, WeatherLabel

ROOT = Path(__file__).resolve().parents[2]
LOGS = ROOT / "fixtures" / "race_logs"
CIRCUITS = ROOT / "fixtures" / "circuits"
ALL_OPTIONS = sorted(OPTIONS, key=lambda o: int(o[1:]))
# (circuit, cars, seed, options, pits): the core game, the league's A7, and every option
BOT_RACES = (
    ("ovale", 6, 3, (), False),
    ("montreal", 10, 3, ("A7",), False),
    ("monaco", 8, 1, ("A7",), True),
    ("spa", 10, 1, tuple(ALL_OPTIONS), True),
    ("monza", 10, 2, tuple(ALL_OPTIONS), True),
)


@cache
def _track(circuit: str):
    return load_circuit(json.loads((CIRCUITS / f"{circuit}.json").read_text(encoding="utf-8")))


def _ruleset(spec: dict | None) -> RuleSet | None:
    if spec is None:
        return None
    return RuleSet.from_options(
        spec.get("options", ["A7"]), **{k: v for k, v in spec.items() if k != "options"}
    )


@cache
def _said() -> tuple[Violation | Event, ...]:
    """Every violation and event of the golden logs and the bot races."""
    verdicts = []
    for path in sorted(LOGS.rglob("*.json")):
        if path.name.endswith((".expected.json", ".verdict.json")) or "tools" in path.parts:
            continue
        data = path.read_bytes()
        if json.loads(data).get("format") != "formule-de/race-log@1":
            continue
        expected = path.with_name(path.name.removesuffix(".json") + ".expected.json")
        spec = json.loads(expected.read_text()).get("ruleset") if expected.exists() else None
        try:
            log = read_race_log(data)
        except LogFormatError:
            continue
        verdicts.append(replay(log, _track(log.circuit), _ruleset(spec)))
    for circuit, cars, seed, options, pits in BOT_RACES:
        track = _track(circuit)
        doc = write_race(track, cars=cars, laps=2, seed=seed, options=options, pits=pits)
        verdicts.append(replay(read_race_log(json.dumps(doc)), track))
    return tuple(x for v in verdicts for x in (*v.violations, *v.events))


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _given() -> dict[Code, set[frozenset[str]]]:
    """Code -> the sets of param names the engine gave it (nested messages included)."""
    out: dict[Code, set[frozenset[str]]] = {}

    def visit(code: Code, params) -> None:
        out.setdefault(code, set()).add(frozenset(name for name, _ in params))
        for _, value in params:
            for v in value if type(value) is list else [value]:
                if type(v) is tuple and len(v) == 2 and isinstance(v[0], Code):
                    visit(*v)

    for x in _said():
        visit(x.code, x.params)
    return out


def test_every_code_has_an_english_template_and_every_template_a_code():
    assert set(TEMPLATES) == set(Code)
    assert all(TEMPLATES[c].strip() for c in Code)
    assert len({c.value for c in Code}) == len(Code)


def test_the_corpus_is_the_engines_and_covers_most_codes():
    said = _said()
    assert sum(isinstance(x, Violation) for x in said) > 100 and sum(isinstance(x, Event) for x in said) > 500
    seen = set(_given())
    assert len(seen) >= 0.5 * len(Code), f"only {len(seen)} of {len(Code)} codes seen"
    assert seen >= SPINS


def test_each_template_takes_exactly_the_params_the_engine_gives():
    wrong = [
        f"{code.value}: template {sorted(_fields(TEMPLATES[code]))}, given {sorted(names)}"
        for code, given in _given().items()
        for names in given
        if names != _fields(TEMPLATES[code])
    ]
    assert not wrong, "\n".join(wrong)


def _code_names(node: ast.expr, aliases: dict[str, str]) -> list[str]:
    """`Code.X` (or a module's `_X = Code.X`) -> ["X"]; `Code.X if … else Code.Y` -> ["X", "Y"];
    anything else -> []."""
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "Code":
        return [node.attr]
    if isinstance(node, ast.Name) and node.id in aliases:
        return [aliases[node.id]]
    if isinstance(node, ast.IfExp):
        return _code_names(node.body, aliases) + _code_names(node.orelse, aliases)
    return []


def _sites() -> list[tuple[str, Code, set[str]]]:
    """Every place in rules/ that names a code in a call with its params spelt out: (where,
    code, param names), read from the source (the codes no log above happens to reach too)."""
    out = []
    for path in sorted((ROOT / "rules").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases = {  # hot-path codes looked up once: `_X = Code.X`
            t.targets[0].id: t.value.attr
            for t in tree.body
            if isinstance(t, ast.Assign)
            and isinstance(t.targets[0], ast.Name)
            and _code_names(t.value, {}) == [getattr(t.value, "attr", None)]
        }
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or any(k.arg is None for k in node.keywords):
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            if getattr(node.func, "attr", None) == "one":  # Rolls.one: `missing` bare, `second` its roll
                given = {"missing": set(), "second": {"roll"}}
                out += [
                    (where, Code[c], given[k.arg])
                    for k in node.keywords
                    if k.arg in given
                    for c in _code_names(k.value, aliases)
                ]
            codes = [name for a in node.args for name in _code_names(a, aliases)]
            if not codes:
                continue
            names = {k.arg for k in node.keywords if k.arg != "fatal"}
            for a in node.args:  # Violation(..., Code.X, params(k=v), ...)
                if isinstance(a, ast.Call) and isinstance(a.func, ast.Name) and a.func.id == "params":
                    names |= {k.arg for k in a.keywords}
            out += [(where, Code[code], names) for code in codes]
    return out


def test_each_call_site_gives_its_templates_params():
    sites = _sites()
    assert len(sites) > 150
    wrong = [
        f"{where} {code.value}: template {sorted(_fields(TEMPLATES[code]))}, given {sorted(names)}"
        for where, code, names in sites
        if names != _fields(TEMPLATES[code])
    ]
    assert not wrong, "\n".join(wrong)


def test_every_code_is_checked_at_its_call_site_or_in_the_corpus():
    assert set(Code) == {code for _, code, _ in _sites()} | set(_given())


def test_every_message_renders_and_its_json_renders_the_same():
    for x in _said():
        text = x.message
        assert text and "{" not in text.replace("{'", "").replace("{}", "")
        data = json.loads(json.dumps(x.to_json()))  # JSON-able, nested messages included
        assert data["code"] == x.code.value and data["message"] == text
        assert render(data["code"], data["params"]) == text


def test_events_have_a_kind_and_violations_a_rule():
    for x in _said():
        if isinstance(x, Event):
            assert isinstance(x.kind, Kind)
        else:
            assert x.rule and isinstance(x.code, Code)


def test_nested_messages_compose_without_reading_text():
    why = msg(Code.OUT_NO_POINTS_LEFT, part="body")
    event = Event(4, "7", Kind.ELIMINATED, Code.ELIMINATED_OUT, (("why", why),))
    assert event.message == "eliminated: no body points left"
    assert event.to_json()["params"] == {"why": {"code": "out.no_points_left", "params": {"part": "body"}}}


@pytest.mark.parametrize(
    ("code", "params", "text"),
    [
        (
            Code.G1_ROLL_NOT_ON_DIE,
            {"roll": 3, "gear": 1, "low": 1, "high": 2},
            "roll 3 is not on the 1st gear die (1–2)",
        ),
        (
            Code.G3_SKIP_NO_BRAKES,
            {"previous": 4, "gear": 1, "skipped": 2},
            "gear 4 → 1 skips 2 gears with 0 brake points",
        ),
        (
            Code.G3_SKIP_NO_BRAKES,
            {"previous": 3, "gear": 1, "skipped": 1},
            "gear 3 → 1 skips 1 gear with 0 brake points",
        ),
    ],
)
def test_the_nth_and_plural_specs(code, params, text):
    assert render(code, params) == text


def test_a_journal_keeps_the_order_of_what_it_is_told():
    out = Journal()
    out.event(2, "7", Kind.FINISHED, Code.FINISHED_LAST_LINE, laps=3)
    out.violation(2, "7", "T5", Code.T5_CAR_DID_NOT_MOVE, car="7", turn=2)
    out.broken(2, "3", "G2", msg(Code.G2_SKIP_UP, previous=2, gear=4), True)
    assert [type(x).__name__ for x in out] == ["Event", "Violation", "Violation"]
    assert out[2].fatal and out[2].message == "gear 2 → 4 skips a gear going up"
    assert out[1].to_json() == {
        "turn": 2,
        "car": "7",
        "rule": "T5",
        "message": "car 7 did not move in turn 2",
        "code": "t5.car_did_not_move",
        "params": {"car": "7", "turn": 2},
    }
    assert params_json(out[0].params) == {"laps": 3}


def test_a_renderer_subclass_changes_templates_words_ordinals_and_plurals_nested_too():
    class Shouting(Renderer):
        def template(self, code: Code) -> str:
            return "» " + super().template(code)

        def word(self, vocabulary: str, word: str) -> str:
            return f"<{vocabulary}:{word}>"

        def ordinal(self, n: int) -> str:
            return f"#{n}"

    why = msg(Code.OUT_NO_POINTS_LEFT, part="engine")
    assert (
        Shouting().render(Code.ELIMINATED_OUT, (("why", why),))
        == "» eliminated: » no <part:engine> points left"
    )
    assert (
        Shouting().render(Code.G4_FIRST_MOVE_1ST_GEAR, {"gear": 2})
        == "» the first move is in 1st gear, not #2"
    )
    assert render(Code.ELIMINATED_OUT, (("why", why),)) == "eliminated: no engine points left"


def test_params_that_carry_words_carry_typed_values_the_english_reads_as_before():
    assert WeatherLabel.RAIN_TEMPORARY == "rain (temporary)" and set(WORDS["weather"]) == set(WeatherLabel)
    assert set(WORDS["red flag"]) == set(RedFlag) and set(WORDS["cause"]) == {*Cause, Placeholder.OUT}
    assert set(WORDS["result"]) == {Placeholder.NO_RESULT, Placeholder.NO_FINISHER}
    assert set(WORDS["test"]) == set(formats.TestKind) and set(WORDS["tyres"]) == set(Tyres)
    assert set(WORDS["part"]) == set(PARTS)
    assert {v for table in WORD_PARAMS.values() for v in table.values()} <= set(WORDS)
    for code, table in WORD_PARAMS.items():
        assert set(table) <= set(_fields(TEMPLATES[code])), code
