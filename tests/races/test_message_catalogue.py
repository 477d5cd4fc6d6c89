"""Every message code (the engine's and the site's own checks) has its English template and a French
translation in locale/fr (.po and the compiled .mo), and both format with the params the engine
really gives: the golden logs and seeded bot races, with and without options (the corpus of
tests/rules/test_messages.py). Pages show a stored verdict in the reader's language."""

from __future__ import annotations

import gettext as gnu
import re
import string
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from core.messages import message_text, verdict_text
from core.site_messages import SITE_TEMPLATES, SiteCode, site_violation
from rules.messages import TEMPLATES, WORD_PARAMS, WORDS, Code, Kind, msg, render
from rules.verdict import Event
from rules.weather import WeatherLabel
from sheets.replay.frames import _event, race_replay
from tests.races.replay_setup import build_oval, make_steward, submit
from tests.rules.test_messages import _said

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "locale" / "fr" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")
SPECS = {"", "s", "nth", ".1f"}  # the format specs the renderers know


def _unquote(line: str) -> str:
    return (
        line[line.index('"') + 1 : line.rindex('"')]
        .replace('\\"', '"')
        .replace("\\n", "\n")
        .replace("\\\\", "\\")
    )


@cache
def _po() -> dict[tuple[str | None, str], str]:
    """(msgctxt, msgid) -> msgstr of the French .po; fuzzy entries count as untranslated."""
    out: dict[tuple[str | None, str], str] = {}
    for block in PO.read_text(encoding="utf-8").split("\n\n"):
        if "#, fuzzy" in block or "\n#~" in f"\n{block}":
            continue
        fields: dict[str, str] = {}
        key = None
        for line in block.splitlines():
            match = re.match(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[0\])?) ", line)
            if match:
                key = match.group(1)
                fields[key] = _unquote(line)
            elif line.startswith('"') and key:
                fields[key] += _unquote(line)
            elif line.startswith("msgstr["):  # the other plural forms: not read
                key = None
        if "msgid" in fields:
            out[fields.get("msgctxt"), fields["msgid"]] = fields.get("msgstr", fields.get("msgstr[0]", ""))
    return out


@cache
def _mo() -> gnu.GNUTranslations:
    with MO.open("rb") as handle:
        return gnu.GNUTranslations(handle)


def _french(msgid: str, context: str | None = None) -> str:
    """The translation in the .po, which the .mo must hold too (compiled after the last edit)."""
    french = _po().get((context, msgid), "")
    assert french, f"no French for {context or ''} {msgid!r} in {PO.relative_to(ROOT)}"
    compiled = _mo().pgettext(context, msgid) if context else _mo().gettext(msgid)
    assert compiled == french, f"the .mo is stale for {msgid!r}: run compilemessages"
    return french


def _fields(template: str) -> dict[str, tuple[str, str | None]]:
    return {name: (spec, conv) for _, name, spec, conv in string.Formatter().parse(template) if name}


ALL_TEMPLATES: dict[str, str] = {
    **{code.value: text for code, text in TEMPLATES.items()},
    **{code.value: text for code, text in SITE_TEMPLATES.items()},
}


def test_every_code_engine_and_site_has_english_and_french_templates_with_the_same_params():
    assert set(SITE_TEMPLATES) == set(SiteCode) and set(TEMPLATES) == set(Code)
    assert not {c.value for c in Code} & {c.value for c in SiteCode}
    for code, english in ALL_TEMPLATES.items():
        french = _french(english)
        assert set(_fields(french)) == set(_fields(english)), code
        for name, (spec, conv) in _fields(french).items():
            assert spec in SPECS and conv in (None, "r"), f"{code}: {{{name}:{spec}}}"


def test_every_word_a_param_carries_has_french_in_its_context():
    for vocabulary, words in WORDS.items():
        for word in words:
            _french(word, vocabulary)
    assert {v for table in WORD_PARAMS.values() for v in table.values()} <= set(WORDS)
    assert set(WORDS["weather"]) == {label.value for label in WeatherLabel}
    assert _po()[None, "(plural suffix)"] == "(plural suffix)"


