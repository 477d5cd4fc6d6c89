"""The stewards' writes on a race's results: impose a penalty, reject a sheet version.

Nothing here types a result: a penalty is a row, and the results are recomputed from the
chosen sheet's verdict with every penalty applied (`race_sheet_apply`). Locks are taken in
one order everywhere: the race, then its sheets, then the protest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from core.permissions import staff_require
from league.models import ExperienceEntry
from league.services import GAIN_REASONS
from races.models import Penalty, Race, RaceEntry, Result
from races.penalties import next_race_of
from races.results import GRID_REASONS, race_grid_record
from races.services import race_lock
from sheets.audit import audit_record
from sheets.experience import refuse_overdraft
from sheets.judging import race_sheet_apply
from sheets.models import Protest, RaceEvent, RaceSheet
from sheets.penalties import RESULT_KINDS

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

Kind = Penalty.Kind
AMOUNT_KINDS = {Kind.POINTS: "points", Kind.PLACES: "places", Kind.GRID: "grid_places"}


def _steward(by: AbstractBaseUser | None, refusal: str, permission: str) -> None:
    """A staff account with this permission: a staff user does what his permissions say, no more."""
    staff_require(by, permission, refusal)


def race_not_frozen(race: Race) -> None:
    """Published results are frozen: a change needs a recorded reopening first."""
    if race.status == Race.Status.OFFICIAL:
        raise ValidationError(
            _("The results of %(race)s are published: reopen them first (the reopening is recorded)."),
            code="official",
            params={"race": race},
        )


def _chosen_race_sheet(race: Race) -> RaceSheet | None:
    return (
        RaceSheet.objects.select_for_update().filter(race=race, kind=RaceSheet.Kind.RACE, chosen=True).first()
    )


@transaction.atomic
def penalty_impose(
    *,
    race_entry: RaceEntry,
    by: AbstractBaseUser,
    kind: str,
    reason: str,
    amount: int = 0,
    rule: str = "",
    protest: Protest | None = None,
    key: str | None = None,
) -> Penalty:
    """A steward penalises a car, with or without a protest; the race's results are recomputed.

    `amount` is the points, places or grid places lost (none for a disqualification or a
    reprimand). With a `key`, imposing again (a retried task, a double click) returns the
    penalty already there instead of counting it twice.
    """
    _steward(by, _("Only the stewards penalise."), "races.add_penalty")
    race = race_lock(race_entry.race_id)
    if key:
        done = Penalty.objects.filter(key=key).first()
        if done is not None:
            return done
    race_not_frozen(race)
    if kind not in Kind.values:
        raise ValidationError(_("Unknown kind of penalty %(kind)r.") % {"kind": kind}, code="kind")
    reason = reason.strip()
    if not reason:
        raise ValidationError(_("Give the reason for the penalty: the drivers will read it."), code="reason")
    if kind in AMOUNT_KINDS and amount < 1:
        raise ValidationError(
            _("A penalty of %(kind)s takes a number of at least 1."),
            code="amount",
            params={"kind": Kind(kind).label},
        )
    if kind not in AMOUNT_KINDS and amount:
        raise ValidationError(
            _("A %(kind)s takes no number."), code="amount", params={"kind": Kind(kind).label}
        )
    entry = RaceEntry.objects.select_related("season_entry").get(pk=race_entry.pk)
    chosen = _chosen_race_sheet(race)
    if kind in RESULT_KINDS:
        result = Result.objects.filter(race_entry=entry).first()
        if chosen is None or result is None:
            raise ValidationError(
                _("This race has no results from a sheet to penalise yet."), code="no_results"
            )
        if kind == Kind.POINTS and amount > result.net_points:
            raise ValidationError(
                _("Car %(car)s has %(points)d points in this race: it cannot lose %(lost)d."),
                code="too_many_points",
                params={"car": entry.season_entry.car_id, "points": result.net_points, "lost": amount},
            )
    elif race.status in (Race.Status.SCHEDULED, Race.Status.QUALIFYING):
        raise ValidationError(
            _("%(race)s has not been run: there is nothing to penalise yet."),
            code="not_run",
            params={"race": race},
        )
    penalty = Penalty(
        race_entry=entry,
        protest=protest,
        kind=kind,
        rule=rule.strip(),
        reason=reason[:200],
        decided_by=by,
        **({AMOUNT_KINDS[kind]: amount} if kind in AMOUNT_KINDS else {}),
    )
    if key:
        penalty.key = key
    penalty.full_clean()
    penalty._history_user = by
    penalty._change_reason = penalty.reason[:100]
    penalty.save()
    audit_record(
        race=race,
        kind=RaceEvent.Kind.PENALTY,
        by=by,
        why=f"{penalty.rule}: {penalty.reason}" if penalty.rule else penalty.reason,
        penalty=penalty,
        protest=protest,
        data={
            "car": entry.season_entry.car_id,
            "kind": kind,
            "points": penalty.points,
            "places": penalty.places,
            "grid_places": penalty.grid_places,
            "rule": penalty.rule,
        },
    )
    if kind in RESULT_KINDS:
        chosen.race = race
        race_sheet_apply(sheet=chosen, by=by)
        refuse_overdraft(entries=race.entries.select_related("season_entry__driver", "season_entry__team"))
    elif kind == Kind.GRID:
        _regrid_next_race(penalty=penalty, by=by)
    return penalty


def _regrid_next_race(*, penalty: Penalty, by: AbstractBaseUser) -> None:
    """A grid penalty given after the next race's qualifying: that grid is recorded again with it."""
    nxt = next_race_of(penalty)
    if nxt is None:
        return
    nxt = race_lock(nxt.pk, circuit=False)
    qualifying = RaceSheet.objects.filter(race=nxt, kind=RaceSheet.Kind.QUALIFYING, chosen=True).first()
    if qualifying is None or nxt.has_results:
        return  # the grid penalty is applied when the qualifying sheet is
    qualifying.race = nxt
    race_sheet_apply(sheet=qualifying, by=by)


