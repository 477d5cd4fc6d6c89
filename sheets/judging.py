"""Writes of race sheets, the judging side: validate (on a worker), choose a version, record what it says.

A valid sheet writes the race's results, points and experience in one transaction, once: the
first valid version stands until the stewards choose another.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from celery.exceptions import SoftTimeLimitExceeded
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import DatabaseError, InterfaceError, OperationalError, transaction
from django.db.models import F, Q, QuerySet
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from core.bulk_writes import Writes
from core.services_atomic import atomic_service
from core.services_checks import clean_without_queries
from league.models import ExperienceEntry
from races.models import Penalty, Race, RaceEntry
from races.results import dns_rows, race_grid_record, race_results_record
from races.services import race_entries_many, race_lock, race_lock_many
from sheets import events
from sheets.adapter import experience_changes, grid_slots, placings
from sheets.audit import audit_record
from sheets.engine import Judgement, SheetEngineError, judge_qualifying, judge_race_log
from sheets.experience import (
    experience_check,
    lock_balances,
    refuse_overdraft,
    sheet_changes,
)
from sheets.failures import Failure, FailureReason
from sheets.models import RaceEvent, RaceSheet
from sheets.penalties import grid_after_penalties, result_rows

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

logger = logging.getLogger(__name__)
Status = RaceSheet.Status


def _judge(sheet: RaceSheet, entries: dict[str, RaceEntry] | None = None) -> Judgement:
    """`entries`: the race's entries by car, when the caller holds them."""
    # The worker tests wrap this function with a delay (tests/sheets/slow_worker.py).
    raw = bytes(sheet.raw)
    # The engine speaks English; the site's own findings are stored in the same language.
    with translation.override("en"):
        if sheet.kind == RaceSheet.Kind.QUALIFYING:
            return judge_qualifying(race=sheet.race, raw=raw, entries=entries)
        return judge_race_log(race=sheet.race, raw=raw, entries=entries)


def race_sheet_validate(*, sheet_id: int) -> RaceSheet:
    """Judge a stored sheet; a valid first (or chosen) version writes the results.

    Idempotent: a sheet already valid or invalid is left alone, and a worker that
    runs it again after a crash finds the work done or does it once. Database
    errors propagate so the task can retry; an engine bug marks the sheet `error`.
    """
    race_sheets_validate(sheet_id=sheet_id, claim=uuid.uuid4().hex)
    return RaceSheet.objects.select_related("race__season", "race__circuit").get(pk=sheet_id)


def race_sheets_validate(*, sheet_id: int, claim: str, more: int = 0) -> list[RaceSheet]:
    """Judge a stored sheet and, with `more`, up to that many other sheets still waiting (a backlog
    taken by one worker at once); returns the sheets claimed, judged, or put back `pending` (those
    the task's time limit left unjudged: the caller queues them again).

    `claim`: the task's id. A sheet another task has claimed is left to it; the sheets this one
    claimed before (its message came back: a retry, or its worker died) are judged again.

    Each sheet is replayed on its own, and their verdicts are stored in one transaction, each table's
    rows in one statement for all of them: a sheet's writes cost more than its replay, and most of
    that is paid per statement, not per row. A sheet the engine cannot judge, or whose verdict cannot
    be stored, is marked `error` and the others go on; a database error raises (the task retries).
    """
    claimed = _claim(sheet_id, claim=claim, more=more)
    # The judge's entries, for all the races in one query (stored, they are read again under the locks).
    entries = race_entries_many(sheet.race for sheet in claimed)
    judged: list[tuple[RaceSheet, Judgement]] = []
    done: dict[int, RaceSheet] = {}
    for n, sheet in enumerate(claimed):
        try:
            judged.append((sheet, _judge(sheet, entries[sheet.race_id])))
        except DatabaseError:
            raise
        except SoftTimeLimitExceeded:
            # A readable log can still ask the engine for an endless search (a roll of 10**9): the
            # task's time limit stops it, and the sheet says why instead of holding a worker forever.
            done[sheet.pk] = race_sheet_fail(sheet_id=sheet.pk, reason=FailureReason(Failure.TIMEOUT))
            for left in claimed[n + 1 :]:  # not judged in the little time left: back to the queue
                done[left.pk] = _release(left, claim)
            break
        except SheetEngineError as exc:
            done[sheet.pk] = race_sheet_fail(sheet_id=sheet.pk, reason=exc.reason)
        except Exception as exc:  # an engine bug: say so on the sheet, do not retry what will fail again
            logger.exception("race sheet %s: the engine failed", sheet.pk)
            done[sheet.pk] = race_sheet_fail(
                sheet_id=sheet.pk, reason=FailureReason(Failure.INTERNAL, f"{type(exc).__name__}: {exc}")
            )
    if len(judged) == 1:
        done.update((sheet.pk, sheet) for sheet in _conclude_many(judged))
    elif judged:
        try:
            done.update((sheet.pk, sheet) for sheet in _conclude_many(judged))
        except TRANSIENT_DATABASE_ERRORS:
            raise
        except Exception:  # one verdict refused (a stale verdict, a constraint): each stored alone
            logger.warning("race sheets %s: stored one by one", [s.pk for s, _j in judged], exc_info=True)
            for item in judged:
                done[item[0].pk] = _conclude_alone(item)
    return [done[sheet.pk] for sheet in claimed]


