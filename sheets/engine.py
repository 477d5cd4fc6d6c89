"""The one door from the site to the rules engine for race sheets: judge a submitted log against a race.

The engine knows circuits and rules; the site knows which race the log claims to
tell. Site checks (the circuit, the cars, the drivers and teams, the grid) come
back as violations of their own, rule ids `SITE-…`, beside the engine's.
Nothing here writes to the database.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.utils import translation

from core.read_errors import reading_text
from core.site_messages import SiteCode, site_violation
from races.services import race_entries_many
from rules.formats import LogFormatError, RaceLog, read_qualifying, read_race_log
from rules.qualifying import qualify
from rules.replay import replay
from rules.ruleset import RuleSet, UnknownOptionError
from rules.track import CircuitError, Track, load_circuit
from sheets.experience import experience_check
from sheets.failures import Failure, FailureReason

if TYPE_CHECKING:
    from races.models import Race, RaceEntry


class SheetEngineError(Exception):
    """The site cannot judge this sheet (a broken circuit or season set-up): not the player's fault.
    `reason`: why, as data; the exception's text is its English."""

    def __init__(self, reason: FailureReason) -> None:
        super().__init__(reason.english())
        self.reason = reason


@dataclass(frozen=True)
class Judgement:
    valid: bool
    verdict: dict[str, Any]
    log: dict[str, Any] | None = None  # the log as the engine read it; None when unreadable
    error: str = ""  # why the log is unreadable
    grid: tuple[dict[str, Any], ...] = field(default=())  # qualifying only


def _unreadable(exc: LogFormatError, kind_field: str = "classification") -> Judgement:
    # the reason as a code (rules.messages.reading), so the page says it in the reader's language
    violation = site_violation("SITE-format", SiteCode.UNREADABLE, error=exc.to_json())
    message = violation["message"] = str(exc)
    verdict = {"valid": False, "violations": [violation], kind_field: []}
    if kind_field == "classification":
        verdict.update({"cars": {}, "result_matches": None})
    return Judgement(valid=False, verdict=verdict, error=message)


def _entries(race: Race) -> dict[str, RaceEntry]:
    return race_entries_many([race])[race.pk]


def _circuit_check(race: Race, circuit_id: str) -> list[dict[str, Any]]:
    if circuit_id == race.circuit.slug:
        return []
    return [
        site_violation(
            "SITE-circuit",
            SiteCode.CIRCUIT_OTHER,
            log=circuit_id,
            race=race.circuit.slug,
            name=race.circuit.name,
        )
    ]


def _cars_check(
    entries: dict[str, RaceEntry], cars: Iterable[str], absent: Collection[str] | None = None
) -> list[dict[str, Any]]:
    """Every car is entered, and every entry races or did not start. `absent`: the cars race
    night's set-up lists as non-partants (each an entry, none racing); None: the entries marked
    so (`RaceEntry.dns`), which a sheet may leave out."""
    cars = list(cars)
    entered = ", ".join(sorted(entries, key=_car_order)) or "—"
    problems = []
    for car in cars:
        if car not in entries:
            problems.append(
                site_violation("SITE-entries", SiteCode.CAR_NOT_ENTERED, car=car, entered=entered)
            )
    if absent is None:
        excused = {car for car, entry in entries.items() if entry.dns}
    else:
        excused = set(absent)
        for car in sorted(excused, key=_car_order):
            if car not in entries:
                problems.append(
                    site_violation("SITE-entries", SiteCode.ABSENT_NOT_ENTERED, car=car, entered=entered)
                )
            elif car in cars:
                problems.append(site_violation("SITE-entries", SiteCode.ABSENT_RACING, car=car))
    for car in sorted(set(entries) - set(cars) - excused, key=_car_order):
        problems.append(
            site_violation(
                "SITE-entries", SiteCode.CAR_MISSING, car=car, driver=entries[car].season_entry.driver.slug
            )
        )
    return problems


def _car_order(car: str) -> tuple[int, str]:
    return (int(car), car) if car.isdigit() else (10**6, car)


def _crew_check(entries: dict[str, RaceEntry], log_cars: Iterable[Any]) -> list[dict[str, Any]]:
    """Each car's driver, team and (when set) grid slot agree with the race's entries."""
    problems = []
    for car in log_cars:
        entry = entries.get(car.car)
        if entry is None:
            continue
        crew = entry.season_entry
        for rule, code, entered, logged in (
            ("SITE-entries", SiteCode.DRIVER_DIFFERS, crew.driver.slug, car.driver),
            ("SITE-entries", SiteCode.TEAM_DIFFERS, crew.team.slug, car.team),
            ("SITE-grid", SiteCode.GRID_SLOT_DIFFERS, entry.grid_slot, car.grid),
        ):
            if entered and logged != entered:  # no grid slot drawn yet: nothing to disagree with
                problems.append(site_violation(rule, code, car=car.car, entered=entered, log=logged))
    return problems


# Building a track's graph takes 30 ms for the oval, 140 ms for Spa, against 2 ms for a replay; a
# Track is frozen, so a worker keeps the few a league races on, keyed by their document's content.
_TRACKS: dict[tuple[str, str], Track] = {}
_TRACKS_KEPT = 32


