"""Pages of race sheets: submit one, follow its validation and read its verdict, confirm or protest it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, RequestDataTooBig, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import CsrfViewMiddleware
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_POST

from core.messages import refusal_text
from races.models import Race, RaceEntry
from races.penalties import race_penalties
from races.results import ResultRow, dns_rows
from sheets.corrections import correction_source, sheet_photos_reuse
from sheets.forms import ProtestForm, RaceSheetForm
from sheets.models import Protest, RaceSheet, SubmissionAttempt
from sheets.penalties import sheet_results_after_decisions
from sheets.protests import protest_deadline, protest_file, protest_withdraw, sheet_confirm
from sheets.selectors import (
    race_entry_of,
    sheet_submitter_allowed,
)
from sheets.selectors import (
    sheet_detail as sheet_detail_selector,
)
from sheets.services import (
    SubmissionRefused,
    SubmissionTooLarge,
    race_sheet_submit,
    submission_attempt_record,
    too_large_message,
)
from sheets.uploads import body_limit, declared_size, declared_too_large, install_upload_limits
from sheets.verdicts import first_violation

Outcome = SubmissionAttempt.Outcome


def _form_page(
    request: HttpRequest,
    race: Race,
    form: RaceSheetForm | None,
    *,
    error: str = "",
    status: int = 200,
    previous: RaceSheet | None = None,
) -> HttpResponse:
    context = {"race": race, "form": form, "error": error, "previous": previous}
    if previous is not None:
        context["previous_photos"] = previous.photos.count()
    return render(request, "races/sheet_form.html", context, status=status)


def _read_body(request: HttpRequest) -> bool:
    """Parse the body now, under the upload limits; False when a field is past the limit."""
    try:
        request.POST  # noqa: B018
    except RequestDataTooBig:
        return False
    return True


def _size_refusal(request: HttpRequest, *, readable: bool) -> str:
    """Why the body is too large to read, or ""."""
    if declared_too_large(request) or not readable:
        return too_large_message(size=declared_size(request), limit=body_limit(request))
    if request.upload_too_large:
        return too_large_message(size=None, limit=request.upload_too_large[1])
    return ""


def _csrf_refusal(request: HttpRequest, *, readable: bool) -> HttpResponse | None:
    """The CSRF check, once the upload limits are in place; None when the post is our own page's.

    A body too large to read (declared so, or a field past the limit) has no token to read: only
    an Origin header of our own site vouches for it. A cross-site oversized post is refused before
    anything is written in the name of the user whose cookies the browser sent along.
    """
    middleware = CsrfViewMiddleware(lambda request: HttpResponse())
    if readable:
        return middleware.process_view(request, None, (), {})
    if getattr(request, "_dont_enforce_csrf_checks", False):
        return None
    if request.META.get("HTTP_ORIGIN") and middleware._origin_verified(request):
        return None
    return middleware._reject(request, "Origin checking failed for a body too large to read.")


def _attempt(request: HttpRequest, race: Race, outcome: str, message: str) -> None:
    """The trace of a sheet the form refused (its size as the request declared it)."""
    submission_attempt_record(
        race=race, by=request.user, outcome=outcome, message=message, size=declared_size(request)
    )


@csrf_exempt  # checked in the view: the upload limits must be in place before the check reads the body
@login_required
def sheet_new(request: HttpRequest, pk: int) -> HttpResponse:
    race = get_object_or_404(Race.objects.select_related("season", "circuit"), pk=pk)
    if request.method == "POST":
        install_upload_limits(request)
        readable = not declared_too_large(request) and _read_body(request)
        rejected = _csrf_refusal(request, readable=readable)
        if rejected is not None:
            return rejected
        refusal = _size_refusal(request, readable=readable)
        if refusal:
            _attempt(request, race, Outcome.TOO_LARGE, refusal)
            return _form_page(request, race, RaceSheetForm(), error=refusal, status=413)
    return _sheet_new(request, race)


@csrf_protect
def _sheet_new(request: HttpRequest, race: Race) -> HttpResponse:
    if not sheet_submitter_allowed(race=race, user=request.user):
        message = _("Only the drivers entered in %(race)s (and the stewards) may submit its sheets.") % {
            "race": race
        }
        if request.method == "POST":
            _attempt(request, race, Outcome.FORBIDDEN, message)
        return _form_page(request, race, None, error=message, status=403)
    # A corrected version (the sheet page's button): the new log keeps the photos of `previous`.
    source = request.POST.get("previous") if request.method == "POST" else request.GET.get("from")
    previous = correction_source(race=race, value=source)
    if request.method != "POST":
        return _form_page(request, race, RaceSheetForm(), previous=previous)
    form = RaceSheetForm(request.POST, request.FILES)
    if not form.is_valid():
        message = " ".join(error for errors in form.errors.values() for error in errors)
        _attempt(request, race, Outcome.REFUSED, message)
        return _form_page(request, race, form, status=400, previous=previous)
    try:
        sheet = race_sheet_submit(
            race=race,
            raw=form.raw(),
            by=request.user,
            photos=form.cleaned_data["photos"],
            kind=form.cleaned_data["kind"],
        )
    except PermissionDenied as exc:
        return _form_page(request, race, None, error=str(exc), status=403)
    except SubmissionRefused as exc:
        status = 413 if isinstance(exc, SubmissionTooLarge) else 400
        return _form_page(request, race, form, error=" ".join(exc.messages), status=status, previous=previous)
    if previous is not None and previous.kind == sheet.kind:
        sheet_photos_reuse(source=previous, target=sheet)
    messages.success(request, _("Sheet received as version %(version)d.") % {"version": sheet.version})
    return redirect(sheet)


@dataclass(frozen=True)
class Line:
    """A car's line of the verdict, with who drove it."""

    data: dict[str, Any]
    entry: RaceEntry | None


