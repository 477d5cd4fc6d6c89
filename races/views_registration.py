"""Asking to enter a season."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from league.models import Season
from races.forms_registration import EntryRequestForm
from races.registration import entry_list_is_open, entry_request_create


@login_required
def season_enter(request: HttpRequest, slug: str) -> HttpResponse:
    season = get_object_or_404(Season, slug=slug)
    managed = list(request.user.managed_teams.all())
    form = EntryRequestForm(request.POST or None, season=season, managed=managed)
    if request.method == "POST" and form.is_valid():
        try:
            entry_request_create(
                season=season,
                team=form.cleaned_data["team"],
                car_number=form.cleaned_data["car_number"],
                driver=form.cleaned_data.get("driver"),
                by=request.user,
            )
        except ValidationError as exc:
            if hasattr(exc, "error_dict"):
                for field, errors in exc.error_dict.items():
                    for error in errors:
                        form.add_error(field if field in form.fields else None, error)
            else:
                form.add_error(None, exc)
        else:
            messages.success(request, _("Your request is with the stewards; you will be told their answer."))
            return redirect(season.get_absolute_url())
    return render(
        request,
        "league/season_enter.html",
        {"season": season, "form": form, "open": entry_list_is_open(season=season)},
    )