# Worth another try (the task retries): the database or a connection blinked.
TRANSIENT_DATABASE_ERRORS = (OperationalError, InterfaceError)


def _conclude_alone(item: tuple[RaceSheet, Judgement]) -> RaceSheet:
    """One verdict of a batch stored on its own; refused, the sheet says why (as the task's
    failure handler says it of a sheet judged alone)."""
    try:
        [sheet] = _conclude_many([item])
    except TRANSIENT_DATABASE_ERRORS:
        raise
    except Exception as exc:
        logger.exception("race sheet %s: the verdict could not be stored", item[0].pk)
        return race_sheet_fail(
            sheet_id=item[0].pk, reason=FailureReason(Failure.TASK, f"{type(exc).__name__}: {exc}")
        )
    return sheet


def _claim(sheet_id: int, *, claim: str, more: int) -> list[RaceSheet]:
    """The sheets this task judges, with their races, seasons and circuits, in id order, each marked
    `validating` under `claim` and counted as an attempt: its own sheet, unless it is done or another
    task's; the sheets it claimed before (its message came back); and up to `more` others still
    `pending` (a backlog: their messages are queued behind this one, and find them claimed or judged).

    No transaction of its own and no history row (`validating` only tells the stale-sheet sweep and
    the pages that a worker has it). A sheet claimed by two tasks (one the sweep put back, a claim
    made before claims were recorded) is judged by both and stored once, under its race's lock."""
    waiting = RaceSheet.objects.exclude(status__in=RaceSheet.DONE)
    # No ordering: the sheets' default one joins their races (and theirs their seasons) for one row.
    mine = waiting.filter(pk=sheet_id).order_by().values_list("status", "claim").first()
    if mine is None or (mine[0] == Status.VALIDATING and mine[1] not in ("", claim)):
        return []  # done, or another task's: one read, for the backlog's messages that find it so
    others: set[int] = set()
    if more > 0:
        with transaction.atomic():
            # Rows another worker is claiming are skipped (PostgreSQL), not waited for.
            pending = waiting.filter(status=Status.PENDING).exclude(pk=sheet_id).order_by("pk")
            others = set(pending.select_for_update(skip_locked=True).values_list("pk", flat=True)[:more])
    taken = Q(status=Status.VALIDATING) & ~Q(claim__in=["", claim])  # another task has it
    (
        waiting.filter(
            (Q(pk=sheet_id) & ~taken) | Q(pk__in=others, status=Status.PENDING) | Q(claim=claim)
        ).update(status=Status.VALIDATING, attempts=F("attempts") + 1, updated_at=timezone.now(), claim=claim)
    )
    related = RaceSheet.objects.select_related("race__season", "race__circuit").order_by("pk")
    return list(related.filter(status=Status.VALIDATING, claim=claim))


def _release(sheet: RaceSheet, claim: str) -> RaceSheet:
    """A claimed sheet put back `pending`, for the queue."""
    RaceSheet.objects.filter(pk=sheet.pk, claim=claim, status=Status.VALIDATING).update(
        status=Status.PENDING, claim=""
    )
    sheet.status, sheet.claim = Status.PENDING, ""
    return sheet


