"""Reads of the league: standings, experience balances, the season on show.

Standings are computed in Python from one query per table (`league.selectors.scoreboard`,
which also draws the progressions and the results grid from that same query): a
season has a few hundred results at most, and best-N plus countback are awkward in SQL.
"""

from __future__ import annotations

from league.selectors.balances import ZERO as ZERO
from league.selectors.balances import driver_experience as driver_experience
from league.selectors.balances import experience_tally as experience_tally
from league.selectors.balances import team_experience as team_experience
from league.selectors.balances import tenths as tenths
from league.selectors.scoreboard import Scoreboard as Scoreboard
from league.selectors.scoreboard import StandingRow as StandingRow
from league.selectors.scoreboard import season_scoreboard as season_scoreboard
from league.selectors.seasons import running_season as running_season
from league.selectors.seasons import season_entry_list as season_entry_list
from league.selectors.standings import driver_standings as driver_standings
from league.selectors.standings import team_standings as team_standings
