"""The demo league: circuits, teams, drivers, accounts, a finished and a running season.

Everything is looked up by slug before it is created, so loading twice changes
nothing. Results are drawn from a seeded random generator and written through
`race_results_record`, so points and the experience ledger agree.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from circuits.models import Circuit
from circuits.services import circuit_create, circuit_update
from league.models import Driver, ExperienceEntry, Season, SeasonEntry, Team
from league.selectors import driver_experience, team_experience
from league.services import (
    driver_create,
    experience_record,
    season_create,
    season_entry_create,
    season_update,
    team_create,
)
from races.entry_lists import season_entry_list_accept
from races.models import Race, RaceEntry, Result
from races.registration import entry_request_accept, entry_request_create
from races.results import ResultRow, race_results_record
from races.services import race_create, race_entry_create
from remote.opening import open_race
from sheets.judging import race_sheet_validate
from sheets.publishing import race_publish
from sheets.services import race_sheet_submit

PASSWORD = "demo"
TEST_OVAL = "ovale"
PLANNED_SLUG = "championnat-2027"
CIRCUIT_COUNTRIES = {"monaco": "MC", "spa": "BE", "monza": "IT", "montreal": "CA"}
REAL_CIRCUIT_ORDER = ["monaco", "spa", "monza", "montreal"]

TEAMS = [  # slug, name, colour
    ("rouge", "Écurie Rouge", "#c8102e"),
    ("bleu", "Écurie Bleue", "#1e4fa3"),
    ("verte", "Écurie Verte", "#1b8a3c"),
    ("jaune", "Écurie Jaune", "#e8b100"),
    ("noire", "Écurie Noire", "#222222"),
    ("blanche", "Écurie Blanche", "#d9d9d9"),  # no car yet: room on the entry lists
]
DRIVERS = [  # slug, name, country, skill (how well the seeded generator makes them drive)
    ("alice", "Alice Martin", "FR", 9),
    ("bruno", "Bruno Lefèvre", "FR", 8),
    ("chiara", "Chiara Rossi", "IT", 7),
    ("dieter", "Dieter Brandt", "DE", 7),
    ("elena", "Elena Navarro", "ES", 6),
    ("finn", "Finn Janssen", "NL", 6),
    ("gaelle", "Gaëlle Peeters", "BE", 5),
    ("hugo", "Hugo Fontaine", "CH", 5),
    ("ines", "Inês Carvalho", "PT", 4),
    ("jakub", "Jakub Nowak", "PL", 4),
]
SKILL = {slug: skill for slug, _name, _country, skill in DRIVERS}


@dataclass(frozen=True)
class SeasonPlan:
    slug: str
    name: str
    year: int
    status: str
    best_results: int | None
    entries: tuple[tuple[str, str, int], ...]  # driver, team, car number


FINISHED = SeasonPlan(
    slug="championnat-2025",
    name="Championnat 2025",
    year=2025,
    status=Season.Status.FINISHED,
    best_results=5,  # 6 races, best 5 count: shows best-N in the table
    entries=(
        ("alice", "rouge", 1),
        ("dieter", "rouge", 2),
        ("bruno", "bleu", 5),
        ("chiara", "bleu", 6),
        ("elena", "verte", 8),
        ("hugo", "verte", 9),
        ("gaelle", "jaune", 14),
        ("finn", "jaune", 15),
        ("ines", "noire", 18),
        ("jakub", "noire", 19),
    ),
)
RUNNING = SeasonPlan(
    slug="championnat-2026",
    name="Championnat 2026",
    year=2026,
    status=Season.Status.RUNNING,
    best_results=None,
    # Cars 7 (alice, rouge) and 3 (bruno, bleu) are the cars of the shared example race logs.
    entries=(
        ("alice", "rouge", 7),
        ("chiara", "rouge", 8),
        ("bruno", "bleu", 3),
        ("dieter", "bleu", 4),
        ("elena", "verte", 11),
        ("finn", "verte", 12),
        ("gaelle", "jaune", 21),
        ("hugo", "jaune", 22),
        ("ines", "noire", 5),
        ("jakub", "noire", 6),
    ),
)
FINISHED_RACES = 6
RUNNING_PAST_RACES = 4
RUNNING_RACES = 8  # 4 official, the test-oval race just run, 3 to come
OVAL_ROUND = 5
# The shared example log's set-up for cars 7 and 3 on the oval (a 1-lap race).
OVAL_LAPS = 1
OVAL_CARS = (("7", 1), ("3", 2))
EXAMPLE_WEAR = {"tyres": 4, "brakes": 3, "gearbox": 3, "body": 3, "engine": 3, "handling": 4}
WEAR_SPREADS = [
    EXAMPLE_WEAR,
    {"tyres": 5, "brakes": 3, "gearbox": 3, "body": 3, "engine": 3, "handling": 3},
    {"tyres": 4, "brakes": 4, "gearbox": 3, "body": 3, "engine": 2, "handling": 4},
    {"tyres": 6, "brakes": 3, "gearbox": 2, "body": 3, "engine": 3, "handling": 3},
]
CAUSES = ["engine", "body", "corner", "tyres", "brakes", "gearbox"]
PENALTY = (
    "championnat-2025",
    3,
    2,
    2,
    "Accrochage au freinage du premier virage",
)  # season, round, position, points
DEMO_SPEND_ROUND = 3  # a die spend and a wear spend in the running season, to show spends in the ledger
# The running season's last race before the oval is told by a race sheet the engine's bot wrote:
# its results are the engine's, and its page has a replay.
REPLAY_ROUND = RUNNING_PAST_RACES
REPLAY_SEED = 5  # on Montréal: a dry race, 8 finishers, 2 cars out with body damage


class Journal:
    """What a load changed, line by line, echoed as it happens."""

    def __init__(self, write: Callable[[str], None]) -> None:
        self.write = write
        self.lines: list[str] = []

    def __call__(self, line: str) -> None:
        self.lines.append(line)
        self.write(line)


Log = Callable[[str], None]


def demo_usernames() -> list[str]:
    return ["admin", *(slug for slug, *_rest in DRIVERS)]


def demo_reset(*, log: Log) -> None:
    """Wipe the league data (and the demo accounts), history included."""
    Race.objects.all().delete()  # cascades race entries, results and race experience
    Season.objects.all().delete()  # cascades season entries and the rest of the ledger
    Driver.objects.all().delete()
    Team.objects.all().delete()
    Circuit.objects.all().delete()
    for model in (Season, Race, Result):
        model.history.all().delete()
    get_user_model().objects.filter(username__in=demo_usernames()).delete()
    log("Wiped the league data and the demo accounts.")


@transaction.atomic
def demo_load(
    *, circuits_dir: Path, write: Callable[[str], None], reset: bool = False, now: datetime | None = None
) -> list[str]:
    """Load the demo league; returns what was created or updated (nothing on a second run)."""
    log = Journal(write)
    if reset:
        demo_reset(log=write)
    now = now or timezone.now()
    circuits = _load_circuits(circuits_dir, log)
    if TEST_OVAL not in circuits:
        raise ValidationError(f"{circuits_dir}: no {TEST_OVAL}.json, the running season needs the test oval.")
    teams = {slug: _team(slug, name, colour, log) for slug, name, colour in TEAMS}
    users = _users(log)
    drivers = {
        slug: _driver(slug, name, country, users[slug], log) for slug, name, country, _skill in DRIVERS
    }
    real = _real_circuits(circuits)

    season = _season(FINISHED, drivers, teams, log)
    start = timezone.make_aware(datetime(2025, 3, 15, 20, 30))  # a Saturday evening, site time
    for round_ in range(1, FINISHED_RACES + 1):
        circuit = real[(round_ - 1) % len(real)]
        race = _race(season, round_, circuit, start + timedelta(weeks=4 * (round_ - 1)), log)
        _results(race, log)

    season = _season(RUNNING, drivers, teams, log)
    evening = timezone.localtime(now).replace(hour=20, minute=30, second=0, microsecond=0)
    for round_ in range(1, RUNNING_RACES + 1):
        if round_ == OVAL_ROUND:
            oval, when = circuits[TEST_OVAL], evening - timedelta(days=2)
            race = _race(season, round_, oval, when, log, laps=OVAL_LAPS, status=Race.Status.RUN)
            _oval_run(race, log)
            continue
        circuit = real[(round_ - 1) % len(real)]
        if round_ <= RUNNING_PAST_RACES:
            race = _race(
                season, round_, circuit, evening - timedelta(weeks=2 * (RUNNING_PAST_RACES + 1 - round_)), log
            )
            if round_ == REPLAY_ROUND and _sheet_results(race, log):
                continue
            _results(race, log)
        else:
            _race(season, round_, circuit, evening + timedelta(weeks=2 * (round_ - OVAL_ROUND)), log)
    _entry_list_accepted(season, now, log)

    _planned_season(drivers, teams, users, real, evening, now, log)
    _remote_cup(drivers, teams, circuits[TEST_OVAL], now, log)
    if not log.lines:
        write("Nothing to do: the demo league is already loaded.")
    return log.lines


def _entry_list_accepted(season: Season, now: datetime, log: Log) -> None:
    """The running season takes late entries (a car joins the rounds to come) and its list is accepted."""
    if season.entry_list_accepted_at is not None:
        return
    season_update(season=season, data={"entries_open_at": now - timedelta(days=60), "entry_capacity": 14})
    made = season_entry_list_accept(season=season)
    log(f"Accepted the entry list of {season.name}: {made} race entries in the rounds to come.")


def _planned_season(drivers, teams, users, real, evening: datetime, now: datetime, log: Log) -> None:  # noqa: ANN001
    """Next year's season: its entry list is open, two players have asked, one is in."""
    season = Season.objects.filter(slug=PLANNED_SLUG).first()
    if season is not None:
        return
    season = season_create(
        name="Championnat 2027",
        slug=PLANNED_SLUG,
        year=2027,
        status=Season.Status.PLANNED,
        options=["A7", "A11", "A19"],
        entries_open_at=now - timedelta(days=1),
        entries_close_at=now + timedelta(days=30),
        entry_capacity=12,
        grid_rule=Season.GridRule.DRAW,
    )
    log("Created season Championnat 2027 (entry list open).")
    for round_ in range(1, 4):
        _race(season, round_, real[(round_ - 1) % len(real)], evening + timedelta(weeks=12 + 2 * round_), log)
    chiara = entry_request_create(
        season=season, team=teams["rouge"], car_number=8, by=users["chiara"], now=now
    )
    entry_request_accept(request=chiara, by=users["admin"])
    entry_request_create(season=season, team=teams["bleu"], car_number=3, by=users["bruno"], now=now)
    entry_request_create(season=season, team=teams["blanche"], car_number=17, by=users["ines"], now=now)
    log("Entry requests in Championnat 2027: chiara accepted, bruno and ines waiting for the stewards.")


