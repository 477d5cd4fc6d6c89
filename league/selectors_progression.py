"""How a season's standings built up: cumulative points after each scored round.

One query per table, whatever the number of races: the season's entries are
joined to their results the way the standings are, and the rounds are read off
the same rows. Points are counted as the standings count them (net of
penalties, best-N honoured), so a line ends where the table says.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import F

from league.models import Driver, Season, SeasonEntry, Team
from league.selectors import _rank, _Tally
from races.models import Race


@dataclass(frozen=True)
class Series:
    """One competitor's line: the points counted after each round of `Progression.rounds`."""

    name: str
    colour: str
    position: int  # in the final table, for the legend's order
    cumulative: tuple[int, ...]
    driver: Driver | None = None
    team: Team | None = None
    second_car: bool = False  # a team's second driver: drawn dashed, same colour


@dataclass(frozen=True)
class Progression:
    rounds: tuple[int, ...]  # round numbers that have counted results, in order
    series: tuple[Series, ...]  # in standings order


@dataclass
class _Line:
    tally: _Tally
    by_round: dict[int, int] = field(default_factory=dict)  # round -> net points that round


def _rows(season: Season) -> list[SeasonEntry]:
    return list(
        SeasonEntry.objects.filter(season=season)
        .select_related("driver", "team")
        .annotate(
            race_status=F("race_entries__race__status"),
            race_round=F("race_entries__race__round"),
            result_race=F("race_entries__result__race_id"),
            result_position=F("race_entries__result__position"),
            result_points=F("race_entries__result__points"),
            result_penalty=F("race_entries__result__penalty_points"),
        )
        .order_by("car_number")
    )


def _counted(scores: list[int], best: int | None) -> int:
    return sum(sorted(scores, reverse=True)[:best] if best else scores)


def _progression(season: Season, lines: dict[int, _Line], rounds: set[int], *, drivers: bool) -> Progression:
    ordered_rounds = tuple(sorted(rounds))
    ranked = _rank((line.tally for line in lines.values()), season.best_results)
    seen_teams: set[int] = set()
    series = []
    for row in ranked:
        line = lines[row.driver.pk if drivers else row.team.pk]
        scores: list[int] = []
        cumulative = []
        for round_ in ordered_rounds:
            if round_ in line.by_round:
                scores.append(line.by_round[round_])
            cumulative.append(_counted(scores, season.best_results))
        team = row.team
        second = drivers and team.pk in seen_teams
        seen_teams.add(team.pk)
        series.append(
            Series(
                name=line.tally.name,
                colour=team.colour,
                position=row.position,
                cumulative=tuple(cumulative),
                driver=row.driver if drivers else None,
                team=team,
                second_car=second,
            )
        )
    return Progression(rounds=ordered_rounds, series=tuple(series))


def driver_progression(*, season: Season) -> Progression:
    """Each driver's counted points after each scored round (one query)."""
    lines: dict[int, _Line] = {}
    rounds: set[int] = set()
    for row in _rows(season):
        line = lines.get(row.driver.pk)
        if line is None:
            tally = _Tally(
                name=row.driver.name,
                pk=row.driver.pk,
                driver=row.driver,
                team=row.team,
                car_number=row.car_number,
            )
            line = lines[row.driver.pk] = _Line(tally=tally)
        if row.result_race is None or row.race_status not in Race.RESULT_STATUSES:
            continue
        net = row.result_points - row.result_penalty
        line.tally.race_scores[row.result_race] = net
        line.tally.positions.append(row.result_position)
        line.by_round[row.race_round] = net
        rounds.add(row.race_round)
    return _progression(season, lines, rounds, drivers=True)


def team_progression(*, season: Season) -> Progression:
    """Each team's counted points after each scored round: its cars' net points added up (one query)."""
    lines: dict[int, _Line] = {}
    rounds: set[int] = set()
    for row in _rows(season):
        line = lines.get(row.team.pk)
        if line is None:
            tally = _Tally(name=row.team.name, pk=row.team.pk, team=row.team)
            line = lines[row.team.pk] = _Line(tally=tally)
        if row.result_race is None or row.race_status not in Race.RESULT_STATUSES:
            continue
        net = row.result_points - row.result_penalty
        scores = line.tally.race_scores
        scores[row.result_race] = scores.get(row.result_race, 0) + net
        line.tally.positions.append(row.result_position)
        line.by_round[row.race_round] = line.by_round.get(row.race_round, 0) + net
        rounds.add(row.race_round)
    return _progression(season, lines, rounds, drivers=False)
