"""How a season's standings built up: cumulative points after each scored round.

Computed by `races.scoreboard` from the same single query as the
standings: the rounds are read off the season's results, and points are counted
as the standings count them (net of penalties, best-N honoured), so a line ends
where the table says.
"""

from __future__ import annotations

from league.models import Season
from races.scoreboard import Progression as Progression
from races.scoreboard import Series as Series
from races.scoreboard import season_scoreboard


def driver_progression(*, season: Season) -> Progression:
    """Each driver's counted points after each scored round (one query)."""
    return season_scoreboard(season=season).driver_progression


def team_progression(*, season: Season) -> Progression:
    """Each team's counted points after each scored round: its cars' net points added up (one query)."""
    return season_scoreboard(season=season).team_progression
