"""Writes after a sheet is validated: entrants confirm or protest it, the stewards decide protests."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from league.notifications import events
from races.models import Penalty, Protest, Race, RaceEntry, RaceSheet, Result, SheetConfirmation
from races.sheets.experience import refuse_overdraft
from races.sheets.judging import race_sheet_apply
from races.sheets.selectors import race_entry_of

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser


def _other_entrant(*, sheet: RaceSheet, user: AbstractBaseUser) -> RaceEntry:
    """The user's car, when the user drove in the sheet's race and did not submit this valid sheet."""
    entry = race_entry_of(race=sheet.race, user=user)
    if entry is None:
        raise PermissionDenied(
            _("Only the drivers entered in %(race)s may confirm or protest its sheets.")
            % {"race": sheet.race}
        )
    if sheet.submitted_by_id == user.pk:
        raise PermissionDenied(_("You submitted this sheet: another entrant confirms or protests it."))
    if sheet.status != RaceSheet.Status.VALID:
        raise ValidationError(
            _("Version %(version)d is %(status)s: only a valid sheet can be confirmed or protested."),
            code="not_valid",
            params={"version": sheet.version, "status": sheet.get_status_display()},
        )
    return entry


@transaction.atomic
def sheet_confirm(*, sheet: RaceSheet, by: AbstractBaseUser) -> SheetConfirmation:
    """Another entrant agrees with a valid sheet."""
    _other_entrant(sheet=sheet, user=by)
    confirmation = SheetConfirmation(sheet=sheet, user=by)
    confirmation.full_clean()
    try:
        with transaction.atomic():  # a savepoint: two confirmations at once meet the unique constraint
            confirmation.save()
    except IntegrityError:
        raise ValidationError(_("You have already confirmed this sheet."), code="confirmed") from None
    return confirmation


def protest_deadline(*, sheet: RaceSheet):
    """When protests against a validated sheet close (the season's protest window)."""
    if sheet.validated_at is None:
        return None
    return sheet.validated_at + timedelta(hours=sheet.race.season.protest_window_hours)


@transaction.atomic
def protest_file(
    *, sheet: RaceSheet, by: AbstractBaseUser, reason: str, against: RaceEntry | None = None
) -> Protest:
    """Another entrant disputes a valid sheet, within the season's protest window."""
    _other_entrant(sheet=sheet, user=by)
    if sheet.race.status == Race.Status.OFFICIAL:
        raise ValidationError(
            _("The results of %(race)s are official."), code="official", params={"race": sheet.race}
        )
    deadline = protest_deadline(sheet=sheet)
    if deadline is not None and timezone.now() > deadline:
        raise ValidationError(
            _("Protests closed %(hours)d hours after the sheet was validated, on %(when)s."),
            code="window",
            params={"hours": sheet.race.season.protest_window_hours, "when": timezone.localtime(deadline)},
        )
    if against is not None and against.race_id != sheet.race_id:
        raise ValidationError(_("This car is not in this race."), code="against")
    filed = Protest.objects.filter(sheet__race_id=sheet.race_id, filed_by=by).count()
    if filed >= settings.RACE_PROTESTS_PER_USER:
        raise ValidationError(
            _("You have filed %(n)d protests about this race: that is the most one entrant may."),
            code="too_many",
            params={"n": filed},
        )
    protest = Protest(sheet=sheet, filed_by=by, reason=reason.strip(), against=against)
    protest.full_clean()
    protest._history_user = by
    protest.save()
    events.protest_filed(protest)
    return protest


@transaction.atomic
def protest_decide(
    *,
    protest: Protest,
    by: AbstractBaseUser,
    decision: str,
    upheld: bool,
    penalty_points: int = 0,
    penalty_places: int = 0,
) -> Protest:
    """The stewards uphold or dismiss a protest; an upheld one may cost the protested car points or places.

    A penalty is recorded (who, when, why) and the race's results are rewritten from
    the chosen sheet with every penalty applied, places first, so positions, points
    and experience follow.
    """
    if not (by and by.is_staff and by.has_perm("races.change_protest")):
        raise PermissionDenied(_("Only the stewards decide protests."))
    # The race first, then the protest: the order every writer of a race's sheets takes its locks in.
    race = Race.objects.select_for_update().select_related("season").get(pk=protest.sheet.race_id)
    protest = (
        Protest.objects.select_for_update(of=("self",))
        .select_related("sheet__race__season", "against__season_entry")
        .get(pk=protest.pk)
    )
    if protest.status != Protest.Status.OPEN:
        raise ValidationError(
            _("This protest was already decided (%(status)s)."),
            code="decided",
            params={"status": protest.get_status_display()},
        )
    if not decision.strip():
        raise ValidationError(_("Write the decision: it is what the drivers will read."), code="decision")
    if penalty_points < 0 or penalty_places < 0:
        raise ValidationError(_("A penalty is a number of points or places ≥ 0."), code="negative")
    penalised = penalty_points or penalty_places
    if penalised and not upheld:
        raise ValidationError(_("A dismissed protest carries no penalty."), code="dismissed_penalty")
    chosen = None
    if penalised:
        if protest.against is None:
            raise ValidationError(_("This protest names no car to penalise."), code="no_car")
        chosen = RaceSheet.objects.filter(race=race, kind=RaceSheet.Kind.RACE, chosen=True).first()
        result = Result.objects.filter(race_entry=protest.against).first()
        if chosen is None or result is None:
            raise ValidationError(
                _("This race has no results from a sheet to penalise yet."), code="no_results"
            )
        if penalty_points > result.net_points:
            raise ValidationError(
                _("Car %(car)s has %(points)d points in this race: it cannot lose %(lost)d."),
                code="too_many_points",
                params={
                    "car": protest.against.season_entry.car_id,
                    "points": result.net_points,
                    "lost": penalty_points,
                },
            )

    protest.status = Protest.Status.UPHELD if upheld else Protest.Status.DISMISSED
    protest.decision = decision.strip()
    protest.decided_by = by
    protest.decided_at = timezone.now()
    protest.full_clean()
    protest._history_user = by
    protest._change_reason = protest.decision[:100]
    protest.save()

    if penalised:
        penalty = Penalty(
            race_entry=protest.against,
            protest=protest,
            points=penalty_points,
            places=penalty_places,
            reason=protest.decision[:200],
            decided_by=by,
            decided_at=protest.decided_at,
        )
        penalty.full_clean()
        penalty._history_user = by
        penalty._change_reason = penalty.reason[:100]
        penalty.save()
        chosen.race = race
        race_sheet_apply(sheet=chosen, by=by)
        refuse_overdraft(entries=race.entries.select_related("season_entry__driver", "season_entry__team"))
    events.protest_decided(protest)
    return protest