def _car_lines(items: list[dict[str, Any]], entries: dict[str, RaceEntry]) -> list[Line]:
    return [Line(data=item, entry=entries.get(str(item.get("car")))) for item in items]


def _classification(sheet: RaceSheet, entries: dict[str, RaceEntry]) -> list[Line]:
    """A valid sheet's classification, then the entries it leaves out: the non-partants (DNS)."""
    lines = _car_lines((sheet.verdict or {}).get("classification", []), entries)
    if sheet.kind != RaceSheet.Kind.RACE:
        return lines
    raced = [ResultRow(car=str(line.data.get("car")), position=n) for n, line in enumerate(lines, start=1)]
    absent = dns_rows(race=sheet.race, rows=raced, entries=entries)
    shown = [{"position": r.position, "car": r.car, "status": r.status, "points": r.points} for r in absent]
    return lines + [Line(data=data, entry=entries.get(data["car"])) for data in shown]


def sheet_detail(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        sheet = sheet_detail_selector(pk=pk)
    except RaceSheet.DoesNotExist:
        raise Http404(_("No such race sheet.")) from None
    race = sheet.race
    entries = {
        entry.season_entry.car_id: entry
        for entry in race.entries.select_related("season_entry__driver", "season_entry__team")
    }
    verdict = sheet.verdict or {}
    penalties = [
        {"car": car, **penalty}
        for car, state in (verdict.get("cars") or {}).items()
        for penalty in state.get("penalties", [])
    ]
    penalties.sort(key=lambda p: (p.get("lap", 0), p.get("turn", 0)))
    user_entry = race_entry_of(race=race, user=request.user)
    deadline = protest_deadline(sheet=sheet)
    window_open = (
        sheet.status == RaceSheet.Status.VALID
        and race.status != Race.Status.OFFICIAL
        and (deadline is None or timezone.now() <= deadline)
    )
    may_act = window_open and user_entry is not None and sheet.submitted_by_id != request.user.pk
    # One stance per entrant: a confirmation, or a protest (open ones can be withdrawn).
    confirmed = user_entry is not None and any(
        c.user_id == request.user.pk for c in sheet.confirmations.all()
    )
    my_protest = next(
        (
            p
            for p in sheet.protests.all()
            if p.filed_by_id == request.user.pk and p.status != Protest.Status.WITHDRAWN
        ),
        None,
    )
    decided = my_protest is not None and my_protest.status in Protest.DECIDED
    penalties_after = race_penalties(race=race) if sheet.status == RaceSheet.Status.VALID else []
    # An invalid sheet: its first violation up top, with what was legal; no classification (the
    # cars' places of a log that broke the rules count for nothing) and a way to correct it.
    first = first_violation(sheet=sheet)
    valid = sheet.status == RaceSheet.Status.VALID
    may_correct = (
        sheet.status in (RaceSheet.Status.INVALID, RaceSheet.Status.REJECTED)
        and race.status != Race.Status.OFFICIAL
        and sheet_submitter_allowed(race=race, user=request.user)
    )
    return render(
        request,
        "races/sheet_detail.html",
        {
            "sheet": sheet,
            "race": race,
            "verdict": verdict,
            "violations": _car_lines(verdict.get("violations", []), entries),
            "classification": _classification(sheet, entries) if valid else [],
            "first": first,
            "first_entry": entries.get(str(first.data.get("car"))) if first else None,
            "knock_on": _car_lines(first.knock_on, entries) if first else [],
            "may_correct": may_correct,
            "grid": _car_lines(verdict.get("grid", []), entries),
            "penalties": _car_lines(penalties, entries),
            "stewards_penalties": penalties_after,
            "after_decisions": sheet_results_after_decisions(
                sheet=sheet, entries=entries, penalties=penalties_after
            )
            if penalties_after
            else [],
            "waiting": sheet.status in RaceSheet.WAITING,
            "may_confirm": may_act and not confirmed and not decided,
            "confirmed": confirmed,
            "my_protest": my_protest,
            "window_open": window_open,
            "protest_form": ProtestForm(race=race) if may_act and my_protest is None else None,
            "deadline": deadline,
            "status_labels": {value: str(label) for value, label in RaceSheet.Status.choices},
        },
    )


def _try(request: HttpRequest, act: Callable[[], object], done: str) -> None:
    """An entrant's stance on a sheet (`act`, its service): refused, the reasons as an error
    message; taken, `done`."""
    try:
        act()
    except (PermissionDenied, ValidationError) as exc:
        messages.error(request, refusal_text(exc))
    else:
        messages.success(request, done)


@login_required
@require_POST
def sheet_confirm_view(request: HttpRequest, pk: int) -> HttpResponse:
    sheet = get_object_or_404(RaceSheet.objects.select_related("race__season").defer("raw"), pk=pk)
    _try(request, lambda: sheet_confirm(sheet=sheet, by=request.user), _("You confirmed this sheet."))
    return redirect(sheet)


@login_required
@require_POST
def sheet_protest_view(request: HttpRequest, pk: int) -> HttpResponse:
    sheet = get_object_or_404(RaceSheet.objects.select_related("race__season").defer("raw"), pk=pk)
    form = ProtestForm(request.POST, request.FILES, race=sheet.race)
    if not form.is_valid():
        messages.error(request, " ".join(e for errors in form.errors.values() for e in errors))
        return redirect(sheet)
    _try(
        request,
        lambda: protest_file(sheet=sheet, by=request.user, **form.cleaned_data),
        _("Your protest is filed; the stewards will decide."),
    )
    return redirect(sheet)


@login_required
@require_POST
def protest_withdraw_view(request: HttpRequest, pk: int) -> HttpResponse:
    protest = get_object_or_404(Protest.objects.select_related("sheet"), pk=pk)
    _try(request, lambda: protest_withdraw(protest=protest, by=request.user), _("Your protest is withdrawn."))
    return redirect(protest.sheet)
