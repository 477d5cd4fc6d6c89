"""The drivers' and teams' tables of a season (drawn from one scoreboard query)."""

from __future__ import annotations

from league.models import Season
from races.scoreboard import StandingRow, season_scoreboard


def driver_standings(*, season: Season) -> list[StandingRow]:
    """The drivers' table of a season, every entered driver included (one query)."""
    return season_scoreboard(season=season).drivers


def team_standings(*, season: Season) -> list[StandingRow]:
    """The teams' table: a team's score in a race is the sum of its cars' net points (one query)."""
    return season_scoreboard(season=season).teams
