"""The page where a driver sets his remote-race hours, quiet hours, channels and vacations."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.profiles import profile_for
from league.models import Season
from remote.forms import RemotePrefsForm, VacationForm
from remote.models import Vacation
from remote.prefs import prefs_for, remote_prefs_update
from remote.vacations import SeasonVacations, vacation_add, vacation_delete, vacation_seasons


def _open_seasons(rows: list[SeasonVacations]) -> list[Season]:
    return [row.season for row in rows if row.open]


def _page(
    request: HttpRequest,
    *,
    prefs_form: RemotePrefsForm | None = None,
    vacation_form: VacationForm | None = None,
    status: int = 200,
) -> HttpResponse:
    rows = vacation_seasons(user=request.user)
    if prefs_form is None:
        initial = RemotePrefsForm.initial_for(prefs_for(request.user), profile_for(request.user))
        prefs_form = RemotePrefsForm(initial=initial)
    if vacation_form is None:
        vacation_form = VacationForm(seasons=_open_seasons(rows))
    context = {
        "prefs_form": prefs_form,
        "vacation_form": vacation_form,
        "seasons": rows,
        "today": timezone.localdate(),  # the vacations under way offer "end it now", not "delete"
    }
    return render(request, "remote/prefs.html", context, status=status)


@login_required
def prefs(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return _page(request)
    form = RemotePrefsForm(request.POST)
    if form.is_valid():
        try:
            remote_prefs_update(user=request.user, data=form.cleaned_data)
        except ValidationError as exc:
            form.add_error(None, exc)  # by field when the service named one
        else:
            messages.success(request, _("Your hours are saved."))
            return redirect("remote:prefs")
    return _page(request, prefs_form=form, status=400)


@login_required
@require_POST
def vacation_new(request: HttpRequest) -> HttpResponse:
    form = VacationForm(request.POST, seasons=_open_seasons(vacation_seasons(user=request.user)))
    if form.is_valid():
        try:
            vacation_add(user=request.user, **form.cleaned_data)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("Your vacation is saved: your clock stops on those days."))
            return redirect("remote:prefs")
    # The page again with what he typed and why it was refused.
    return _page(request, vacation_form=form, status=400)


@login_required
@require_POST
def vacation_remove(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        cut = vacation_delete(user=request.user, pk=pk)
    except Vacation.DoesNotExist as exc:
        raise Http404(_("You have no such vacation.")) from exc
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        if cut is None:
            messages.success(request, _("Your vacation is taken back."))
        else:
            messages.success(request, _("Your vacation now ends yesterday: your clock runs again."))
    return redirect("remote:prefs")