def _track(race: Race) -> Track:
    document = race.circuit.document
    digest = hashlib.sha256(json.dumps(document, sort_keys=True).encode()).hexdigest()
    key = (race.circuit.slug, digest)
    track = _TRACKS.get(key)
    if track is not None:
        return track
    try:
        track = load_circuit(document)
    except CircuitError as exc:
        with translation.override("en"):  # the detail in English, as the API gives it
            detail = f"{race.circuit.slug}: {reading_text(exc)}"
        raise SheetEngineError(FailureReason(Failure.CIRCUIT, detail)) from exc
    if len(_TRACKS) >= _TRACKS_KEPT:
        _TRACKS.clear()
    _TRACKS[key] = track
    return track


def _ruleset(race: Race) -> RuleSet:
    season = race.season
    try:
        return season.ruleset(laps=race.race_laps)
    except (UnknownOptionError, ValueError, TypeError) as exc:
        raise SheetEngineError(FailureReason(Failure.RULES, f"{season}: {exc}")) from exc


@dataclass(frozen=True)
class HeaderCheck:
    """A race log's header against its race: the site's violations (`SITE-…`). `other_circuit`:
    the log is of another circuit, the one problem given (its squares mean nothing here)."""

    problems: list[dict[str, Any]]
    other_circuit: bool = False
    entries: dict[str, RaceEntry] = field(default_factory=dict, repr=False)


def header_check(
    race: Race,
    log: RaceLog,
    entries: dict[str, RaceEntry] | None = None,
    absent: Collection[str] | None = None,
) -> HeaderCheck:
    """The checks a sheet's header gets before its replay (the circuit, the cars entered, their
    drivers, teams and grid slots): shared by the sheets and the race-night tables. `entries`: the
    race's entries by car with their drivers and teams, when the caller holds them. `absent`: the
    non-partants a race-night set-up lists (else the entries marked so)."""
    site = _circuit_check(race, log.circuit)
    if site:
        return HeaderCheck(site, other_circuit=True)
    entries = _entries(race) if entries is None else entries
    site += _cars_check(entries, (car.car for car in log.cars), absent)
    site += _crew_check(entries, log.cars)
    return HeaderCheck(site, entries=entries)


def race_track(race: Race) -> Track:
    """The race's circuit as the engine reads it (kept per worker; raises `SheetEngineError`)."""
    return _track(race)


def race_rules(race: Race) -> RuleSet:
    """The race's season rules (raises `SheetEngineError`)."""
    return _ruleset(race)


def judge_race_log(*, race: Race, raw: bytes, entries: dict[str, RaceEntry] | None = None) -> Judgement:
    """Replay a `formule-de/race-log@1` against the race's circuit and season rules (`entries`: see
    header_check)."""
    try:
        log = read_race_log(raw)
    except LogFormatError as exc:
        return _unreadable(exc)
    checked = header_check(race, log, entries)
    site = checked.problems
    if checked.other_circuit:
        # Another circuit's squares mean nothing here: replaying would only bury the reason.
        verdict = {
            "valid": False,
            "violations": site,
            "classification": [],
            "cars": {},
            "result_matches": None,
        }
        return Judgement(valid=False, verdict=verdict, log=log.to_json())
    entries = checked.entries
    try:
        judged = replay(log, _track(race), _ruleset(race))
    except LogFormatError as exc:  # e.g. a grid slot the circuit does not have
        return _unreadable(exc)
    site += experience_check(race=race, entries=entries, changes=judged.changes)
    verdict = judged.to_json()
    valid = not (site or judged.violations)
    fatal = next((i for i, v in enumerate(judged.violations) if v.fatal), None)
    verdict["violations"] = site + verdict["violations"]
    verdict["valid"] = valid
    return Judgement(
        valid=valid,
        verdict=bounded(verdict, fatal=None if fatal is None else len(site) + fatal),
        log=log.to_json(),
    )


def bounded(verdict: dict[str, Any], *, fatal: int | None = None) -> dict[str, Any]:
    """A verdict that stays small whatever the log: violations up to the first fatal one and at most
    RACE_SHEET_MAX_VIOLATIONS, then only their count (`violations_more`); the same cap on each car's
    lap penalties (`penalties_more`). A log of 76,000 broken moves is as small a page as one of 50."""
    cap = settings.RACE_SHEET_MAX_VIOLATIONS
    violations = verdict["violations"]
    keep = min(cap, len(violations) if fatal is None else fatal + 1)
    if keep < len(violations):
        verdict["violations_more"] = len(violations) - keep
        verdict["violations"] = violations[:keep]
    for state in (verdict.get("cars") or {}).values():
        penalties = state.get("penalties", [])
        if len(penalties) > cap:
            state["penalties_more"] = len(penalties) - cap
            state["penalties"] = penalties[:cap]
    return verdict


def judge_qualifying(*, race: Race, raw: bytes, entries: dict[str, RaceEntry] | None = None) -> Judgement:
    """Compute the grid of a `formule-de/qualifying@1` sheet for the race's cars."""
    try:
        sheet = read_qualifying(raw)
    except LogFormatError as exc:
        return _unreadable(exc, kind_field="grid")
    entries = _entries(race) if entries is None else entries
    site = _circuit_check(race, sheet.circuit) + _cars_check(entries, (lap.car for lap in sheet.laps))
    grid = [slot.to_json() for slot in qualify(sheet).grid]
    track = _track(race)
    if len(grid) > len(track.grid):
        site.append(
            site_violation(
                "SITE-grid",
                SiteCode.GRID_TOO_SMALL,
                n=len(grid),
                circuit=race.circuit.slug,
                slots=len(track.grid),
            )
        )
    verdict = {"valid": not site, "violations": site, "grid": grid}
    return Judgement(valid=not site, verdict=verdict, log=sheet.to_json(), grid=tuple(grid))
