"""Writes of race sheets, the judging side: validate (on a worker), choose a version, record what it says.

A valid sheet writes the race's results, points and experience in one transaction, once: the
first valid version stands until the stewards choose another.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from celery.exceptions import SoftTimeLimitExceeded
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import DatabaseError, transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from league.models import ExperienceEntry
from league.notifications import events
from league.services_atomic import atomic_service
from league.services_checks import clean_without_queries
from races.audit import audit_record
from races.models import Penalty, Race, RaceEntry, RaceEvent, RaceSheet
from races.services import race_grid_record, race_lock, race_results_record
from races.sheets.engine import Judgement, SheetEngineError, judge_qualifying, judge_race_log
from races.sheets.experience import (
    experience_check,
    lock_balances,
    refuse_overdraft,
    sheet_changes,
    verdict_changes,
)
from races.sheets.failures import Failure, failure_reason
from races.sheets.penalties import grid_after_penalties, result_rows

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

logger = logging.getLogger(__name__)
Status = RaceSheet.Status


def _judge(sheet: RaceSheet) -> Judgement:
    # The worker tests wrap this function with a delay (tests/sheets/slow_worker.py).
    raw = bytes(sheet.raw)
    # The engine speaks English; the site's own findings are stored in the same language.
    with translation.override("en"):
        if sheet.kind == RaceSheet.Kind.QUALIFYING:
            return judge_qualifying(race=sheet.race, raw=raw)
        return judge_race_log(race=sheet.race, raw=raw)


def race_sheet_validate(*, sheet_id: int) -> RaceSheet:
    """Judge a stored sheet; a valid first (or chosen) version writes the results.

    Idempotent: a sheet already valid or invalid is left alone, and a worker that
    runs it again after a crash finds the work done or does it once. Database
    errors propagate so the task can retry; an engine bug marks the sheet `error`.
    """
    sheet = _claim(sheet_id)
    if sheet.is_done:
        return sheet
    try:
        judgement = _judge(sheet)
    except DatabaseError:
        raise
    except SoftTimeLimitExceeded:
        # A readable log can still ask the engine for an endless search (a roll of 10**9): the
        # task's time limit stops it, and the sheet says why instead of holding a worker forever.
        return race_sheet_fail(sheet_id=sheet_id, reason=failure_reason(Failure.TIMEOUT))
    except SheetEngineError as exc:
        return race_sheet_fail(sheet_id=sheet_id, reason=str(exc))
    except Exception as exc:  # an engine bug: say so on the sheet, do not retry what will fail again
        logger.exception("race sheet %s: the engine failed", sheet_id)
        return race_sheet_fail(
            sheet_id=sheet_id, reason=failure_reason(Failure.INTERNAL, f"{type(exc).__name__}: {exc}")
        )
    return _conclude(sheet_id=sheet_id, judgement=judgement, judged=sheet)


def _claim(sheet_id: int) -> RaceSheet:
    """The sheet, its race, season and circuit (one read, for the judge), marked `validating` and
    counted as an attempt, unless it is done already.

    After the read, one UPDATE: no transaction of its own, no history row (`validating` only tells the
    stale-sheet sweep and the pages that a worker has it). A redelivered twin may claim it as well;
    the verdict is stored once, under the race's lock (_conclude)."""
    sheet = RaceSheet.objects.select_related("race__season", "race__circuit").get(pk=sheet_id)
    if sheet.is_done:
        return sheet
    now = timezone.now()
    claimed = (
        RaceSheet.objects.filter(pk=sheet_id)
        .exclude(status__in=RaceSheet.DONE)
        .update(status=Status.VALIDATING, attempts=F("attempts") + 1, updated_at=now)
    )
    if not claimed:  # judged in between
        return RaceSheet.objects.select_related("race__season", "race__circuit").get(pk=sheet_id)
    sheet.status, sheet.attempts, sheet.updated_at = Status.VALIDATING, sheet.attempts + 1, now
    return sheet


def _race_entries(race: Race) -> dict[str, RaceEntry]:
    """The race's entries by car, with what the judging side reads of them (drivers and teams)."""
    return {
        entry.season_entry.car_id: entry
        for entry in race.entries.select_related("season_entry__driver", "season_entry__team")
    }


