"""The standings progression: cumulative points after each round, drawn as inline SVG."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from league.models import Driver
from races.charts import nice_step, progression_chart
from races.models import Race
from races.progression import driver_progression, team_progression
from races.standings import driver_standings, team_standings
from tests.site.conftest import net_points_by_round, race_more, small_league

pytestmark = pytest.mark.django_db
SVG = "{http://www.w3.org/2000/svg}"


def svgs_of(client, season) -> dict[str, ET.Element]:
    html = client.get(season.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    found = re.findall(r"<svg class=\"chart-svg\".*?</svg>", html, flags=re.S)
    charts = [ET.fromstring(svg) for svg in found]  # each is well-formed XML on its own
    return {chart.get("id"): chart for chart in charts}


def test_a_drivers_line_is_the_running_total_of_its_net_points(league):
    progression = driver_progression(season=league.season)

    assert progression.rounds == (1, 2, 3)
    by_name = {s.name: s.cumulative for s in progression.series}
    assert by_name == {"Alice": (10, 15, 21), "Bruno": (8, 18, 18), "Chloé": (6, 14, 24), "David": (0, 6, 14)}
    scores = net_points_by_round(league.season)
    for series in progression.series:
        rounds = scores[series.driver.pk]
        assert series.cumulative == tuple(sum(rounds.get(r, 0) for r in range(1, n + 1)) for n in (1, 2, 3))


def test_lines_end_where_the_standings_say_best_n_included(db):
    league = small_league(races=4, best_results=2)

    drivers = driver_progression(season=league.season)
    teams = team_progression(season=league.season)

    assert [(s.name, s.cumulative[-1]) for s in drivers.series] == [
        (row.driver.name, row.points) for row in driver_standings(season=league.season)
    ]
    assert [(s.name, s.cumulative[-1]) for s in teams.series] == [
        (row.team.name, row.points) for row in team_standings(season=league.season)
    ]


def test_a_team_line_adds_its_cars(league):
    teams = {s.name: s.cumulative for s in team_progression(season=league.season).series}

    assert teams == {"Rouge": (18, 33, 39), "Bleue": (6, 20, 38)}


def test_rounds_without_validated_results_are_not_drawn(league):
    race_more(league, status=Race.Status.SUBMITTED)

    assert driver_progression(season=league.season).rounds == (1, 2, 3)


def test_the_season_page_draws_one_polyline_per_driver_and_per_team(client, league):
    charts = svgs_of(client, league.season)

    drivers, teams = charts["drivers-chart"], charts["teams-chart"]
    assert drivers.find(f"{SVG}title").text
    lines = drivers.findall(f".//{SVG}polyline")
    assert sorted(line.get("data-name") for line in lines) == ["Alice", "Bruno", "Chloé", "David"]
    assert len(teams.findall(f".//{SVG}polyline")) == 2
    colours = {line.get("data-name"): line.get("stroke") for line in lines}
    assert colours == {"Alice": "#cc0000", "Bruno": "#cc0000", "Chloé": "#0033aa", "David": "#0033aa"}
    # The lower-placed driver of a team is dashed, so two lines of one colour stay apart:
    # Alice 21 ahead of Bruno 18, Chloé 24 ahead of David 14.
    dashed = {line.get("data-name") for line in lines if line.get("stroke-dasharray")}
    assert dashed == {"Bruno", "David"}
    texts = {t.text for t in drivers.iter(f"{SVG}text")}
    assert {"R1", "R2", "R3", "Points", "Round"} <= texts


def test_the_points_of_a_polyline_match_the_cumulative_standings(client, league):
    chart = svgs_of(client, league.season)["drivers-chart"]
    ticks = {
        int(t.text): float(t.get("y"))
        for t in chart.find(f"{SVG}g[@class='axis y-axis']").iter(f"{SVG}text")
        if t.text.isdigit()
    }
    zero_y, (top_value, top_y) = ticks[0], max(ticks.items())
    expected = {s.name: s.cumulative for s in driver_progression(season=league.season).series}

    for line in chart.iter(f"{SVG}polyline"):
        points = [tuple(map(float, p.split(","))) for p in line.get("points").split()]
        assert len(points) == 1 + 3  # the start, then each round
        assert points[0][1] == zero_y
        xs = [x for x, _y in points]
        assert xs == sorted(xs)
        values = [round((zero_y - y) / (zero_y - top_y) * top_value) for _x, y in points[1:]]
        assert tuple(values) == expected[line.get("data-name")]
        assert line.get("data-values") == ",".join(map(str, expected[line.get("data-name")]))


def test_each_point_has_a_tooltip_in_the_readers_language(client, league):
    Driver.objects.filter(pk=league.alice.pk).update(name="Alice <&>")
    url = league.season.get_absolute_url()

    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()

    # Translated with the plural of the number (French: 0 point, English: 0 points), the name escaped.
    assert "<title>Alice &lt;&amp;&gt; après la manche 3 : 21 points</title>" in french
    assert "<title>David après la manche 1 : 0 point</title>" in french
    assert "<title>Alice &lt;&amp;&gt; after round 3: 21 points</title>" in english
    assert "<title>David after round 1: 0 points</title>" in english
    assert '<span class="legend-points">21 pts</span>' in english


def test_no_chart_before_the_first_scored_round(client, db):
    league = small_league(races=0)

    assert progression_chart(driver_progression(season=league.season)) is None
    assert "chart-svg" not in client.get(league.season.get_absolute_url()).content.decode()


def test_the_axis_steps_are_round_numbers():
    assert [nice_step(n) for n in (0, 5, 6, 7, 12, 24, 61, 130, 1000)] == [1, 1, 1, 2, 2, 5, 20, 50, 200]
