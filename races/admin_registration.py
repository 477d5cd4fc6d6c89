"""The stewards' side of the entry list: accept, refuse with a reason, or put on the waiting list;
accept a season's whole entry list into its races, set the grids due by the season's rule."""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.messages import refusal_text
from league.models import EntryRequest, Season
from races.registration import entry_request_accept, entry_request_refuse, entry_request_wait


def _each(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet, act, done: str) -> None:  # noqa: ANN001
    count = 0
    for obj in queryset:
        try:
            act(obj)
        except (ValidationError, PermissionDenied) as exc:
            modeladmin.message_user(request, f"{obj}: {refusal_text(exc)}", messages.ERROR)
        else:
            count += 1
    if count:
        modeladmin.message_user(request, done % {"n": count}, messages.SUCCESS)


def _decision(description: str, service: Callable[..., object], done: str) -> Callable[..., None]:
    """An admin action deciding each request chosen by `service` (the steward deciding), then
    saying `done` of how many it decided."""

    @admin.action(description=description, permissions=["change"])
    def decide(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[EntryRequest]) -> None:
        _each(modeladmin, request, queryset, lambda obj: service(request=obj, by=request.user), done)

    return decide


class RefuseForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("Reason given to the player"), widget=forms.Textarea)


@admin.register(EntryRequest)
class EntryRequestAdmin(admin.ModelAdmin):
    list_display = ("season", "who", "team", "car_number", "status", "requested_at", "decided_by")
    list_filter = ("status", "season", "team")
    search_fields = ("user__username", "user__email", "driver__name", "team__name")
    list_select_related = ("season", "user", "driver", "team", "decided_by")
    autocomplete_fields = ("user", "driver", "team")
    readonly_fields = ("status", "requested_by", "requested_at", "decided_by", "decided_at", "season_entry")
    actions = ["accept", "wait", "refuse"]

    @admin.display(description=gettext_lazy("driver"))
    def who(self, obj: EntryRequest) -> str:
        return str(obj.driver or obj.user)

    accept = _decision(
        gettext_lazy("Accept: enter the car in the season and its races to come"),
        entry_request_accept,
        gettext_lazy("%(n)d request(s) accepted."),
    )
    wait = _decision(
        gettext_lazy("Put on the waiting list"),
        entry_request_wait,
        gettext_lazy("%(n)d request(s) put on the waiting list."),
    )

    @admin.action(description=gettext_lazy("Refuse, with a reason"), permissions=["change"])
    def refuse(self, request: HttpRequest, queryset: QuerySet[EntryRequest]) -> HttpResponse | None:
        form = RefuseForm(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            reason = form.cleaned_data["reason"]
            _each(
                self,
                request,
                queryset,
                lambda obj: entry_request_refuse(request=obj, reason=reason, by=request.user),
                _("%(n)d request(s) refused."),
            )
            return None
        return TemplateResponse(
            request,
            "admin/league/entryrequest/refuse.html",
            {
                **self.admin_site.each_context(request),
                "title": _("Refuse entry requests"),
                "opts": self.model._meta,
                "form": form,
                "requests": queryset,
                "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
            },
        )


@admin.action(
    description=gettext_lazy("Accept the entry list: every car in every race to come"), permissions=["change"]
)
def accept_entry_list(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Season]) -> None:
    from races.entry_lists import season_entry_list_accept

    for season in queryset:
        made = season_entry_list_accept(season=season)
        modeladmin.message_user(
            request,
            _("%(season)s: %(n)d race entries made.") % {"season": season, "n": made},
            messages.SUCCESS,
        )


@admin.action(description=gettext_lazy("Set the grids due by the season's rule"), permissions=["change"])
def set_grids_due(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Season]) -> None:
    from races.entry_lists import race_grid_by_rule, race_grid_due, remaining_races

    for season in queryset:
        for race in remaining_races(season=season):
            if race_grid_due(race) and race.entries.exists():
                order = race_grid_by_rule(race=race, by=request.user)
                modeladmin.message_user(request, f"{race}: {' '.join(order)}", messages.SUCCESS)


def _split(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Season], by: str) -> None:
    from races.entry_lists import remaining_races
    from races.seating import TABLE_SEATS, round_split

    for season in queryset:
        seen: set[int] = set()
        for race in remaining_races(season=season):
            if race.round in seen:
                continue
            seen.add(race.round)
            cars = sum(r.entries.count() for r in remaining_races(season=season).filter(round=race.round))
            if cars <= TABLE_SEATS:
                continue
            try:
                tables, seed = round_split(race=race, by=by)
            except ValidationError as exc:
                modeladmin.message_user(request, f"{race}: {' '.join(exc.messages)}", messages.ERROR)
                continue
            drawn = _(" (drawn, seed %(seed)s)") % {"seed": seed} if seed else ""
            modeladmin.message_user(
                request,
                _("Round %(round)d: %(cars)d cars on %(n)d tables%(drawn)s.")
                % {"round": race.round, "cars": cars, "n": len(tables), "drawn": drawn},
                messages.SUCCESS,
            )


@admin.action(
    description=gettext_lazy("Split the rounds to come over tables of 10, by standings"),
    permissions=["change"],
)
def split_by_standings(
    modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Season]
) -> None:
    _split(modeladmin, request, queryset, "standings")


@admin.action(
    description=gettext_lazy("Split the rounds to come over tables of 10, drawn"), permissions=["change"]
)
def split_drawn(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet[Season]) -> None:
    _split(modeladmin, request, queryset, "draw")
