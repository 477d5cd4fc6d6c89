"""Writes of race sheets, the submitting side: check, store, queue (judging: `sheets.judging`).

A sheet is stored exactly as received before anything judges it, then validated
by a Celery task. A valid sheet writes the race's results, points and experience
in one transaction, once: the first valid version stands until the stewards
choose another. Refused input is never stored as a sheet, but every attempt,
accepted or refused, leaves a `SubmissionAttempt`.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Max
from django.template.defaultfilters import filesizeformat
from django.utils import timezone
from django.utils.translation import gettext as _

from races.models import Race
from sheets.models import RaceSheet, SheetPhoto, SubmissionAttempt
from sheets.photos import PhotoHeader, photo_header_check
from sheets.selectors import sheet_submitter_allowed, steward_may
from sheets.tasks import process_sheet_photos, validate_race_sheet

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser
    from django.core.files.uploadedfile import UploadedFile

logger = logging.getLogger(__name__)
Outcome = SubmissionAttempt.Outcome
Status = RaceSheet.Status


class SubmissionRefused(ValidationError):
    """The input is refused before anything is stored; the attempt is recorded."""

    outcome = Outcome.REFUSED


class SubmissionTooLarge(SubmissionRefused):
    outcome = Outcome.TOO_LARGE


def too_large_message(*, size: int | None, limit: int) -> str:
    if size is None:
        return _("The upload is larger than the %(max)s allowed.") % {"max": filesizeformat(limit)}
    return _("The upload is %(size)s: more than the %(max)s a race sheet may be.") % {
        "size": filesizeformat(size),
        "max": filesizeformat(limit),
    }


@transaction.atomic
def submission_attempt_record(
    *,
    race: Race,
    by: AbstractBaseUser | None,
    outcome: str,
    message: str = "",
    size: int = 0,
    kind: str = RaceSheet.Kind.RACE,
    sheet: RaceSheet | None = None,
) -> SubmissionAttempt:
    """Leave a trace of one try at submitting a sheet (refused input is never stored otherwise)."""
    user = by if by is not None and by.is_authenticated else None
    attempt = SubmissionAttempt(
        race=race,
        user=user,
        kind=kind if kind in RaceSheet.Kind.values else RaceSheet.Kind.RACE,
        size=size,
        outcome=outcome,
        message=message,
        sheet=sheet,
    )
    attempt.full_clean()
    attempt.save()
    return attempt


def _check_submission(*, race: Race, raw: bytes, by: AbstractBaseUser, kind: str, photos: Sequence) -> None:
    if not sheet_submitter_allowed(race=race, user=by):
        raise PermissionDenied(
            _("Only the drivers entered in %(race)s (and the stewards) may submit its sheets.")
            % {"race": race}
        )
    if kind not in RaceSheet.Kind.values:
        raise SubmissionRefused(_("Unknown kind of sheet %(kind)r: race or qualifying.") % {"kind": kind})
    if race.status == Race.Status.OFFICIAL:
        raise SubmissionRefused(_("The results of %(race)s are official: no more sheets.") % {"race": race})
    if kind == RaceSheet.Kind.RACE and race.scheduled_at > timezone.now():
        raise SubmissionRefused(
            _("%(race)s is scheduled on %(date)s: a race that has not been run has no sheet yet.")
            % {"race": race, "date": timezone.localtime(race.scheduled_at).date().isoformat()}
        )
    if kind == RaceSheet.Kind.QUALIFYING and race.has_results:
        raise SubmissionRefused(
            _("%(race)s already has results: its grid can no longer change.") % {"race": race}
        )
    limit = settings.RACE_SHEET_MAX_BYTES
    if len(raw) > limit:
        raise SubmissionTooLarge(too_large_message(size=len(raw), limit=limit))
    if not raw.strip() and not (photos and kind == RaceSheet.Kind.RACE):
        # Photos alone are a paper race sheet for the stewards to transcribe (race night).
        raise SubmissionRefused(_("The log is empty."))
    if not steward_may(by, "add_racesheet"):
        sent = RaceSheet.objects.filter(race=race, kind=kind, submitted_by=by).count()
        if sent >= settings.RACE_SHEET_MAX_VERSIONS_PER_USER:
            raise SubmissionRefused(
                _(
                    "You have sent %(n)d versions of this sheet: that is the most one entrant may; ask the stewards."
                )
                % {"n": sent}
            )
    total = sum(photo.size or 0 for photo in photos)
    if total > settings.RACE_SHEET_PHOTOS_MAX_BYTES:
        raise SubmissionTooLarge(
            _("The photos weigh %(size)s together: more than the %(max)s a sheet may hold.")
            % {"size": filesizeformat(total), "max": filesizeformat(settings.RACE_SHEET_PHOTOS_MAX_BYTES)}
        )
    if len(photos) > settings.RACE_SHEET_MAX_PHOTOS:
        raise SubmissionRefused(
            _("A sheet has at most %(n)d photos; %(got)d were sent.")
            % {"n": settings.RACE_SHEET_MAX_PHOTOS, "got": len(photos)}
        )


def _check_photos(photos: Iterable[UploadedFile]) -> list[tuple[UploadedFile, PhotoHeader]]:
    """The cheap checks, in the request; decoding and re-encoding wait for the worker."""
    checked = []
    for number, upload in enumerate(photos, start=1):
        name = upload.name or _("number %(n)d") % {"n": number}
        try:
            checked.append(
                (
                    upload,
                    photo_header_check(
                        upload,
                        name=name,
                        size=upload.size or 0,
                        max_bytes=settings.RACE_SHEET_PHOTO_MAX_BYTES,
                        max_pixels=settings.RACE_SHEET_PHOTO_MAX_PIXELS,
                    ),
                )
            )
        except ValidationError as exc:
            raise SubmissionRefused(" ".join(exc.messages)) from exc
    return checked


def race_sheet_submit(
    *,
    race: Race,
    raw: bytes,
    by: AbstractBaseUser,
    photos: Sequence[UploadedFile] = (),
    kind: str = RaceSheet.Kind.RACE,
) -> RaceSheet:
    """Store a submitted log as the race's next sheet version and queue its validation.

    Not atomic as a whole on purpose: a refusal records its attempt, then raises
    (`PermissionDenied`, `SubmissionRefused`, `SubmissionTooLarge`), and that record
    must outlive the refusal. A bad photo refuses the whole submission.
    """
    photos = list(photos)
    try:
        _check_submission(race=race, raw=raw, by=by, kind=kind, photos=photos)
        checked = _check_photos(photos)
    except (PermissionDenied, SubmissionRefused) as exc:
        outcome = Outcome.FORBIDDEN if isinstance(exc, PermissionDenied) else exc.outcome
        message = str(exc) if isinstance(exc, PermissionDenied) else " ".join(exc.messages)
        submission_attempt_record(
            race=race, by=by, outcome=outcome, message=message, size=len(raw), kind=kind
        )
        raise
    return _store(race=race, raw=raw, by=by, photos=checked, kind=kind)


@transaction.atomic
def _store(
    *, race: Race, raw: bytes, by: AbstractBaseUser, photos: list[tuple[UploadedFile, PhotoHeader]], kind: str
) -> RaceSheet:
    # Lock the race: two sheets sent at the same moment get versions one after the other.
    Race.objects.select_for_update().filter(pk=race.pk).first()
    last = RaceSheet.objects.filter(race=race, kind=kind).aggregate(last=Max("version"))["last"] or 0
    sheet = RaceSheet(race=race, kind=kind, version=last + 1, submitted_by=by, raw=bytes(raw))
    transcribe = not raw.strip()  # photos alone (checked above): nothing to judge until transcribed
    if transcribe:
        sheet.status = RaceSheet.Status.TRANSCRIBE
    sheet.full_clean()
    sheet._history_user = by
    sheet.save()
    for upload, header in photos:
        # Stored as received under a random name, no thumbnail yet: the worker re-encodes it.
        row = SheetPhoto(sheet=sheet, width=header.width, height=header.height)
        row.image.save(f"incoming{header.suffix}", upload, save=False)
        row.save()
    submission_attempt_record(
        race=race, by=by, outcome=Outcome.ACCEPTED, size=len(raw), kind=kind, sheet=sheet,
        message=_("Stored as version %(version)d.") % {"version": sheet.version},
    )  # fmt: skip
    if not transcribe:
        transaction.on_commit(lambda: race_sheet_enqueue(sheet_id=sheet.pk))
    if photos:
        transaction.on_commit(lambda: _enqueue(process_sheet_photos, sheet.pk))
    return sheet


def _enqueue(task, sheet_id: int) -> bool:  # noqa: ANN001 - a Celery task
    try:
        task.delay(sheet_id)
    except Exception:
        logger.exception("race sheet %s: could not queue %s", sheet_id, task.name)
        return False
    return True


def race_sheet_enqueue(*, sheet_id: int) -> bool:
    """Queue a sheet's validation. A broker that is down leaves the sheet pending, not the request failed."""
    try:
        validate_race_sheet.delay(sheet_id)
    except Exception:  # kombu's errors vary by transport; the sheet is stored either way
        logger.exception("race sheet %s: could not queue its validation; it stays pending", sheet_id)
        return False
    return True
