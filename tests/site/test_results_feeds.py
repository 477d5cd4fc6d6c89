"""Results as Atom: one entry per race with results, its podium in the summary."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from django.urls import reverse

from tests.factories import make_entry, make_season, run_race
from tests.site.conftest import race_more

pytestmark = pytest.mark.django_db
ATOM = "{http://www.w3.org/2005/Atom}"


def feed(client, url: str) -> ET.Element:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    return ET.fromstring(response.content)  # well-formed XML, or this raises


def test_a_season_feed_has_one_entry_per_race_with_results_newest_first(client, league):
    race_more(league, status="scheduled")  # no results: no entry
    race_more(league, status="run")  # run but not validated: no entry

    root = feed(client, reverse("races:season-results-feed", args=[league.season.slug]))

    assert root.tag == f"{ATOM}feed"
    assert root.findtext(f"{ATOM}title") == "Saison test — results"
    entries = root.findall(f"{ATOM}entry")
    assert [e.findtext(f"{ATOM}title") for e in entries] == [
        f"Round {n} — {league.circuit.name}" for n in (3, 2, 1)
    ]
    for entry in entries:
        assert entry.findtext(f"{ATOM}id")
        assert entry.findtext(f"{ATOM}updated") or entry.findtext(f"{ATOM}published")


def test_an_entry_summary_lists_the_podium_with_points(client, league):
    root = feed(client, reverse("races:season-results-feed", args=[league.season.slug]))

    round_one = root.findall(f"{ATOM}entry")[-1]
    summary = round_one.findtext(f"{ATOM}summary")
    # Round 1: Alice, Bruno, Chloé finish in that order (David is out).
    assert summary.index("Alice (Rouge) — 10 points") < summary.index("Bruno (Rouge) — 8 points")
    assert summary.index("Bruno (Rouge) — 8 points") < summary.index("Chloé (Bleue) — 6 points")
    assert "David" not in summary
    link = round_one.find(f"{ATOM}link").get("href")
    assert link == f"http://testserver{league.races[0].get_absolute_url()}"


def test_the_league_feed_mixes_every_season(client, league):
    other = make_season(name="Saison ancienne", slug="ancienne", year=2020)
    run_race(other, 1, [make_entry(other, 9, league.alice, league.red)], circuit=league.circuit)

    root = feed(client, reverse("races:results-feed"))

    titles = [e.findtext(f"{ATOM}title") for e in root.findall(f"{ATOM}entry")]
    assert len(titles) == 4
    assert sum(t.startswith("Saison test · ") for t in titles) == 3
    assert sum(t.startswith("Saison ancienne · ") for t in titles) == 1


def test_the_season_page_announces_its_feeds_in_the_head(client, league):
    html = client.get(league.season.get_absolute_url()).content.decode()

    head = html[: html.index("</head>")]
    assert 'type="application/atom+xml" title="Saison test' in head
    assert f'href="/seasons/{league.season.slug}/results.atom"' in head
    assert 'type="text/calendar" title="Saison test' in head
    assert f'href="/seasons/{league.season.slug}/calendar.ics"' in head
    body = html[html.index("<body") :]
    assert f'href="/seasons/{league.season.slug}/standings.csv?table=drivers"' in body
