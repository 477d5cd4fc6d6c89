"""Admin of races, race entries and results."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import ForeignKey, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from core.admin_support import HistoryAdmin, ReadOnly
from core.messages import refusal_text
from races import admin_registration, admin_seasons  # noqa: F401 (their admin pages register themselves)
from races.models import Race, RaceEntry, Result
from races.services import race_entries_fill, race_status_set


def _race_being_edited(request: HttpRequest) -> Race | None:
    return getattr(request, "_admin_race", None)


class RaceEntryInline(admin.TabularInline):
    model = RaceEntry
    extra = 0
    fields = ("season_entry", "grid_slot", "tyres", "wear")
    ordering = ("grid_slot",)

    def formfield_for_foreignkey(self, db_field: ForeignKey, request: HttpRequest, **kwargs: Any) -> Any:
        race = _race_being_edited(request)
        # Only the cars of the race's season can start it.
        if db_field.name == "season_entry" and race is not None:
            kwargs["queryset"] = race.season.entries.select_related("driver", "team")
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class ResultInline(ReadOnly, admin.TabularInline):
    """Results are computed from the chosen sheet and the penalties, never typed in here."""

    model = Result
    extra = 0
    fields = (
        "position",
        "race_entry",
        "status",
        "cause",
        "turn",
        "points",
        "penalty_points",
        "penalty_places",
        "penalty_reason",
    )
    readonly_fields = fields
    ordering = ("position",)
    verbose_name_plural = _("results (computed: a correction is a penalty or a new sheet version)")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Result]:
        return (
            super()
            .get_queryset(request)
            .select_related("race__season", "race__circuit", "race_entry__season_entry__driver")
        )


@admin.register(Race)
class RaceAdmin(HistoryAdmin):
    list_display = ("season", "round", "circuit", "scheduled_at", "mode", "status")
    list_filter = ("season", "status", "mode", "circuit")
    search_fields = ("season__name", "circuit__name", "circuit__slug")
    date_hierarchy = "scheduled_at"
    list_select_related = ("season", "circuit")
    inlines = [RaceEntryInline, ResultInline]
    actions = ["mark_qualifying", "mark_run", "mark_scheduled"]  # and publishing: sheets/admin.py
    # The status moves through the services that check it: the actions below, the sheets, publication.
    readonly_fields = ("status", "stewards_page")

    @admin.display(description=_("stewards"))
    def stewards_page(self, obj: Race) -> str:
        if obj.pk is None:
            return "—"
        url = reverse("sheets:race-stewards", kwargs={"pk": obj.pk})
        return format_html('<a href="{}">{}</a>', url, _("Protests, penalties, publication and history"))

    def _set_status(self, request: HttpRequest, queryset: QuerySet[Race], status: str) -> None:
        done = 0
        for race in queryset.order_by("season", "round"):
            try:
                race_status_set(race=race, status=status, by=request.user)
            except (ValidationError, PermissionDenied) as exc:
                self.message_user(request, f"{race}: {refusal_text(exc)}", messages.WARNING)
            else:
                done += 1
        if done:
            label = Race.Status(status).label
            self.message_user(
                request,
                ngettext("%(n)d race is now %(status)s.", "%(n)d races are now %(status)s.", done)
                % {"n": done, "status": label},
                messages.SUCCESS,
            )

    @admin.action(description=_("Mark as scheduled"), permissions=["change"])
    def mark_scheduled(self, request: HttpRequest, queryset: QuerySet[Race]) -> None:
        self._set_status(request, queryset, Race.Status.SCHEDULED)

    @admin.action(description=_("Mark as in qualifying"), permissions=["change"])
    def mark_qualifying(self, request: HttpRequest, queryset: QuerySet[Race]) -> None:
        self._set_status(request, queryset, Race.Status.QUALIFYING)

    @admin.action(description=_("Mark as run (waiting for its sheet)"), permissions=["change"])
    def mark_run(self, request: HttpRequest, queryset: QuerySet[Race]) -> None:
        self._set_status(request, queryset, Race.Status.RUN)

    def save_model(self, request: HttpRequest, obj: Race, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        if not change and obj.season.entry_list_accepted_at is not None:
            race_entries_fill(race=obj)  # a race added after the entry list is accepted gets its cars

    def get_object(self, request: HttpRequest, object_id: str, from_field: str | None = None) -> Race | None:
        race = super().get_object(request, object_id, from_field)
        # The inlines narrow their choices to this race's cars (a request attribute stays per-request).
        request._admin_race = race  # type: ignore[attr-defined]
        return race


@admin.register(RaceEntry)
class RaceEntryAdmin(admin.ModelAdmin):
    list_display = ("race", "car", "driver", "team", "grid_slot", "tyres")
    list_filter = ("race__season", "tyres")
    search_fields = ("season_entry__driver__name", "season_entry__team__name", "=season_entry__car_number")
    raw_id_fields = ("race", "season_entry")
    list_select_related = ("race__season", "race__circuit", "season_entry__driver", "season_entry__team")

    @admin.display(description=_("car"), ordering="season_entry__car_number")
    def car(self, obj: RaceEntry) -> int:
        return obj.season_entry.car_number

    @admin.display(description=_("driver"))
    def driver(self, obj: RaceEntry) -> str:
        return str(obj.season_entry.driver)

    @admin.display(description=_("team"))
    def team(self, obj: RaceEntry) -> str:
        return str(obj.season_entry.team)


@admin.register(Result)
class ResultAdmin(ReadOnly, HistoryAdmin):
    list_display = ("race", "position", "driver", "status", "cause", "points", "penalty_points")
    list_filter = ("race__season", "status")
    search_fields = ("race_entry__season_entry__driver__name", "cause", "penalty_reason")
    raw_id_fields = ("race", "race_entry")
    list_select_related = ("race__season", "race__circuit", "race_entry__season_entry__driver")

    @admin.display(description=_("driver"), ordering="race_entry__season_entry__driver__name")
    def driver(self, obj: Result) -> str:
        return str(obj.race_entry.season_entry.driver)
