"""Reads of the league: experience balances, the season on show.

The standings, which read race results, are the races room's (`races.scoreboard`).
"""

from __future__ import annotations

from league.selectors.balances import ZERO as ZERO
from league.selectors.balances import driver_experience as driver_experience
from league.selectors.balances import experience_tally as experience_tally
from league.selectors.balances import team_experience as team_experience
from league.selectors.balances import tenths as tenths
from league.selectors.seasons import running_season as running_season
from league.selectors.seasons import season_entry_list as season_entry_list
