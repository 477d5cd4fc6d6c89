"""A season's scoreboard: both tables, both progressions and the results grid, from one query.

The season page shows the same results five ways. They are read once, as plain
tuples (a Driver and a Team instance per competitor, none per result), and each
view is computed in Python: a season has a few hundred results at most, and
best-N plus countback are awkward in SQL.

Points count as the league counts them everywhere: only validated or official
races, net of penalty points, the best N results when the season says so; ties
are broken by countback (most wins, then most 2nd places, …), then by name. Every
entered driver and team is listed, at 0 when it has no counted result.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from league.models import Driver, Season, SeasonEntry, Team
from races.models import Race, Result

# Compared with the plain strings values_list() returns.
_COUNTED = frozenset(str(status) for status in Race.RESULT_STATUSES)
_ELIMINATED = str(Result.Status.ELIMINATED)
_DNS = str(Result.Status.DNS)


@dataclass(frozen=True)
class StandingRow:
    position: int  # 1-based, after ties are broken
    driver: Driver | None  # set in driver standings
    team: Team | None  # set in team standings (and the driver's team of that season in driver standings)
    car_number: int | None  # driver standings only
    points: int  # counted points (best-N honoured, penalties subtracted)
    total_points: int  # all points, before best-N
    races: int  # results counted in the table
    wins: int
    podiums: int
    finishes: tuple[int, ...]  # how many 1st, 2nd, 3rd… places (countback key)


@dataclass
class _Tally:
    """What one competitor (a car or a team) scored in a season, race by race."""

    name: str
    pk: int
    driver: Driver | None = None
    team: Team | None = None
    car_number: int | None = None
    race_scores: dict[int, int] = field(default_factory=dict)  # race id -> net points
    positions: list[int] = field(default_factory=list)
    by_round: dict[int, int] = field(default_factory=dict)  # round -> net points that round


def _rank(tallies: Iterable[_Tally], best_results: int | None) -> list[StandingRow]:
    tallies = list(tallies)
    width = max((max(t.positions, default=0) for t in tallies), default=0)
    scored = []
    for tally in tallies:
        scores = sorted(tally.race_scores.values(), reverse=True)
        counted = scores[:best_results] if best_results else scores
        finishes = [0] * width
        for position in tally.positions:
            finishes[position - 1] += 1
        scored.append((tally, sum(counted), sum(scores), len(counted), tuple(finishes)))
    # Points, then countback (most wins, then most 2nd places, …), then name for a stable order.
    scored.sort(key=lambda s: (-s[1], tuple(-n for n in s[4]), s[0].name.casefold(), s[0].pk))
    return [
        StandingRow(
            position=index,
            driver=tally.driver,
            team=tally.team,
            car_number=tally.car_number,
            points=points,
            total_points=total,
            races=races,
            wins=finishes[0] if finishes else 0,
            podiums=sum(finishes[:3]),
            finishes=finishes,
        )
        for index, (tally, points, total, races, finishes) in enumerate(scored, start=1)
    ]


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


@dataclass(frozen=True)
class GridCell:
    """A driver's place in one round of the results grid."""

    position: int
    eliminated: bool
    dns: bool = False  # entered, did not start (a non-partant): no place


@dataclass(frozen=True)
class GridRow:
    """One line of a season's results grid: a standing and its result (or None) in each round."""

    standing: StandingRow
    cells: tuple[GridCell | None, ...]


def _counted(scores: list[int], best: int | None) -> int:
    return sum(sorted(scores, reverse=True)[:best] if best else scores)


