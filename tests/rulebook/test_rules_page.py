"""The rules pages explain every rule a verdict can name, in French and in English."""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template
from django.test import Client
from django.urls import reverse

from league.rulebook import en, fr
from league.rulebook.anchors import rule_anchor, rule_url
from league.rulebook.book import book, rule_ids
from tests.rulebook.emitted import decided_rule_ids, engine_rule_ids, site_rule_ids

pytestmark = pytest.mark.django_db

_ID = re.compile(r'\bid="(rule-[^"]+)"')


def page(language: str) -> str:
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get(reverse("league:rules"))
    assert response.status_code == 200
    assert response["Content-Language"] == language
    return response.content.decode()


@pytest.fixture(scope="module")
def emitted() -> set[str]:
    ids = engine_rule_ids() | site_rule_ids()
    # the collection itself must see the engine's rules, or the test below checks nothing
    assert {"G2", "T1", "C2", "A13", "O", "SITE-format", "SITE-grid"} <= ids
    assert len(ids) > 45
    return ids


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_rule_id_a_verdict_can_name_has_its_anchor(language, emitted):
    anchors = set(_ID.findall(page(language)))

    missing = sorted(rule for rule in emitted if rule_anchor(rule) not in anchors)

    assert missing == []


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_nineteen_options_are_described(language):
    html = page(language)
    for n in range(1, 20):
        assert f'id="rule-A{n}"' in html


def test_both_languages_hold_the_same_rules_in_the_same_order():
    assert rule_ids(fr.CHAPTERS) == rule_ids(en.CHAPTERS)
    assert [c.id for c in fr.CHAPTERS] == [c.id for c in en.CHAPTERS]
    assert len(set(rule_ids(en.CHAPTERS))) == len(rule_ids(en.CHAPTERS))


@pytest.mark.parametrize("chapters", [fr.CHAPTERS, en.CHAPTERS], ids=["fr", "en"])
def test_each_rule_the_decisions_settle_shows_them(chapters):
    decided = decided_rule_ids()
    assert {"T4", "C2", "S1", "A5"} <= decided
    rules = {r.id: r for c in chapters for r in c.rules}

    undecided = sorted(rule for rule in decided if not rules[rule].decisions)

    assert undecided == []


def test_a_decision_is_shown_beside_its_rule():
    html = page("fr")
    t4 = html[html.index('id="rule-T4"') : html.index('id="rule-T5"')]
    assert "rule-decisions" in t4 and "La ligue a décidé" in t4
    assert "redouble le leader" in t4  # the lapped-car decision sits with T4, not elsewhere


def test_the_french_page_is_french_and_the_english_page_english():
    french, english = page("fr"), page("en")
    assert "Boîte de vitesses et dés" in french and "Gearbox and dice" not in french
    assert "Gearbox and dice" in english and "Boîte de vitesses et dés" not in english


def test_rule_url_opens_the_page_that_holds_the_anchor():
    path, _, fragment = rule_url("G2").partition("#")
    html = Client(HTTP_ACCEPT_LANGUAGE="fr").get(path).content.decode()
    assert f'id="{fragment}"' in html
    assert rule_url("SITE-grid") == "/rules/#rule-SITE-grid"


def test_a_language_without_its_text_reads_the_english():
    assert book("de") is en.CHAPTERS and book("fr-be") is fr.CHAPTERS


def test_the_navigation_links_the_rules_page():
    html = Client(HTTP_ACCEPT_LANGUAGE="fr").get(reverse("home")).content.decode()
    assert f'href="{reverse("league:rules")}"' in html


def render(source: str, **context) -> str:
    return Template("{% load race_messages %}" + source).render(Context(context))


def test_rule_link_links_a_violation_an_event_and_a_rule_id():
    violation = {"rule": "G2", "code": "g2.skip_up", "params": {}}
    event = {"kind": "corner-exit", "code": "c2.changes_lane_after_uncontrolled", "params": {}}

    assert re.fullmatch(
        r'<a class="rule-id" href="/rules/#rule-G2" title="[^"]+" translate="no">G2</a>',
        render("{{ v|rule_link }}", v=violation),
    )
    assert 'href="/rules/#rule-C2"' in render("{{ e|rule_link }}", e=event)
    assert 'href="/rules/#rule-SITE-entries"' in render("{{ r|rule_link }}", r="SITE-entries")


def test_rule_link_leaves_unknown_ids_as_escaped_text():
    assert render("{{ v|rule_link }}", v={"rule": "<Z9>"}) == "&lt;Z9&gt;"
    assert render("{{ e|rule_link }}", e={"kind": "finished", "code": "finished.last_line"}) == ""


def test_the_season_page_links_its_options_to_their_rules():
    from tests.factories import make_season

    season = make_season(options=["A7", "A13"])

    html = Client(HTTP_ACCEPT_LANGUAGE="fr").get(season.get_absolute_url()).content.decode()

    assert 'href="/rules/#rule-A7"' in html and 'href="/rules/#rule-A13"' in html
    assert f'href="{reverse("league:rules")}"' in html
