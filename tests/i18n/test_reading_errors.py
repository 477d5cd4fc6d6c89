"""Why a log cannot be read: the engine gives a code and params, the site says it in the reader's language."""

from __future__ import annotations

import pickle

import pytest
from django.template import Context, Template
from django.utils import translation

from core.messages import verdict_text
from core.read_errors import reading_text
from rules.formats import LogFormatError, read_race_log
from rules.messages.reading import READ_TEMPLATES, ReadCode
from rules.strict_json import JsonInputError, loads
from sheets.engine import _unreadable

BAD_TURN = b'{"format": "formule-de/race-log@1", "circuit": "ovale", "weather": {"race": 3}, "cars": [], "turns": []}'


def error_of(raw: bytes) -> LogFormatError:
    with pytest.raises(LogFormatError) as caught:
        read_race_log(raw)
    return caught.value


def test_a_reading_error_is_a_code_with_its_place_and_params():
    error = error_of(BAD_TURN)

    assert error.code is ReadCode.EXPECTED_LIST and error.where == "cars"
    assert error.to_json() == {
        "code": "read.expected_list",
        "params": {"where": "cars", "items": "a non-empty list of cars", "got": "[]"},
    }
    assert str(error) == "cars: expected a non-empty list of cars, got []"  # the CLI's English


def test_it_survives_pickling_with_its_code():
    error = pickle.loads(pickle.dumps(error_of(b"{")))
    assert isinstance(error, LogFormatError) and error.code is ReadCode.NOT_JSON
    assert str(error).startswith("race log: not JSON (")


@pytest.mark.parametrize(
    ("raw", "french"),
    [
        (
            b"{",
            "journal de course : ce n’est pas du JSON (nom de propriété entre guillemets doubles attendu ligne 1, colonne 2)",
        ),
        (BAD_TURN, "cars : une liste non vide de voitures attendue, reçu []"),
        (b'{"format": "x"}', "format : 'formule-de/race-log@1' attendu, reçu 'x'"),
        (b'{"a": 1, "a": 2}', "journal de course : la clé 'a' est donnée deux fois"),
    ],
)
def test_the_site_says_it_in_french(raw, french):
    with translation.override("fr"):
        assert reading_text(error_of(raw)) == french


def test_and_in_english_as_the_cli_does():
    error = error_of(BAD_TURN)
    with translation.override("en"):
        assert reading_text(error) == str(error)


def test_every_reading_template_has_its_french():
    with translation.override("fr"):
        untranslated = [
            code for code, english in READ_TEMPLATES.items() if translation.gettext(english) == english
        ]
    assert untranslated == []


def test_an_unreadable_sheet_s_verdict_and_error_read_in_french():
    judgement = _unreadable(error_of(b"{"))
    [violation] = judgement.verdict["violations"]
    assert violation["rule"] == "SITE-format" and violation["message"] == judgement.error
    sheet = type("Sheet", (), {"verdict": judgement.verdict, "error": judgement.error})()

    with translation.override("fr"):
        text = verdict_text(violation)
        shown = Template("{% load race_messages %}{{ sheet|sheet_error }}").render(Context({"sheet": sheet}))

    assert text.startswith("journal de course : ce n’est pas du JSON")
    assert shown == text


def test_an_old_verdict_with_english_words_still_shows_them():
    old = {
        "rule": "SITE-format",
        "code": "site.unreadable",
        "params": {"error": "turns: missing"},
        "message": "x",
    }
    with translation.override("fr"):
        assert verdict_text(old) == "turns: missing"


def test_json_input_errors_have_codes_too():
    with pytest.raises(JsonInputError) as caught:
        loads('{"x": NaN}', what="body")
    assert caught.value.code is ReadCode.NOT_A_JSON_NUMBER and caught.value.where == "x"