def _conclude(*, sheet_id: int, judgement: Judgement) -> RaceSheet:
    """Store one verdict (a test's way in to two sheets concluded in a given order)."""
    [sheet] = _conclude_many([(RaceSheet.objects.get(pk=sheet_id), judgement)])
    return sheet


_VERDICT_FIELDS = [
    "log",
    "verdict",
    "error",
    "error_code",
    "error_params",
    "status",
    "validated_at",
    "chosen",
    "updated_at",
]


@transaction.atomic
def _conclude_many(judged: Sequence[tuple[RaceSheet, Judgement]]) -> list[RaceSheet]:
    """Store the verdicts, each under its race's lock; `judged`: each sheet as the judge read it
    (its race id is taken from it rather than read again) and its judgement, in id order."""
    # The races first (their rows alone, in id order, the seasons' shared: races.services.race_lock),
    # then the sheets: the order every writer of a race's sheets takes its locks in.
    races = race_lock_many({sheet.race_id for sheet, _judgement in judged})
    ids = [sheet.pk for sheet, _judgement in judged]
    sheets = {
        s.pk: s for s in RaceSheet.objects.select_for_update().defer("raw").filter(pk__in=ids).order_by("pk")
    }
    chosen = set(
        RaceSheet.objects.filter(race__in=list(races), chosen=True).values_list("race_id", "kind")
    )  # found under the races' locks (the database holds the one-chosen constraint as well)
    entries = race_entries_many(races.values())
    # What each race's first verdict here would read, for all at once: its penalties, and whether
    # the ledger has rows for it. A race written twice (its qualifying and its race) reads again.
    penalties: dict[int, list[Penalty]] = {pk: [] for pk in races}
    for penalty in _penalties(Penalty.objects.filter(race_entry__race__in=list(races))):
        penalties[penalty.race_entry.race_id].append(penalty)
    ledger = set(
        ExperienceEntry.objects.filter(race__in=list(races)).values_list("race_id", flat=True).distinct()
    )
    applied: set[int] = set()
    writes = Writes()
    stored, verdicts = [], []
    for judged_sheet, judgement in judged:
        sheet = sheets[judged_sheet.pk]
        if sheet.is_done:  # a redelivered twin got here first
            stored.append(sheet)
            continue
        race = sheet.race = races[sheet.race_id]
        changes = experience_changes(judgement.verdict) if judgement.valid else []
        if sheet.kind == RaceSheet.Kind.RACE and any(change.tenths < 0 for change in changes):
            writes.flush()  # a spend reads the ledger: as the batch's sheets before it leave it
            judgement = _spends_still_covered(race, entries[race.pk], changes, judgement)
        sheet.log = judgement.log
        sheet.verdict = judgement.verdict
        sheet.error = judgement.error
        sheet.error_code, sheet.error_params = "", {}  # judged: no failure stands
        sheet.status = Status.VALID if judgement.valid else Status.INVALID
        sheet.validated_at = sheet.updated_at = timezone.now()
        sheet.chosen = (
            judgement.valid and (race.pk, sheet.kind) not in chosen and _still_open(race, sheet.kind)
        )
        # The race and the sender are rows just read, and the version does not change.
        clean_without_queries(sheet, exclude=["raw"])
        writes.update(RaceSheet, [sheet], _VERDICT_FIELDS, history=True)
        if sheet.chosen:
            chosen.add((race.pk, sheet.kind))
            known: dict[str, Any] = {"penalties": penalties[race.pk], "ledger": race.pk in ledger}
            if race.pk in applied:
                writes.flush()
                known = {}
            applied.add(race.pk)
            race_sheet_apply.within(sheet=sheet, by=None, entries=entries[race.pk], writes=writes, **known)
        stored.append(sheet)
        verdicts.append(sheet)
    writes.flush()
    # After commit: the senders, and the others asked to confirm, in one task of their own (on
    # CELERY_NOTIFICATIONS_QUEUE): the judging never waits on a mail server.
    events.sheets_judged(verdicts, entries=entries)
    return stored


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
def race_sheet_fail(*, sheet_id: int, reason: FailureReason) -> RaceSheet:
    """The sheet could not be judged (a broken set-up, an engine bug, retries spent): status `error`."""
    sheet = RaceSheet.objects.select_for_update().get(pk=sheet_id)
    if sheet.is_done:
        return sheet
    sheet.status = Status.ERROR
    sheet.error = reason.english()[:2000]
    sheet.error_code, sheet.error_params = reason.failure.value, reason.params
    sheet.save(update_fields=["status", "error", "error_code", "error_params", "updated_at"])
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
    *,
    sheet: RaceSheet,
    by: AbstractBaseUser | None,
    entries: dict[str, RaceEntry] | None = None,
    writes: Writes | None = None,
    penalties: list[Penalty] | None = None,
    ledger: bool | None = None,
) -> None:
    """Write what a chosen, valid sheet says: the grid (qualifying), or results, points and experience,
    each as the verdict gives it (the stewards' penalties applied). What the caller holds, read under
    the race's lock: `entries`, the race's entries by car; `penalties`, its penalties (as
    _penalties() reads them); `ledger`, whether the ledger has rows for it. `writes`: the rows join
    the caller's (core.bulk_writes), written when it flushes."""
    own = writes is None
    writes = Writes() if writes is None else writes
    _apply(sheet=sheet, by=by, entries=entries, writes=writes, penalties=penalties, ledger=ledger)
    if own:
        writes.flush()