@transaction.atomic
def sheet_reject(*, sheet: RaceSheet, by: AbstractBaseUser, reason: str) -> RaceSheet:
    """The stewards reject a version (an upheld protest against the whole sheet).

    If it was the standing version, the race goes back to the latest other valid version, or,
    with none, to waiting for a sheet: its results and every ledger row the sheet wrote (its
    verdict's gains and spends) are removed; the grid slots stay.
    """
    _steward(by, _("Only the stewards reject a sheet."), "races.change_racesheet")
    race = race_lock(sheet.race_id)
    sheet = RaceSheet.objects.select_for_update().defer("raw").get(pk=sheet.pk)
    race_not_frozen(race)
    if sheet.status != RaceSheet.Status.VALID:
        raise ValidationError(
            _("Version %(version)d is %(status)s: only a valid sheet can be rejected."),
            code="not_valid",
            params={"version": sheet.version, "status": sheet.get_status_display()},
        )
    if not reason.strip():
        raise ValidationError(_("Say why the sheet is rejected: it is shown on the sheet."), code="reason")
    was_chosen = sheet.chosen
    sheet.status = RaceSheet.Status.REJECTED
    sheet.rejection = reason.strip()
    sheet.chosen = False
    sheet._history_user = by
    sheet._change_reason = sheet.rejection[:100]
    sheet.save(update_fields=["status", "rejection", "chosen", "updated_at"])
    audit_record(
        race=race, kind=RaceEvent.Kind.REJECTION, by=by, why=sheet.rejection, sheet=sheet,
        data={"version": sheet.version},
    )  # fmt: skip
    if not was_chosen:
        return sheet
    other = (
        RaceSheet.objects.select_for_update()
        .filter(race=race, kind=sheet.kind, status=RaceSheet.Status.VALID)
        .exclude(pk=sheet.pk)
        .order_by("-version")
        .first()
    )
    if other is not None:
        other.race = race
        other.chosen = True
        other._history_user = by
        other.save(update_fields=["chosen", "updated_at"])
        race_sheet_apply(sheet=other, by=by)
        audit_record(
            race=race, kind=RaceEvent.Kind.CHOICE, by=by, sheet=other, why=sheet.rejection,
            data={"version": other.version},
        )  # fmt: skip
        return sheet
    _results_clear(race=race, sheet=sheet, by=by)
    return sheet


def _results_clear(*, race: Race, sheet: RaceSheet, by: AbstractBaseUser) -> None:
    """No valid version left: the race is waiting for a sheet again, as before the rejected one."""
    if sheet.kind == RaceSheet.Kind.QUALIFYING:
        race_grid_record(race=race, slots={}, by=by)
        return
    race.results.all().delete()
    # What the sheet wrote (its verdict's gains and spends point at it), and finish gains of old.
    ExperienceEntry.objects.filter(
        Q(sheet=sheet) | Q(reason__in=GAIN_REASONS - GRID_REASONS), race=race
    ).delete()
    # The grid stays (set by hand, by qualifying or by the first log): the next log is checked against it.
    race.status = Race.Status.RUN
    race._history_user = by
    race.save(update_fields=["status"])
