"""Admin: "Schedule races" for a season — circuits in order, dates from a first date and an interval."""

from __future__ import annotations

from datetime import datetime, time
from typing import TYPE_CHECKING

from django import forms
from django.contrib import messages
from django.contrib.admin.widgets import AdminDateWidget, AdminTimeWidget
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from circuits.models import Circuit
from races.schedule import season_schedule

if TYPE_CHECKING:
    from django.contrib.admin import ModelAdmin

ROWS = 8
MAX_ROWS = 500  # as many circuits as a season needs; "more rows" adds ROWS at a time
EVENING = time(20, 30)


class ScheduleForm(forms.Form):
    first_date = forms.DateField(
        label=_("first race on"),
        required=False,
        widget=AdminDateWidget,
        help_text=_("Races without a date of their own follow this one, one interval apart."),
    )
    start_time = forms.TimeField(label=_("start time"), initial=EVENING, widget=AdminTimeWidget)
    interval_days = forms.IntegerField(label=_("days between races"), min_value=1, initial=14)
    laps = forms.IntegerField(
        label=_("laps"),
        min_value=1,
        required=False,
        help_text=_("Leave empty for the season's number of laps."),
    )
    confirm_past = forms.BooleanField(
        label=_("schedule dates already past"),
        required=False,
        help_text=_("Needed for races before today (a season entered after the fact)."),
    )


class ScheduleRowForm(forms.Form):
    circuit = forms.ModelChoiceField(Circuit.objects.all(), label=_("circuit"), required=False)
    date = forms.DateField(label=_("date (optional)"), required=False, widget=AdminDateWidget)

    def clean(self) -> dict:
        cleaned = super().clean()
        if cleaned.get("date") and not cleaned.get("circuit"):
            raise ValidationError(_("Pick the circuit raced on this date."), code="no_circuit")
        return cleaned


def schedule_formset(rows: int) -> type[forms.BaseFormSet]:
    return forms.formset_factory(
        ScheduleRowForm, extra=rows, max_num=MAX_ROWS, absolute_max=MAX_ROWS, validate_max=True
    )


def _rows_wanted(request: HttpRequest) -> int:
    # As many rows as circuits (a season may race them all), more on request (?rows=).
    try:
        asked = int(request.GET.get("rows", "0"))
    except ValueError:
        asked = 0
    return min(MAX_ROWS, max(ROWS, Circuit.objects.count(), asked))


def _at(day: datetime | None, start: time) -> datetime | None:
    return None if day is None else timezone.make_aware(datetime.combine(day, start))


def schedule_view(model_admin: ModelAdmin, request: HttpRequest, object_id: str) -> HttpResponse:
    season = model_admin.get_object(request, object_id)
    if season is None:
        raise Http404(_("No such season."))
    if not (model_admin.has_change_permission(request, season) and request.user.has_perm("races.add_race")):
        raise PermissionDenied
    form = ScheduleForm(request.POST or None)
    rows_wanted = _rows_wanted(request)
    formset = schedule_formset(rows_wanted)(request.POST or None, prefix="races")
    if request.method == "POST" and form.is_valid() and formset.is_valid():
        rows = [row for row in formset.cleaned_data if row.get("circuit")]
        start = form.cleaned_data["start_time"]
        try:
            races = season_schedule(
                season=season,
                circuits=[row["circuit"] for row in rows],
                first_at=_at(form.cleaned_data["first_date"], start),
                interval_days=form.cleaned_data["interval_days"],
                dates=[_at(row.get("date"), start) for row in rows],
                laps=form.cleaned_data["laps"],
                confirmed=form.cleaned_data["confirm_past"],
            )
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            made = [race for race in races if getattr(race, "_scheduled_now", False)]
            kept = len(races) - len(made)
            if made:
                messages.success(
                    request,
                    ngettext(
                        "Scheduled round %(first)d.", "Scheduled rounds %(first)d to %(last)d.", len(made)
                    )
                    % {"first": made[0].round, "last": made[-1].round},
                )
            if kept:
                messages.info(
                    request,
                    ngettext(
                        "%(n)d race was already scheduled: not made twice.",
                        "%(n)d races were already scheduled: not made twice.",
                        kept,
                    )
                    % {"n": kept},
                )
            return HttpResponseRedirect(reverse("admin:league_season_change", args=[season.pk]))
    opts = model_admin.model._meta
    context = {
        **model_admin.admin_site.each_context(request),
        "title": _("Schedule races for %(season)s") % {"season": season},
        "opts": opts,
        "original": season,
        "form": form,
        "formset": formset,
        "races": season.races.select_related("circuit").order_by("round"),
        "more_rows": min(MAX_ROWS, rows_wanted + ROWS),
        "media": model_admin.media + form.media + formset.media,
    }
    return TemplateResponse(request, "admin/league/season/schedule.html", context)