def _penalties(penalties: QuerySet[Penalty]) -> list[Penalty]:
    return list(penalties.select_related("race_entry__season_entry").order_by("decided_at", "pk"))


def _apply(
    *,
    sheet: RaceSheet,
    by: AbstractBaseUser | None,
    entries: dict[str, RaceEntry] | None,
    writes: Writes,
    penalties: list[Penalty] | None,
    ledger: bool | None,
) -> None:
    race = sheet.race
    verdict = sheet.verdict or {}
    if sheet.kind == RaceSheet.Kind.QUALIFYING:
        slots = grid_slots(verdict)
        race_grid_record.within(
            race=race, slots=grid_after_penalties(race=race, slots=slots), by=by, sheet=sheet, writes=writes
        )
        return
    verdict = _with_facts(sheet, verdict)
    if entries is None:
        entries = race_entries_many([race])[race.pk]
    if sheet.log and not any(entry.grid_slot is not None for entry in entries.values()):
        # No qualifying recorded: the grid is the one the log started from (its gains are the verdict's).
        slots = {car["car"]: car["grid"] for car in sheet.log["cars"]}
        race_grid_record.within(
            race=race, slots=slots, by=by, experience=False, entries=entries, writes=writes
        )
    if penalties is None:
        penalties = _penalties(Penalty.objects.filter(race_entry__race=race))
    rows = result_rows(placings=placings(verdict), penalties=penalties)
    rows += dns_rows(race=race, rows=rows, entries=entries)  # the non-partants the log leaves out
    changes = sheet_changes(race=race, verdict=verdict, rows=rows, entries=entries)
    # Balances can only fall by a spend, or by rewriting the race's rows: then the owners are locked.
    # A sheet that only earns, on a race with no ledger rows yet, waits for no other sheet.
    if ledger is None:
        ledger = ExperienceEntry.objects.filter(race=race).exists()
    if any(change.tenths < 0 for change in changes) or ledger:
        lock_balances(entries=entries.values())
    status = race.status if race.status in Race.RESULT_STATUSES else Race.Status.VALIDATED
    results = race_results_record.within(
        race=race, rows=rows, status=status, by=by, experience=changes, sheet=sheet, entries=entries,
        writes=writes, fresh=not (race.has_results or ledger),
    )  # fmt: skip
    if penalties:
        # Results were written anew: point each penalty at its car's new result (bookkeeping, not history).
        def point_penalties() -> None:
            by_entry = {result.race_entry_id: result for result in results}
            for penalty in penalties:
                penalty.result = by_entry.get(penalty.race_entry_id)
            Penalty.objects.bulk_update(penalties, ["result"])

        writes.after(point_penalties)


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
