"""Admin of drivers, teams, season entries and the experience ledger (the season's own page, with its
races, is the races room's: races/admin_seasons.py)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from core.admin_support import WrittenByServices
from league.models import Driver, ExperienceEntry, SeasonEntry, Team
from league.services import LedgerRow, experience_change_check


class ReadOnlyExperienceInline(WrittenByServices, admin.TabularInline):
    """The ledger seen from a driver or a team: rows are written by services, never edited here."""

    model = ExperienceEntry
    extra = 0
    can_delete = False
    show_change_link = True
    fields = ("created_at", "season", "race", "reason", "amount", "note", "created_by")
    readonly_fields = fields
    ordering = ("-created_at", "-pk")

    def get_queryset(self, request: HttpRequest) -> QuerySet[ExperienceEntry]:
        return super().get_queryset(request).select_related("season", "race__circuit", "created_by")


class DriverExperienceInline(ReadOnlyExperienceInline):
    fk_name = "driver"
    verbose_name_plural = _("experience ledger")


class TeamExperienceInline(ReadOnlyExperienceInline):
    fk_name = "team"
    verbose_name_plural = _("experience ledger")


@admin.register(Driver)
class DriverAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "country", "user")
    list_filter = ("country",)
    search_fields = ("name", "slug", "user__username")
    prepopulated_fields = {"slug": ("name",)}
    autocomplete_fields = ("user",)
    list_select_related = ("user",)
    inlines = [DriverExperienceInline]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "swatch")
    search_fields = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}
    filter_horizontal = ("managers",)
    inlines = [TeamExperienceInline]

    @admin.display(description=_("colour"), ordering="colour")
    def swatch(self, obj: Team) -> str:
        return format_html(
            '<span style="display:inline-block;width:1em;height:1em;background:{};'
            'border:1px solid #0003;vertical-align:middle"></span> {}',
            obj.colour,
            obj.colour,
        )


@admin.register(SeasonEntry)
class SeasonEntryAdmin(admin.ModelAdmin):
    list_display = ("season", "car_number", "driver", "team")
    list_filter = ("season", "team")
    search_fields = ("driver__name", "team__name", "season__name", "=car_number")
    autocomplete_fields = ("driver", "team")
    list_select_related = ("season", "driver", "team")


class ExperienceEntryForm(forms.ModelForm):
    """A row typed by a steward: refused, with the service's message, if it would overdraw a balance."""

    class Meta:
        model = ExperienceEntry
        fields = ("season", "race", "driver", "team", "reason", "amount", "note")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        amount, driver, team = cleaned.get("amount"), cleaned.get("driver"), cleaned.get("team")
        if amount is None or (driver is None) == (team is None):
            return cleaned  # the field errors and the model's driver-xor-team check say what is wrong
        row = LedgerRow(reason=cleaned.get("reason", ""), amount=amount, driver=driver, team=team)
        # self.instance is still the row as stored (None's pk when new): the form fills it after clean()
        try:
            experience_change_check(before=self.instance, after=row)
        except ValidationError as exc:
            self.add_error("amount", exc)
        return cleaned


@admin.register(ExperienceEntry)
class ExperienceEntryAdmin(admin.ModelAdmin):
    form = ExperienceEntryForm
    list_display = ("created_at", "season", "race", "driver", "team", "reason", "amount", "created_by")
    list_filter = ("season", "reason")
    search_fields = ("driver__name", "team__name", "note")
    autocomplete_fields = ("driver", "team")
    raw_id_fields = ("race",)
    readonly_fields = ("sheet", "created_by", "created_at")  # a sheet's rows are its verdict's
    list_select_related = ("season", "race__season", "race__circuit", "driver", "team", "created_by")
    date_hierarchy = "created_at"

    def save_model(self, request: HttpRequest, obj: ExperienceEntry, form: Any, change: bool) -> None:
        # The ledger records who wrote each row; the stewards' adjustments included.
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)