@transaction.atomic
def _conclude(*, sheet_id: int, judgement: Judgement, judged: RaceSheet | None = None) -> RaceSheet:
    """Store the verdict under the race's lock; `judged`: the sheet as the judge read it (its race
    id is taken from it rather than read again)."""
    race_id = judged.race_id if judged is not None else None
    if race_id is None:
        race_id = RaceSheet.objects.values_list("race_id", flat=True).get(pk=sheet_id)
    # The race first (its row alone, the season's shared: races.services.race_lock), then the
    # sheet: the order every writer of a race's sheets takes its locks in.
    race = race_lock(race_id)
    sheet = RaceSheet.objects.select_for_update().defer("raw").get(pk=sheet_id)
    if sheet.is_done:  # a redelivered twin got here first
        return sheet
    sheet.race = race
    entries: dict[str, RaceEntry] | None = None
    changes = verdict_changes(judgement.verdict) if judgement.valid else []
    if sheet.kind == RaceSheet.Kind.RACE and any(change.tenths < 0 for change in changes):
        entries = _race_entries(race)
        judgement = _spends_still_covered(race, entries, changes, judgement)
    sheet.log = judgement.log
    sheet.verdict = judgement.verdict
    sheet.error = judgement.error
    sheet.status = Status.VALID if judgement.valid else Status.INVALID
    sheet.validated_at = timezone.now()
    first = not RaceSheet.objects.filter(race=race, kind=sheet.kind, chosen=True).exists()
    sheet.chosen = judgement.valid and first and _still_open(race, sheet.kind)
    # The race and the sender are rows just read; the version does not change, and `first` was
    # found under the race's lock (the database holds the one-chosen constraint as well).
    clean_without_queries(sheet, exclude=["raw"])
    sheet.save(update_fields=["log", "verdict", "error", "status", "validated_at", "chosen", "updated_at"])
    if sheet.chosen:
        if entries is None:
            entries = _race_entries(race)
        race_sheet_apply.within(sheet=sheet, by=None, entries=entries)
    # After commit: the sender, and the others asked to confirm, in one task of their own (on
    # CELERY_NOTIFICATIONS_QUEUE): the judging never waits on a mail server.
    events.sheet_judged(sheet, entries=None if entries is None else entries.values(), batched=True)
    return sheet


def _spends_still_covered(
    race: Race, entries: dict[str, RaceEntry], changes: list, judgement: Judgement
) -> Judgement:
    """The engine checked the spends against the ledger as it was; under the owners' row locks,
    check again: of two sheets spending the same points at once, the second is `invalid`."""
    lock_balances(entries=entries.values())
    with translation.override("en"):
        problems = experience_check(race=race, entries=entries, changes=changes)
    if not problems:
        return judgement
    verdict = {**judgement.verdict, "valid": False, "violations": problems + judgement.verdict["violations"]}
    return replace(judgement, valid=False, verdict=verdict)


def _still_open(race: Race, kind: str) -> bool:
    if race.status == Race.Status.OFFICIAL:
        return False
    return kind == RaceSheet.Kind.RACE or not race.has_results


@transaction.atomic
def race_sheet_fail(*, sheet_id: int, reason: str) -> RaceSheet:
    """The sheet could not be judged (a broken set-up, an engine bug, retries spent): status `error`."""
    sheet = RaceSheet.objects.select_for_update().get(pk=sheet_id)
    if sheet.is_done:
        return sheet
    sheet.status = Status.ERROR
    sheet.error = reason[:2000]
    sheet.save(update_fields=["status", "error", "updated_at"])
    return sheet