def _visit(code: Code, params: Any, out: list[tuple[Code, Any]]) -> None:
    out.append((code, params))
    for _, value in params:
        for v in value if type(value) is list else [value]:
            if type(v) is tuple and len(v) == 2 and isinstance(v[0], Code):
                _visit(*v, out)


@cache
def _given() -> tuple[tuple[Code, Any], ...]:
    out: list[tuple[Code, Any]] = []
    for x in _said():
        _visit(x.code, x.params, out)
    return tuple(out)


def test_the_engines_params_render_in_english_as_the_engine_says_and_in_french_with_no_english_left():
    given = _given()
    assert len({code for code, _ in given}) > 80
    for code, params in given:
        with translation.override("en"):
            assert message_text(code, params) == render(code, params)
        with translation.override("fr"):
            french = message_text(code, params)
        assert french and "{" not in french.replace("{'", "")
        for name, value in params:  # a word param comes out in French (those that differ)
            vocabulary = WORD_PARAMS.get(code, {}).get(name)
            if vocabulary is None or type(value) is not str:
                continue
            # every such param is one of its words (F3's result: a list of cars, or a placeholder)
            assert value in WORDS[vocabulary] or vocabulary == "result", (code, name, value)
            if value in WORDS[vocabulary]:
                assert _french(value, vocabulary) in french, (code, name, value)


def _dummy(code: Code | SiteCode, english: str) -> dict[str, Any]:
    words = WORD_PARAMS.get(code, {}) if isinstance(code, Code) else {}
    out: dict[str, Any] = {}
    for name in _fields(english):
        if name in words:
            out[name] = {"tyres": 2} if name == "wear" else WORDS[words[name]][0]
        elif name in ("why", "sum"):
            out[name] = msg(Code.OUT_NO_POINTS_LEFT, part="engine")
        else:
            out[name] = 2
    return out


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_template_formats_even_the_codes_no_log_reaches(language):
    for code in [*Code, *SiteCode]:
        english = ALL_TEMPLATES[code.value]
        with translation.override(language):
            text = message_text(code, _dummy(code, english))
        assert text and "{" not in text.replace("{'", ""), code


@pytest.mark.parametrize(
    ("code", "params", "french"),
    [
        (
            Code.G2_SKIP_UP,
            {"previous": 2, "gear": 4},
            "passage de la 2e à la 4e : une vitesse sautée en montant",
        ),
        (Code.G4_FIRST_MOVE_1ST_GEAR, {"gear": 1}, "le premier coup se joue en 1re, pas en 1re"),
        (
            Code.CORNER_TYRES_PAID,
            {"n": 2, "corner": "T1", "stops": 0, "need": 1, "cost": 2, "tyres": 3},
            "2 cases après le virage T1 avec 0 arrêt sur 1 : 2 points de pneus, il en reste 3 (C2)",
        ),
        (
            Code.WEATHER_ROLL,
            {"roll": 2, "weather": "rain (temporary)"},
            "jet de météo 2 : pluie (temporaire)",
        ),
        (
            Code.X3_TEAM_SPENDS_1_0,
            {"team": "rouge", "balance": 1.5},
            "l'écurie rouge dépense 1,0 point avec 1,5",
        ),
        (
            Code.ELIMINATED_OUT,
            {"why": {"code": "out.no_points_left", "params": {"part": "engine"}}},
            "éliminée : plus aucun point de moteur",
        ),
        (
            Code.T5_CAR_ELIMINATED_MOVES_NO_MORE,
            {"car": "3", "turn": 4, "cause": "out"},
            "la voiture 3 a été éliminée au tour de jeu 4 (hors course) et ne joue plus",
        ),
        (
            Code.RED_FLAG_RESTART,
            {"why": "3 walls", "left": 2},
            "drapeau rouge (3 murs) : nouveau départ arrêté, 2 tours à courir (A5)",
        ),
        (
            Code.F3_CLAIMED_RESULT_DIFFERS_REPLAY,
            {"claimed": "(none)", "replayed": "3, 1"},
            "le résultat annoncé (aucun) diffère de celui de la relecture : 3, 1",
        ),
        (
            SiteCode.CAR_NOT_ENTERED,
            {"car": "9", "entered": "1, 2"},
            "la voiture 9 n’est pas engagée dans cette course (engagées : 1, 2)",
        ),
    ],
)
def test_examples_read_exactly_in_french(code, params, french):
    with translation.override("fr"):
        assert message_text(code, params) == french
    with translation.override("fr-ca"):
        assert message_text(code, params) == french


