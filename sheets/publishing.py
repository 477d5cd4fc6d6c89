"""Publishing results: the protest window, what stands in the way, publish and reopen (stewards)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.permissions import staff_require
from races.models import Race
from races.services import race_lock
from sheets import events
from sheets.audit import audit_record
from sheets.models import Protest, RaceEvent, RaceSheet

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

# Publishing and reopening: a staff account with this permission (a view-only admin cannot).
PUBLISH = "races.publish_race"


def protest_deadline(*, sheet: RaceSheet) -> datetime | None:
    """When protests against a validated sheet close (the season's protest window)."""
    if sheet.validated_at is None:
        return None
    return sheet.validated_at + timedelta(hours=sheet.race.season.protest_window_hours)


def _publication_obstacles(race: Race) -> tuple[list[str], list[str]]:
    """What stands in the way of publishing: (reasons an override may lift, reasons it may not)."""
    window: list[str] = []
    chosen = (
        RaceSheet.objects.select_for_update()
        .filter(race=race, kind=RaceSheet.Kind.RACE, chosen=True)
        .only("pk", "race_id", "validated_at", "version")
        .first()
    )
    if chosen is not None:
        chosen.race = race
        deadline = protest_deadline(sheet=chosen)
        if deadline is not None and timezone.now() <= deadline:
            window.append(
                _("its protest window is open until %(when)s")
                % {"when": timezone.localtime(deadline).strftime("%Y-%m-%d %H:%M")}
            )
    open_protests = Protest.objects.filter(sheet__race=race, status=Protest.Status.OPEN).count()
    blocking = []
    if open_protests:
        blocking.append(_("%(n)d protest(s) are still open: decide them first") % {"n": open_protests})
    return window, blocking


def _locked_in(race: Race, status: str, refusal: str, code: str) -> Race:
    """The race's row lock, refused (`refusal`, with the race and its status) unless it is in `status`."""
    race = race_lock(race.pk)
    if race.status != status:
        raise ValidationError(refusal, code=code, params={"race": race, "status": race.get_status_display()})
    return race


@transaction.atomic
def race_publish(*, race: Race, by: AbstractBaseUser | None, override_reason: str = "") -> Race:
    """Make a race's validated results official: the stewards' last word on them.

    Only once the protest window of the standing sheet has closed and no protest is open; a
    steward may publish before the window closes with an override and its reason (recorded),
    never over an open protest. Locks: the race, then its chosen sheet (as protest_file() does),
    so a protest filed at the same moment either comes first and blocks this, or finds the race
    official and is refused.
    """
    staff_require(by, PUBLISH, _("Only the stewards publish results."))
    race = _locked_in(
        race,
        Race.Status.VALIDATED,
        _("%(race)s is %(status)s: only validated results can be published."),
        "not_validated",
    )
    override_reason = override_reason.strip()
    window, blocking = _publication_obstacles(race)
    if blocking or (window and not override_reason):
        reasons = blocking + ([] if override_reason else window)
        raise ValidationError(
            _("%(race)s cannot be published yet: %(reasons)s."),
            code="not_publishable",
            params={"race": race, "reasons": "; ".join(reasons)},
        )
    race.status = Race.Status.OFFICIAL
    race.full_clean()
    race._history_user = by  # simple_history: who published
    race.save(update_fields=["status"])
    audit_record(
        race=race,
        kind=RaceEvent.Kind.PUBLICATION,
        by=by,
        why=override_reason if window else "",
        data={"override": bool(window)},
    )
    events.results_published(race)
    return race


@transaction.atomic
def race_reopen(*, race: Race, by: AbstractBaseUser, reason: str) -> Race:
    """The stewards take published results back to validated, to change them; the reason is recorded."""
    staff_require(by, PUBLISH, _("Only the stewards reopen published results."))
    race = _locked_in(
        race,
        Race.Status.OFFICIAL,
        _("%(race)s is %(status)s: only published results are reopened."),
        "not_official",
    )
    if not reason.strip():
        raise ValidationError(_("Say why the results are reopened: it is recorded."), code="reason")
    race.status = Race.Status.VALIDATED
    race.full_clean()
    race._history_user = by
    race.save(update_fields=["status"])
    audit_record(race=race, kind=RaceEvent.Kind.REOPENING, by=by, why=reason.strip())
    return race