@transaction.atomic
def race_sheet_choose(*, sheet: RaceSheet, by: AbstractBaseUser) -> RaceSheet:
    """The stewards make this valid version the one that stands, and rewrite the results from it."""
    if not (by and by.is_staff and by.has_perm("races.change_racesheet")):
        raise PermissionDenied(_("Only the stewards choose which version of a sheet stands."))
    race = race_lock(sheet.race_id)
    sheet = RaceSheet.objects.select_for_update().get(pk=sheet.pk)
    if sheet.status != Status.VALID:
        raise ValidationError(
            _("Version %(version)d is %(status)s: only a valid sheet can be chosen."),
            code="not_valid",
            params={"version": sheet.version, "status": sheet.get_status_display()},
        )
    if not _still_open(race, sheet.kind):
        raise ValidationError(
            _("%(race)s is %(status)s: this sheet can no longer change its results."),
            code="closed",
            params={"race": race, "status": race.get_status_display()},
        )
    for other in RaceSheet.objects.select_for_update().filter(race=race, kind=sheet.kind, chosen=True):
        other.chosen = False
        other._history_user = by
        other.save(update_fields=["chosen", "updated_at"])
    sheet.race = race
    sheet.chosen = True
    sheet._history_user = by
    sheet.save(update_fields=["chosen", "updated_at"])
    race_sheet_apply(sheet=sheet, by=by)
    refuse_overdraft(entries=race.entries.select_related("season_entry__driver", "season_entry__team"))
    audit_record(race=race, kind=RaceEvent.Kind.CHOICE, by=by, sheet=sheet, data={"version": sheet.version})
    return sheet


@atomic_service
def race_sheet_apply(
    *, sheet: RaceSheet, by: AbstractBaseUser | None, entries: dict[str, RaceEntry] | None = None
) -> None:
    """Write what a chosen, valid sheet says: the grid (qualifying), or results, points and experience,
    each as the verdict gives it (the stewards' penalties applied). `entries`: the race's entries by
    car when the caller holds them (read under the race's lock)."""
    race = sheet.race
    verdict = sheet.verdict or {}
    if sheet.kind == RaceSheet.Kind.QUALIFYING:
        slots = {slot["car"]: slot["position"] for slot in verdict["grid"]}
        race_grid_record(race=race, slots=grid_after_penalties(race=race, slots=slots), by=by, sheet=sheet)
        return
    verdict = _with_facts(sheet, verdict)
    if entries is None:
        entries = _race_entries(race)
    if sheet.log and not any(entry.grid_slot is not None for entry in entries.values()):
        # No qualifying recorded: the grid is the one the log started from (its gains are the verdict's).
        slots = {car["car"]: car["grid"] for car in sheet.log["cars"]}
        race_grid_record.within(race=race, slots=slots, by=by, experience=False, entries=entries)
    penalties = list(
        Penalty.objects.filter(race_entry__race=race)
        .select_related("race_entry__season_entry")
        .order_by("decided_at", "pk")
    )
    rows = result_rows(classification=verdict["classification"], penalties=penalties)
    changes = sheet_changes(race=race, verdict=verdict, rows=rows, entries=entries)
    # Balances can only fall by a spend, or by rewriting the race's rows: then the owners are locked.
    # A sheet that only earns, on a race with no ledger rows yet, waits for no other sheet.
    if any(change.tenths < 0 for change in changes) or ExperienceEntry.objects.filter(race=race).exists():
        lock_balances(entries=entries.values())
    status = race.status if race.status in Race.RESULT_STATUSES else Race.Status.VALIDATED
    results = race_results_record.within(
        race=race, rows=rows, status=status, by=by, experience=changes, sheet=sheet, entries=entries
    )
    # Results were written anew: point each penalty at its car's new result (bookkeeping, not history).
    by_entry = {result.race_entry_id: result for result in results}
    for penalty in penalties:
        penalty.result = by_entry.get(penalty.race_entry_id)
    if penalties:
        Penalty.objects.bulk_update(penalties, ["result"])


def _with_facts(sheet: RaceSheet, verdict: dict[str, Any]) -> dict[str, Any]:
    """A verdict stored before verdicts listed their experience changes is judged again for them;
    they are taken only if the classification is still the one stored."""
    if "experience_changes" in verdict:
        return verdict
    fresh = _judge(RaceSheet.objects.get(pk=sheet.pk)).verdict
    if fresh.get("classification") != verdict.get("classification") or "experience_changes" not in fresh:
        raise ValidationError(
            _("Version %(version)d was judged by an older engine, which now reads it differently: "
              "submit it again."),
            code="stale_verdict",
            params={"version": sheet.version},
        )  # fmt: skip
    return {**verdict, "points": fresh["points"], "experience_changes": fresh["experience_changes"]}
