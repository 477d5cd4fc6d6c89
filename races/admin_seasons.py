"""The season's admin page: its entries, its races, the schedule and the entry list's actions."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, path
from django.utils.translation import gettext_lazy as _

from core.admin_support import HistoryAdmin
from league.admin_season_form import SeasonAdminForm
from league.models import Season, SeasonEntry
from races.admin_registration import accept_entry_list, set_grids_due, split_by_standings, split_drawn
from races.admin_schedule import schedule_view
from races.models import Race
from races.services import race_entries_fill


class SeasonEntryInlineForm(forms.ModelForm):
    def _post_clean(self) -> None:
        # The formset counts the team's cars over every row sent at once (below); the one-row
        # check of SeasonEntry.clean() would count the rows as stored, before this save.
        self.instance.team_limit_checked = True
        super()._post_clean()


class SeasonEntryFormSet(BaseInlineFormSet):
    """The cars-per-team limit over all the rows saved together, deleted rows left out."""

    def clean(self) -> None:
        super().clean()
        limit = self.instance.max_cars_per_team
        cars: dict[Any, list[int]] = {}
        for form in self.forms:
            if not hasattr(form, "cleaned_data") or not form.cleaned_data or self._should_delete_form(form):
                continue
            team = form.cleaned_data.get("team")
            if team is not None:
                cars.setdefault(team, []).append(form.cleaned_data.get("car_number"))
        errors = [
            ValidationError(
                _("%(team)s would field %(n)d cars (%(cars)s); the season allows %(limit)d per team."),
                code="team_full",
                params={
                    "team": team,
                    "n": len(numbers),
                    "cars": ", ".join(f"#{n}" for n in sorted(x for x in numbers if x is not None)),
                    "limit": limit,
                },
            )
            for team, numbers in sorted(cars.items(), key=lambda item: item[0].name)
            if len(numbers) > limit
        ]
        if errors:
            raise ValidationError(errors)


class SeasonEntryInline(admin.TabularInline):
    model = SeasonEntry
    form = SeasonEntryInlineForm
    formset = SeasonEntryFormSet
    extra = 0
    fields = ("car_number", "driver", "team")
    autocomplete_fields = ("driver", "team")
    ordering = ("car_number",)


class RaceInline(admin.TabularInline):
    model = Race
    extra = 0
    fields = ("round", "table", "circuit", "scheduled_at", "laps", "mode", "status")
    readonly_fields = ("status",)  # changed by the services that check it (the race's actions)
    show_change_link = True
    ordering = ("round", "table")


@admin.register(Season)
class SeasonAdmin(HistoryAdmin):
    list_display = ("name", "year", "status", "best_results", "laps_per_race", "max_cars_per_team")
    list_filter = ("status", "year")
    search_fields = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}
    inlines = [SeasonEntryInline, RaceInline]
    form = SeasonAdminForm
    actions = [accept_entry_list, set_grids_due, split_by_standings, split_drawn]
    fieldsets = (
        (None, {"fields": ("name", "slug", "year", "status")}),
        (
            _("Entry list"),
            {
                "fields": (
                    "entries_open_at",
                    "entries_close_at",
                    "entry_capacity",
                    "entry_list_accepted_at",
                    "grid_rule",
                )
            },
        ),
        (_("Scoring"), {"fields": ("points_table", "dns_points", "best_results")}),
        (_("Rules"), {"fields": ("laps_per_race", "options", "max_cars_per_team", "protest_window_hours")}),
        (_("Remote races"), {"fields": ("remote_races", "move_hours", "vacation_days")}),
    )
    change_form_template = "admin/league/season/change_form.html"  # adds "Schedule races"

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        # As season_entry_create(): the season's row lock, so two pages saved at once cannot both
        # take a team's last seat.
        Season.objects.select_for_update().filter(pk=form.instance.pk).first()
        super().save_related(request, form, formsets, change)

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        super().save_formset(request, form, formset, change)
        if formset.model is Race and form.instance.entry_list_accepted_at is not None:
            for race in formset.new_objects:  # races added here get the accepted entry list's cars
                race_entries_fill(race=race)

    def get_urls(self) -> list[URLPattern]:
        schedule = path(
            "<path:object_id>/schedule/",
            self.admin_site.admin_view(self.schedule_view),
            name="league_season_schedule",
        )
        return [schedule, *super().get_urls()]

    def schedule_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        return schedule_view(self, request, object_id)
