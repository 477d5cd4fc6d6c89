"""Writes after a sheet is validated: entrants confirm or protest it, the stewards decide protests.

Each entrant has one stance on a sheet, a confirmation or a protest, which they may change
until the protest window closes. Locks are taken in one order: the race, then the sheet,
then the protest (as sheets/judging.py and race_publish() do).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from races.models import Race, RaceEntry
from races.services import race_lock
from sheets import events
from sheets.audit import audit_record
from sheets.models import Protest, ProtestPhoto, RaceEvent, RaceSheet, SheetConfirmation
from sheets.photos import CheckedPhoto, photo_check
from sheets.publishing import protest_deadline
from sheets.selectors import race_entry_of
from sheets.stewarding import penalty_impose, race_not_frozen, sheet_reject

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser
    from django.core.files.uploadedfile import UploadedFile

__all__ = ["protest_deadline", "protest_decide", "protest_file", "protest_withdraw", "sheet_confirm"]


def _locked(sheet: RaceSheet) -> tuple[Race, RaceSheet]:
    """The race's row lock, then the sheet's; the sheet comes back with its race and season."""
    race = race_lock(sheet.race_id, circuit=False)
    sheet = RaceSheet.objects.select_for_update().defer("raw").get(pk=sheet.pk)
    sheet.race = race
    return race, sheet


def _locked_protest(protest: Protest) -> tuple[Race, RaceSheet, Protest]:
    """The race's and the sheet's locks (`_locked`), then the protest's, read again under its lock."""
    race, sheet = _locked(protest.sheet)
    protest = (
        # only the protest row: PostgreSQL locks no nullable side of an outer join
        Protest.objects.select_for_update(of=("self",))
        .select_related("filed_by", "against__season_entry")
        .get(pk=protest.pk)
    )
    protest.sheet = sheet
    return race, sheet, protest


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


def _window_open(*, race: Race, sheet: RaceSheet) -> None:
    """A stance is taken or changed while the race is not official and the window is open."""
    if race.status == Race.Status.OFFICIAL:
        raise ValidationError(
            _("The results of %(race)s are official."), code="official", params={"race": race}
        )
    deadline = protest_deadline(sheet=sheet)
    if deadline is not None and timezone.now() > deadline:
        raise ValidationError(
            _("Protests closed %(hours)d hours after the sheet was validated, on %(when)s."),
            code="window",
            params={"hours": race.season.protest_window_hours, "when": timezone.localtime(deadline)},
        )


def _stance(*, sheet: RaceSheet, user: AbstractBaseUser) -> Protest | None:
    """The user's protest on this sheet that still stands (open or decided), if any."""
    return (
        Protest.objects.select_for_update()
        .filter(sheet=sheet, filed_by=user)
        .exclude(status=Protest.Status.WITHDRAWN)
        .first()
    )


def _refuse_if_decided(protest: Protest | None) -> None:
    if protest is not None and protest.status in Protest.DECIDED:
        raise ValidationError(
            _("Your protest on this sheet was decided (%(status)s): your word on it is final."),
            code="decided",
            params={"status": protest.get_status_display()},
        )


def _withdraw(*, race: Race, protest: Protest, by: AbstractBaseUser) -> None:
    protest.status = Protest.Status.WITHDRAWN
    protest._history_user = by
    protest.save(update_fields=["status"])
    audit_record(
        race=race, kind=RaceEvent.Kind.PROTEST_WITHDRAWN, by=by, protest=protest, sheet=protest.sheet,
        data=_protest_data(protest),
    )  # fmt: skip


def _protest_data(protest: Protest) -> dict[str, object]:
    return {
        "who": protest.filed_by.get_username() if protest.filed_by else "—",
        "car": protest.against.season_entry.car_id if protest.against else None,
        "version": protest.sheet.version,
        "outcome": protest.status,
    }


@transaction.atomic
def sheet_confirm(*, sheet: RaceSheet, by: AbstractBaseUser) -> SheetConfirmation:
    """Another entrant agrees with a valid sheet; an open protest of theirs on it is withdrawn."""
    race, sheet = _locked(sheet)
    _other_entrant(sheet=sheet, user=by)
    _window_open(race=race, sheet=sheet)
    protest = _stance(sheet=sheet, user=by)
    _refuse_if_decided(protest)
    if protest is not None:
        _withdraw(race=race, protest=protest, by=by)
    confirmation = SheetConfirmation(sheet=sheet, user=by)
    confirmation.full_clean()
    try:
        with transaction.atomic():  # a savepoint: two confirmations at once meet the unique constraint
            confirmation.save()
    except IntegrityError:
        raise ValidationError(_("You have already confirmed this sheet."), code="confirmed") from None
    return confirmation


def _check_turn(*, sheet: RaceSheet, turn: int | None) -> None:
    if turn is None:
        return
    turns = len((sheet.log or {}).get("turns") or [])
    if turn < 1 or (turns and turn > turns):
        raise ValidationError(
            _("The race has turns 1 to %(n)d: there is no turn %(turn)d."),
            code="turn",
            params={"n": turns, "turn": turn},
        )


def _check_photos(photos: Sequence[UploadedFile]) -> list[CheckedPhoto]:
    if len(photos) > settings.RACE_SHEET_MAX_PHOTOS:
        raise ValidationError(
            _("A protest has at most %(n)d photos; %(got)d were sent."),
            code="photos",
            params={"n": settings.RACE_SHEET_MAX_PHOTOS, "got": len(photos)},
        )
    return [
        photo_check(
            upload,
            name=upload.name or _("number %(n)d") % {"n": number},
            size=upload.size or 0,
            max_bytes=settings.RACE_SHEET_PHOTO_MAX_BYTES,
            max_pixels=settings.RACE_SHEET_PHOTO_MAX_PIXELS,
        )
        for number, upload in enumerate(photos, start=1)
    ]