def test_a_stored_verdict_without_codes_shows_its_english_message():
    old = {"turn": 3, "car": "1", "rule": "G2", "message": "gear 2 → 4 skips a gear going up"}
    unknown = {**old, "code": "g2.no_such_code_any_more", "params": {}}
    with translation.override("fr"):
        assert verdict_text(old) == old["message"]
        assert verdict_text(unknown) == old["message"]
        assert verdict_text({**old, "code": "g2.skip_up", "params": {"previous": 2, "gear": 4}}).startswith(
            "passage de la 2e"
        )


def test_a_site_check_is_stored_in_english_with_its_code_and_reads_in_french():
    violation = site_violation("SITE-entries", SiteCode.CAR_MISSING, car="4", driver="ada")
    with translation.override("fr"):  # the language at judging time does not matter
        again = site_violation("SITE-entries", SiteCode.CAR_MISSING, car="4", driver="ada")
        french = verdict_text(violation)
    assert again == violation
    assert violation["message"] == "car 4 (ada) is entered in this race but missing from the log"
    assert violation["code"] == "site.car_missing" and violation["params"] == {"car": "4", "driver": "ada"}
    assert french == "la voiture 4 (ada) est engagée dans cette course mais absente du journal"


@pytest.mark.django_db
def test_the_sheet_page_shows_violations_in_the_readers_language(client, examples_dir):
    steward = make_steward()
    oval = build_oval(steward)
    sheet = submit(oval.race, (examples_dir / "race-ovale-gear-skip.json").read_bytes(), steward)
    violation = next(v for v in sheet.verdict["violations"] if v["rule"] == "G2")
    english = violation["message"]
    with translation.override("fr"):
        french = message_text(violation["code"], violation["params"])
    assert french != english and french.startswith("passage de la ")
    client.force_login(steward)
    url = reverse("sheets:sheet", kwargs={"pk": sheet.pk})

    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "fr"
    with translation.override("fr"):
        html = client.get(url).content.decode()
    assert french.replace("'", "&#x27;") in html and english.replace("'", "&#x27;") not in html

    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    html = client.get(url).content.decode()
    assert english.replace("'", "&#x27;") in html and french not in html


@pytest.mark.django_db
def test_the_replay_events_read_in_the_readers_language_and_spins_are_found_by_code(examples_dir):
    steward = make_steward()
    oval = build_oval(steward)
    sheet = submit(oval.race, (examples_dir / "race-ovale-valid.json").read_bytes(), steward)

    def finished_text() -> str:
        frames = race_replay(sheet=sheet)
        return next(e["text"] for t in frames["turns"] for e in t["events"] if e["kind"] == "finished")

    with translation.override("fr"):
        assert finished_text() == "franchit la ligne pour la dernière fois (1 tour)"
    with translation.override("en"):
        assert finished_text() == "crosses the line for the last time (1 laps)"


def test_the_replay_viewer_tells_a_spin_by_its_code_not_its_words():
    past = (("n", 1), ("corner", "T1"), ("stops", 0), ("need", 1))
    spin = Event(3, "1", Kind.CORNER_EXIT, Code.CORNER_NO_TYRES_SPIN, past)
    paid = Event(3, "1", Kind.CORNER_EXIT, Code.CORNER_TYRES_PAID, (*past, ("cost", 1), ("tyres", 2)))
    assert _event(spin)["kind"] == "spin" and _event(paid)["kind"] == "corner-exit"
