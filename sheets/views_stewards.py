"""The stewards' pages: decide a protest beside its evidence; a race's history, penalties and publication."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.forms import Form
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from core.messages import refusal_text
from core.permissions import staff_may, staff_permission_required
from races.models import Race
from races.penalties import race_penalties
from sheets.audit import race_history
from sheets.forms import DecisionForm, PenaltyForm, PublishForm, ReopenForm
from sheets.models import Protest, RaceSheet
from sheets.penalties import sheet_results_after_decisions
from sheets.protests import protest_decide
from sheets.publishing import PUBLISH, protest_deadline, race_publish, race_reopen
from sheets.selectors import sheets_to_transcribe
from sheets.stewarding import penalty_impose

DECIDE = "races.change_protest"


def _entries(race: Race) -> dict[str, Any]:
    return {
        entry.season_entry.car_id: entry
        for entry in race.entries.select_related("season_entry__driver", "season_entry__team")
    }


# Each page reads with a view permission and writes with the action's own (the services ask again).
@staff_permission_required("races.view_protest", write=DECIDE)
def protest_decide_view(request: HttpRequest, pk: int) -> HttpResponse:
    protest = get_object_or_404(
        Protest.objects.select_related(
            "sheet__race__season",
            "sheet__race__circuit",
            "filed_by",
            "decided_by",
            "against__season_entry__driver",
        ).prefetch_related("photos", "sheet__photos"),
        pk=pk,
    )
    sheet, race = protest.sheet, protest.sheet.race
    form = DecisionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            protest_decide(protest=protest, by=request.user, **form.service_kwargs())
        except (ValidationError, PermissionDenied) as exc:
            form.add_error(None, refusal_text(exc))
        else:
            messages.success(request, _("Protest decided."))
            return redirect("sheets:race-stewards", pk=race.pk)
    entries = _entries(race)
    penalties = race_penalties(race=race)
    return render(
        request,
        "races/protest_decide.html",
        {
            "protest": protest,
            "sheet": sheet,
            "race": race,
            "form": form
            if protest.status == Protest.Status.OPEN and staff_may(request.user, DECIDE)
            else None,
            "classification": sheet_results_after_decisions(sheet=sheet, entries=entries, penalties=[]),
            "violations": (sheet.verdict or {}).get("violations", []),
            "penalties": penalties,
            "deadline": protest_deadline(sheet=sheet),
        },
    )


@staff_permission_required("races.view_race")
@require_GET
def race_stewards_view(request: HttpRequest, pk: int) -> HttpResponse:
    race = get_object_or_404(Race.objects.select_related("season", "circuit"), pk=pk)
    return _stewards_page(request, race)


def _stewards_page(
    request: HttpRequest,
    race: Race,
    *,
    penalty_form: PenaltyForm | None = None,
    publish_form: PublishForm | None = None,
    reopen_form: ReopenForm | None = None,
    status: int = 200,
) -> HttpResponse:
    chosen = RaceSheet.objects.filter(race=race, kind=RaceSheet.Kind.RACE, chosen=True).first()
    return render(
        request,
        "races/race_stewards.html",
        {
            "race": race,
            "history": race_history(race=race),
            "protests": Protest.objects.filter(sheet__race=race)
            .select_related("sheet", "filed_by", "against__season_entry__driver")
            .order_by("filed_at", "pk"),
            "penalties": race_penalties(race=race),
            "chosen": chosen,
            "deadline": protest_deadline(sheet=chosen) if chosen else None,
            "penalty_form": penalty_form or PenaltyForm(race=race),
            "publish_form": publish_form or PublishForm(),
            "reopen_form": reopen_form or ReopenForm(),
            "to_transcribe": sheets_to_transcribe(race=race),
        },
        status=status,
    )


def _done(request: HttpRequest, race: Race, message: str) -> HttpResponse:
    messages.success(request, message)
    return redirect(reverse("sheets:race-stewards", kwargs={"pk": race.pk}))


def _stewards_action(
    form: Callable[[QueryDict, Race], Form], slot: str, done: str, permission: str
) -> Callable[[Callable[[HttpRequest, Race, dict[str, Any]], object]], Callable[..., HttpResponse]]:
    """A stewards' form posted to a race's page: valid, the view's service runs on its data and the
    page says `done`; invalid or refused, the stewards' page again (400) with this form in its
    `slot` and why. Without `permission`, 403 before anything is read."""

    def decorate(act: Callable[[HttpRequest, Race, dict[str, Any]], object]) -> Callable[..., HttpResponse]:
        @staff_permission_required("races.view_race", write=permission)
        @require_POST
        @wraps(act)
        def view(request: HttpRequest, pk: int) -> HttpResponse:
            race = get_object_or_404(Race.objects.select_related("season", "circuit"), pk=pk)
            bound = form(request.POST, race)
            if bound.is_valid():
                try:
                    act(request, race, bound.cleaned_data)
                except (ValidationError, PermissionDenied) as exc:
                    bound.add_error(None, refusal_text(exc))
                else:
                    return _done(request, race, done)
            return _stewards_page(request, race, status=400, **{slot: bound})

        return view

    return decorate


@_stewards_action(
    lambda post, race: PenaltyForm(post, race=race),
    "penalty_form",
    gettext_lazy("Penalty recorded; the results are recomputed."),
    "races.add_penalty",
)
def race_penalise_view(request: HttpRequest, race: Race, data: dict[str, Any]) -> None:
    penalty_impose(
        race_entry=data["race_entry"],
        by=request.user,
        kind=data["kind"],
        amount=data["amount"] or 0,
        rule=data["rule"],
        reason=data["reason"],
        key=request.POST.get("key") or None,
    )


@_stewards_action(
    lambda post, race: PublishForm(post),
    "publish_form",
    gettext_lazy("The results are published."),
    PUBLISH,
)
def race_publish_view(request: HttpRequest, race: Race, data: dict[str, Any]) -> None:
    race_publish(race=race, by=request.user, override_reason=data["override_reason"])


@_stewards_action(
    lambda post, race: ReopenForm(post),
    "reopen_form",
    gettext_lazy("The results are reopened."),
    PUBLISH,
)
def race_reopen_view(request: HttpRequest, race: Race, data: dict[str, Any]) -> None:
    race_reopen(race=race, by=request.user, reason=data["reason"])