class Scoreboard:
    """Everything the season page computes from the season's results; each part on first use."""

    def __init__(
        self,
        season: Season,
        cars: dict[int, _Tally],
        teams: dict[int, _Tally],
        rounds: set[int],
        places: dict[tuple[int, int], GridCell],
    ) -> None:
        self.season = season
        self._cars = cars  # by driver id (a driver has one car a season)
        self._teams = teams  # by team id
        self._rounds = tuple(sorted(rounds))
        self._places = places  # (driver id, race id) -> cell

    @cached_property
    def drivers(self) -> list[StandingRow]:
        """The drivers' table, every entered driver included."""
        return _rank(self._cars.values(), self.season.best_results)

    @cached_property
    def teams(self) -> list[StandingRow]:
        """The teams' table: a team's score in a race is the sum of its cars' net points."""
        return _rank(self._teams.values(), self.season.best_results)

    @cached_property
    def driver_progression(self) -> Progression:
        """Each driver's counted points after each scored round."""
        return self._progression(self.drivers, self._cars, drivers=True)

    @cached_property
    def team_progression(self) -> Progression:
        """Each team's counted points after each scored round."""
        return self._progression(self.teams, self._teams, drivers=False)

    @property
    def rounds(self) -> tuple[int, ...]:
        """The rounds with counted results, in order."""
        return self._rounds

    def round_points(self, row: StandingRow) -> dict[int, int]:
        """What a table's row (a driver's or a team's) scored in each round, net of penalties."""
        tally = self._cars[row.driver.pk] if row.driver is not None else self._teams[row.team.pk]
        return dict(tally.by_round)

    def team_cars(self, team: Team) -> list[int]:
        """The car numbers a team entered this season, lowest first."""
        return sorted(car.car_number for car in self._cars.values() if car.team and car.team.pk == team.pk)

    def grid(self, races: Iterable[Race]) -> list[GridRow]:
        """The results grid over `races` (the columns): each driver's place, in table order."""
        race_ids = [race.pk for race in races]
        places = self._places
        return [
            GridRow(
                standing=row,
                cells=tuple(places.get((row.driver.pk, race_id)) for race_id in race_ids),
            )
            for row in self.drivers
            if row.driver is not None
        ]

    def _progression(
        self, ranked: list[StandingRow], tallies: dict[int, _Tally], *, drivers: bool
    ) -> Progression:
        best = self.season.best_results
        seen_teams: set[int] = set()
        series = []
        for row in ranked:
            tally = tallies[row.driver.pk if drivers else row.team.pk]
            scores: list[int] = []
            cumulative = []
            for round_ in self._rounds:
                if round_ in tally.by_round:
                    scores.append(tally.by_round[round_])
                cumulative.append(_counted(scores, best))
            team = row.team
            second = drivers and team.pk in seen_teams
            seen_teams.add(team.pk)
            series.append(
                Series(
                    name=tally.name,
                    colour=team.colour,
                    position=row.position,
                    cumulative=tuple(cumulative),
                    driver=row.driver if drivers else None,
                    team=team,
                    second_car=second,
                )
            )
        return Progression(rounds=self._rounds, series=tuple(series))


def season_scoreboard(*, season: Season) -> Scoreboard:
    """A season's tables, progressions and results grid, from one query.

    The season's entries are LEFT JOINed to their race entries and results, so an
    entry comes once per race it was entered in (once with NULLs when it was in
    none). Rows are tuples: a Driver and a Team are built once per competitor from
    their columns, nothing per result.
    """
    driver_fields = [f.attname for f in Driver._meta.concrete_fields]
    team_fields = [f.attname for f in Team._meta.concrete_fields]
    first_team = 1 + len(driver_fields)
    first_result = first_team + len(team_fields)
    driver_pk = 1 + driver_fields.index(Driver._meta.pk.attname)
    team_pk = first_team + team_fields.index(Team._meta.pk.attname)
    rows = (
        SeasonEntry.objects.filter(season=season)
        .order_by()
        .values_list(
            "car_number",
            *(f"driver__{name}" for name in driver_fields),
            *(f"team__{name}" for name in team_fields),
            "race_entries__race__status",
            "race_entries__race__round",
            "race_entries__result__race_id",
            "race_entries__result__position",
            "race_entries__result__points",
            "race_entries__result__penalty_points",
            "race_entries__result__status",
        )
    )
    db = rows.db
    cars: dict[int, _Tally] = {}
    teams: dict[int, _Tally] = {}
    rounds: set[int] = set()
    places: dict[tuple[int, int], GridCell] = {}
    for row in rows:
        driver_id, team_id = row[driver_pk], row[team_pk]
        car = cars.get(driver_id)
        team = teams.get(team_id)
        if team is None:
            instance = Team.from_db(db, team_fields, row[first_team:first_result])
            team = teams[team_id] = _Tally(name=instance.name, pk=team_id, team=instance)
        if car is None:
            instance = Driver.from_db(db, driver_fields, row[1:first_team])
            car = cars[driver_id] = _Tally(
                name=instance.name, pk=driver_id, driver=instance, team=team.team, car_number=row[0]
            )
        race_status, round_, race_id, position, points, penalty, status = row[first_result:]
        if race_id is None or race_status not in _COUNTED:
            continue
        net = points - penalty
        dns = status == _DNS
        car.race_scores[race_id] = net  # a non-partant scores the season's points for it
        car.by_round[round_] = net
        team.race_scores[race_id] = team.race_scores.get(race_id, 0) + net
        team.by_round[round_] = team.by_round.get(round_, 0) + net
        if not dns:  # a place only counts back for a car that raced
            car.positions.append(position)
            team.positions.append(position)
        rounds.add(round_)
        places[(driver_id, race_id)] = GridCell(position=position, eliminated=status == _ELIMINATED, dns=dns)
    return Scoreboard(season, cars, teams, rounds, places)