@transaction.atomic
def protest_file(
    *,
    sheet: RaceSheet,
    by: AbstractBaseUser,
    reason: str,
    against: RaceEntry | None = None,
    turn: int | None = None,
    photos: Sequence[UploadedFile] = (),
) -> Protest:
    """Another entrant disputes a valid sheet within the season's protest window, with evidence.

    The evidence is a turn (linking the replay at that turn) and photos, checked and
    re-encoded like a sheet's. A confirmation of theirs on the sheet gives way to the protest.
    """
    photos = list(photos)
    checked = _check_photos(photos)  # decoding photos takes time: before the locks
    race, sheet = _locked(sheet)
    _other_entrant(sheet=sheet, user=by)
    _window_open(race=race, sheet=sheet)
    _check_turn(sheet=sheet, turn=turn)
    if against is not None and against.race_id != sheet.race_id:
        raise ValidationError(_("This car is not in this race."), code="against")
    filed = Protest.objects.filter(sheet__race_id=sheet.race_id, filed_by=by).count()
    if filed >= settings.RACE_PROTESTS_PER_USER:
        raise ValidationError(
            _("You have filed %(n)d protests about this race: that is the most one entrant may."),
            code="too_many",
            params={"n": filed},
        )
    standing = _stance(sheet=sheet, user=by)
    _refuse_if_decided(standing)
    if standing is not None:
        raise ValidationError(
            _("You have already protested this sheet: withdraw that protest to file another."),
            code="protested",
        )
    SheetConfirmation.objects.filter(sheet=sheet, user=by).delete()  # one stance: the protest now
    protest = Protest(sheet=sheet, filed_by=by, reason=reason.strip(), against=against, turn=turn)
    protest.full_clean()
    protest._history_user = by
    protest.save()
    for photo in checked:
        row = ProtestPhoto(protest=protest, width=photo.width, height=photo.height)
        row.image.save(photo.image.name, photo.image, save=False)
        row.thumbnail.save(photo.thumbnail.name, photo.thumbnail, save=False)
        row.save()
    events.protest_filed(protest)
    audit_record(
        race=race, kind=RaceEvent.Kind.PROTEST_FILED, by=by, why=protest.reason, protest=protest, sheet=sheet,
        data=_protest_data(protest),
    )  # fmt: skip
    return protest


@transaction.atomic
def protest_withdraw(*, protest: Protest, by: AbstractBaseUser) -> Protest:
    """The complainant takes an open protest back, while the window is open."""
    race, sheet, protest = _locked_protest(protest)
    if protest.filed_by_id != by.pk:
        raise PermissionDenied(_("Only the entrant who filed a protest withdraws it."))
    _window_open(race=race, sheet=sheet)
    if protest.status != Protest.Status.OPEN:
        raise ValidationError(
            _("This protest is %(status)s: only an open protest is withdrawn."),
            code="not_open",
            params={"status": protest.get_status_display()},
        )
    _withdraw(race=race, protest=protest, by=by)
    return protest


@transaction.atomic
def protest_decide(
    *,
    protest: Protest,
    by: AbstractBaseUser,
    decision: str,
    upheld: bool | None,
    penalty_kind: str = "",
    penalty_amount: int = 0,
    rule: str = "",
) -> Protest:
    """The stewards uphold or dismiss a protest, once, with written reasons.

    Upheld against a car, it may carry a penalty (recorded with who, when and why; the
    results are recomputed). Upheld against the whole sheet, it rejects that version: the
    race goes back to the previous valid version, or to waiting for a sheet.
    """
    if not (by and by.is_staff and by.has_perm("races.change_protest")):
        raise PermissionDenied(_("Only the stewards decide protests."))
    race, sheet, protest = _locked_protest(protest)
    if protest.status != Protest.Status.OPEN:
        raise ValidationError(
            _("This protest was already decided (%(status)s)."),
            code="decided",
            params={"status": protest.get_status_display()},
        )
    race_not_frozen(race)
    if upheld is None:
        raise ValidationError(_("Choose the decision: upheld or dismissed."), code="no_decision")
    decision = decision.strip()
    if not decision:
        raise ValidationError(_("Write the decision: it is what the drivers will read."), code="decision")
    if penalty_kind and not upheld:
        raise ValidationError(_("A dismissed protest carries no penalty."), code="dismissed_penalty")
    if penalty_kind and protest.against is None:
        raise ValidationError(
            _(
                "This protest is against the whole sheet: upholding it rejects the sheet, no car is penalised."
            ),
            code="no_car",
        )

    protest.status = Protest.Status.UPHELD if upheld else Protest.Status.DISMISSED
    protest.decision = decision
    protest.decided_by = by
    protest.decided_at = timezone.now()
    protest.full_clean()
    protest._history_user = by
    protest._change_reason = decision[:100]
    protest.save()
    audit_record(
        race=race, kind=RaceEvent.Kind.DECISION, by=by, why=decision, protest=protest, sheet=sheet,
        data=_protest_data(protest),
    )  # fmt: skip
    if upheld and penalty_kind:
        penalty_impose(
            race_entry=protest.against,
            by=by,
            kind=penalty_kind,
            amount=penalty_amount,
            rule=rule,
            reason=decision,
            protest=protest,
        )
    elif upheld and protest.against is None and sheet.status == RaceSheet.Status.VALID:
        sheet_reject(sheet=sheet, by=by, reason=decision)
    events.protest_decided(protest)
    return protest