# A correspondence cup started last year, as such leagues run (a race every few months): the
# home page's season stays this year's championship.
REMOTE = SeasonPlan(
    slug="coupe-par-correspondance",
    name="Coupe par correspondance 2025-2026",
    year=2025,
    status=Season.Status.RUNNING,
    best_results=None,
    entries=(("elena", "verte", 11), ("finn", "jaune", 12), ("hugo", "noire", 22)),
)


def _remote_cup(drivers, teams, oval: Circuit, now: datetime, log: Log) -> None:  # noqa: ANN001
    """A season of remote races (docs/remote-races.md): its first race on the oval started an hour
    ago and the site opened it, elena's car to play first; its second is next week."""
    if Season.objects.filter(slug=REMOTE.slug).exists():
        return
    season = _season(REMOTE, drivers, teams, log)
    season_update(season=season, data={"remote_races": True, "move_hours": 24, "vacation_days": 14})
    race = _race(season, 1, oval, now - timedelta(hours=1), log, laps=2)
    for slot, entry in enumerate(season.entries.order_by("pk"), start=1):
        race_entry_create(race=race, season_entry=entry, grid_slot=slot, wear=dict(EXAMPLE_WEAR))
    _race(season, 2, oval, now + timedelta(weeks=1), log, laps=2)
    table = open_race(race)
    log(f"Opened the remote race {race} (table {table.pk if table else '—'}): each driver plays his own car.")


