"""Race night's events as people read them: each told once (a corner that eliminates a car is one
event, not the corner's and the elimination's), the cause of a car out in the reader's language,
and the rules an event is about linked to the rules page."""

from __future__ import annotations

import pytest

from live.event_words import rules_named, told_once
from rules.messages import Code, Kind
from rules.verdict import Event
from tests.live.conftest import golden, moves_of, new_table, night_for

pytestmark = pytest.mark.django_db


def _played(name: str, *languages: str, pages: list | None = None) -> list[dict]:
    """The states (in each language) of a table that played a golden log to its end; `pages`
    gets its race-night page in each language."""
    night = night_for(golden(name))
    table = new_table(night)
    client = night.client(night.entrant)
    for _, restart, move in moves_of(night.log):
        if restart is not None:
            assert client.post(f"/api/tables/{table}/restart/", restart, format="json").status_code == 201
        else:
            assert client.post(f"/api/tables/{table}/moves/", move, format="json").status_code == 201
    url = f"/api/tables/{table}/"
    if pages is not None:
        page = f"/live/tables/{table}/"
        pages.extend(
            night.client().get(page, headers={"Accept-Language": lang}).content.decode() for lang in languages
        )
    return [
        night.client().get(url, headers={"Accept-Language": lang}).json() for lang in languages or ("en",)
    ]


def _eliminations(state: dict) -> list[dict]:
    return [e for e in state["events"] if e["car"] == "7" and "C3" in e["message"]]


def test_a_corner_that_eliminates_a_car_is_told_once():
    (state,) = _played("c3-legal-elimination")

    (told,) = _eliminations(state)
    assert told["kind"] == "eliminated" and told["code"] == "eliminated.out"
    assert told["message"] == "left corner T2 with 0 of 2 stops: eliminated (C3)"
    assert not [e for e in state["events"] if e["code"] == "corner.too_few_stops_out"]


def test_the_elimination_links_its_rule_to_the_rules_page():
    (told,) = _eliminations(_played("c3-legal-elimination")[0])

    assert told["rules"] == [{"rule": "C3", "url": "/rules/#rule-C3"}]
    assert told["rule_url"] == "/rules/#rule-C3"


def test_an_event_about_no_rule_links_nowhere():
    (state,) = _played("c3-legal-elimination")

    finished = [e for e in state["events"] if e["kind"] == "finished"]
    assert finished and all(e["rules"] == [] and e["rule_url"] is None for e in finished)


def test_in_french_the_cause_and_the_event_are_french():
    (state,) = _played("c3-legal-elimination", "fr")

    out = next(c for c in state["cars"] if c["car"] == "7")
    assert out["cause"] == "corner" and out["cause_text"] == "virage"
    (told,) = _eliminations(state)
    assert told["message"] == "sort du virage T2 avec 0 arrêt sur 2 : éliminée (C3)"
    racing = next(c for c in state["cars"] if c["car"] == "3")
    assert racing["cause_text"] is None


def test_the_pages_of_both_languages_list_each_event_once():
    for state in _played("c6-legal-road-exit", "en", "fr"):
        said = [(e["step"], e["car"], e["message"]) for e in state["events"]]
        assert len(said) == len(set(said))
        assert len([e for e in state["events"] if e["car"] == "7" and "C6" in e["message"]]) == 1


def test_told_once_keeps_an_elimination_whose_reason_was_not_told():
    """A body elimination's reason (no body points left) is no event of its own: nothing merged."""
    why = (Code.OUT_NO_POINTS_LEFT, (("part", "body"),))
    lost = Event(3, "7", Kind.BODY_LOST, Code.PART_LOST_LOSES_POINTS, (("part", "body"), ("n", 1)))
    out = Event(3, "7", Kind.ELIMINATED, Code.ELIMINATED_OUT, (("why", why),))

    told = told_once([lost, out])

    assert [(t.event, t.code) for t in told] == [(lost, lost.code), (out, Code.ELIMINATED_OUT)]


def test_the_rules_named_are_those_the_rulebook_explains():
    assert rules_named(
        Code.CORNER_TOO_FEW_TYRES_OFF_ROAD,
        (("n", 2), ("corner", "T1"), ("stops", 0), ("need", 1), ("cost", 2), ("tyres", 1)),
    ) == ["C6", "A14"]


def test_the_french_page_says_why_a_car_is_out_in_french():
    pages: list[str] = []
    _played("c3-legal-elimination", "fr", pages=pages)

    (html,) = pages
    assert "éliminée : trop peu d’arrêts dans un virage" in html
    assert "eliminated: corner" not in html and ": corner<" not in html


def test_the_page_links_the_rule_of_its_last_events():
    night = night_for(golden("c3-legal-elimination"))
    table = new_table(night)
    client = night.client(night.entrant)
    for _, _restart, move in moves_of(night.log):
        state = client.post(f"/api/tables/{table}/moves/", move, format="json").json()
        if any(e["kind"] == "eliminated" for e in state["events"]):
            break

    html = night.client().get(f"/live/tables/{table}/", headers={"Accept-Language": "en"}).content.decode()

    events = html.split('id="live-events"')[1].split("</ol>")[0]
    assert 'stops: eliminated (<a class="rule-id" href="/rules/#rule-C3" translate="no">C3</a>)' in events