def _load_circuits(circuits_dir: Path, log: Log) -> dict[str, Circuit]:
    for path in sorted(circuits_dir.glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        circuit = Circuit.objects.filter(slug=document.get("id")).first()
        if circuit is None:
            circuit = circuit_create(document=document, country=CIRCUIT_COUNTRIES.get(document.get("id"), ""))
            log(f"Created circuit {circuit.slug} ({path.name}).")
        elif circuit.document != document:
            circuit_update(circuit=circuit, document=document)
            log(f"Updated circuit {circuit.slug} from {path.name}.")
    return {circuit.slug: circuit for circuit in Circuit.objects.all()}


def _real_circuits(circuits: dict[str, Circuit]) -> list[Circuit]:
    """Circuits that seat the whole field, the four real boards first."""
    cars = len(RUNNING.entries)
    roomy = [c for c in circuits.values() if c.slug != TEST_OVAL and len(c.document.get("grid", [])) >= cars]
    roomy.sort(
        key=lambda c: (REAL_CIRCUIT_ORDER.index(c.slug) if c.slug in REAL_CIRCUIT_ORDER else 99, c.slug)
    )
    if not roomy:
        raise ValidationError(
            f"No circuit besides {TEST_OVAL} has a grid of {cars} squares for the demo races."
        )
    return roomy


def _team(slug: str, name: str, colour: str, log: Log) -> Team:
    team = Team.objects.filter(slug=slug).first()
    if team is None:
        team = team_create(name=name, slug=slug, colour=colour)
        log(f"Created team {name}.")
    return team


def _users(log: Log) -> dict[str, object]:
    users_model = get_user_model()
    if not users_model.objects.filter(username="admin").exists():
        users_model.objects.create_superuser("admin", "admin@example.org", PASSWORD)
        log(f"Created superuser admin (password {PASSWORD!r}).")
    users = {}
    for slug, name, _country, _skill in DRIVERS:
        user = users_model.objects.filter(username=slug).first()
        if user is None:
            first, _space, last = name.partition(" ")
            user = users_model.objects.create_user(
                slug, f"{slug}@example.org", PASSWORD, first_name=first, last_name=last
            )
            log(f"Created user {slug} (password {PASSWORD!r}).")
        users[slug] = user
    users["admin"] = users_model.objects.get(username="admin")
    for user in users_model.objects.filter(username__in=demo_usernames()):
        # allauth lets an account log in once its address is confirmed: the demo's are.
        if not EmailAddress.objects.filter(user=user).exists():
            EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return users


def _driver(slug: str, name: str, country: str, user: object, log: Log) -> Driver:
    driver = Driver.objects.filter(slug=slug).first()
    if driver is None:
        # A user already linked to another driver (a hand-made league) keeps its link.
        free = not Driver.objects.filter(user=user).exists()
        driver = driver_create(name=name, slug=slug, country=country, user=user if free else None)
        log(f"Created driver {name}.")
    return driver


def _season(plan: SeasonPlan, drivers: dict[str, Driver], teams: dict[str, Team], log: Log) -> Season:
    season = Season.objects.filter(slug=plan.slug).first()
    if season is None:
        season = season_create(
            name=plan.name, slug=plan.slug, year=plan.year, status=plan.status, best_results=plan.best_results
        )
        log(f"Created season {plan.name}.")
    taken = set(SeasonEntry.objects.filter(season=season).values_list("car_number", flat=True))
    for driver, team, car_number in plan.entries:
        if car_number not in taken:
            season_entry_create(
                season=season, driver=drivers[driver], team=teams[team], car_number=car_number
            )
            log(f"Entered car {car_number} ({driver}, {team}) in {plan.name}.")
    return season


def _race(
    season: Season,
    round_: int,
    circuit: Circuit,
    when: datetime,
    log: Log,
    laps: int | None = None,
    status: str = Race.Status.SCHEDULED,
) -> Race:
    race = Race.objects.filter(season=season, round=round_).first()
    if race is None:
        race = race_create(
            season=season, round=round_, circuit=circuit, scheduled_at=when, laps=laps, status=status
        )
        log(f"Created {season.name} round {round_} at {circuit.slug}.")
    return race


def _oval_run(race: Race, log: Log) -> None:
    """The race of the shared example log: cars 7 and 3 have raced, the sheet is not in yet."""
    if race.entries.exists():
        return
    entries = {e.car_id: e for e in race.season.entries.all()}
    for car, slot in OVAL_CARS:
        race_entry_create(race=race, season_entry=entries[car], grid_slot=slot, wear=dict(EXAMPLE_WEAR))
    log(f"Entered cars 7 and 3 in {race} (run, race sheet awaited).")


def _results(race: Race, log: Log) -> None:
    if race.results.exists():
        return
    rng = random.Random(f"{race.season.slug}/{race.round}")  # a string seed is stable across runs
    if not race.entries.exists():
        season_entries = list(race.season.entries.select_related("driver").order_by("car_number"))
        # Better drivers tend to qualify better.
        grid = sorted(season_entries, key=lambda e: SKILL[e.driver.slug] + rng.uniform(0, 6), reverse=True)
        for slot, entry in enumerate(grid, start=1):
            tyres = rng.choice([RaceEntry.Tyres.HARD, RaceEntry.Tyres.HARD, RaceEntry.Tyres.SOFT])
            race_entry_create(
                race=race,
                season_entry=entry,
                grid_slot=slot,
                tyres=tyres,
                wear=dict(rng.choice(WEAR_SPREADS)),
            )
    race_entries = list(race.entries.select_related("season_entry__driver").order_by("grid_slot"))
    finishers, eliminated = [], []
    for entry in race_entries:
        if rng.random() < 0.18:
            eliminated.append((entry, rng.randint(3, 28), rng.choice(CAUSES)))
        else:
            pace = SKILL[entry.season_entry.driver.slug] + rng.uniform(0, 7) - entry.grid_slot * 0.2
            finishers.append((pace, entry))
    finishers.sort(key=lambda f: f[0], reverse=True)
    eliminated.sort(key=lambda e: e[1], reverse=True)  # F3: later elimination ranks first
    rows = [
        ResultRow(car=entry.season_entry.car_id, position=i) for i, (_pace, entry) in enumerate(finishers, 1)
    ]
    rows += [
        ResultRow(
            car=entry.season_entry.car_id, position=i, status=Result.Status.ELIMINATED, cause=cause, turn=turn
        )
        for i, (entry, turn, cause) in enumerate(eliminated, len(rows) + 1)
    ]
    season_slug, round_, position, points, reason = PENALTY
    if (race.season.slug, race.round) == (season_slug, round_):
        rows = [
            ResultRow(**{**row.__dict__, "penalty_points": points, "penalty_reason": reason})
            if row.position == position
            else row
            for row in rows
        ]
    race_results_record(race=race, rows=rows)
    log(f"Recorded the results of {race} ({len(finishers)} finishers, {len(eliminated)} eliminated).")
    if race.season.status == Season.Status.RUNNING and race.round == DEMO_SPEND_ROUND:
        _spends(race, log)


def _spends(race: Race, log: Log) -> None:
    """Show X2/X3 spends in the ledger: the richest driver re-rolls a die, the richest team buys wear."""
    entries = list(race.entries.select_related("season_entry__driver", "season_entry__team"))
    drivers = sorted(
        {e.season_entry.driver for e in entries}, key=lambda d: (-driver_experience(driver=d), d.slug)
    )
    teams = sorted({e.season_entry.team for e in entries}, key=lambda t: (-team_experience(team=t), t.slug))
    one = Decimal(race.season.ruleset().xp_cost).scaleb(-1)  # X2/X3: what one use costs
    if drivers and driver_experience(driver=drivers[0]) >= one:
        experience_record(
            season=race.season, race=race, driver=drivers[0], reason=ExperienceEntry.Reason.DIE, amount=-one
        )
        log(f"{drivers[0]} spent 1.0 experience on a die in {race}.")
    if teams and team_experience(team=teams[0]) >= one:
        experience_record(
            season=race.season, race=race, team=teams[0], reason=ExperienceEntry.Reason.WEAR, amount=-one
        )
        log(f"{teams[0]} spent 1.0 experience on a wear point in {race}.")


def _sheet_results(race: Race, log: Log) -> bool:
    """Results from a race sheet written by the engine's bot, validated through the sheet pipeline.

    False (the caller draws results as for the other races) when the race already has
    entries of its own, or the bot cannot write a race for it.
    """
    if race.results.exists():
        return True
    if race.entries.exists():
        return False
    try:
        from rules.bot import write_race
        from rules.track import load_circuit

        track = load_circuit(race.circuit.document)
        season_entries = list(race.season.entries.select_related("driver", "team").order_by("car_number"))
        document = write_race(
            track,
            cars=len(season_entries),
            laps=race.race_laps,
            seed=REPLAY_SEED,
            options=race.season.options,
        )
    except (ImportError, ValueError, RuntimeError):
        return False

    rng = random.Random(f"{race.season.slug}/{race.round}")
    # Better drivers tend to qualify better; the bot's car n starts from grid slot n.
    grid = sorted(season_entries, key=lambda e: SKILL[e.driver.slug] + rng.uniform(0, 6), reverse=True)
    ids = {}
    for car in document["cars"]:
        entry = grid[car["grid"] - 1]
        ids[car["car"]] = entry.car_id
        race_entry_create(
            race=race, season_entry=entry, grid_slot=car["grid"], tyres=car["tyres"], wear=dict(car["wear"])
        )
        car.update(car=entry.car_id, driver=entry.driver.slug, team=entry.team.slug)
    for turn in document["turns"]:
        for move in turn["moves"]:
            move["car"] = ids[move["car"]]
            for test in move.get("tests", ()):
                if "car" in test:
                    test["car"] = ids[test["car"]]
    document["result"] = [ids[car] for car in document.get("result", ())]
    steward = get_user_model().objects.get(username="admin")
    raw = json.dumps(document, ensure_ascii=False).encode()
    sheet = race_sheet_validate(sheet_id=race_sheet_submit(race=race, raw=raw, by=steward).pk)
    if not sheet.chosen:
        raise ValidationError(
            f"{race}: the bot's race sheet did not validate: {sheet.verdict or sheet.error}"
        )
    # A past race loaded at once: its protest window never ran, so the stewards' override says why.
    race_publish(
        race=race,
        by=steward,
        override_reason="Ligue de démonstration : une course passée, chargée avec ses résultats.",
    )
    finishers = race.results.filter(status=Result.Status.FINISHED).count()
    log(
        f"Recorded the results of {race} from a bot's race sheet "
        f"({finishers} finishers, {race.results.count() - finishers} eliminated)."
    )
    return True
