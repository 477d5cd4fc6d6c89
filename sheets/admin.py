"""Admin of race sheets and what hangs on them: choose a version, validate again, decide protests.

Every action goes through a service; the admin only shows and asks.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from core.admin_support import HistoryAdmin, ReadOnly, WrittenByServices
from core.messages import refusal_text
from races.admin import RaceAdmin
from races.models import Penalty, Race
from sheets.judging import race_sheet_choose
from sheets.models import (
    Protest,
    ProtestPhoto,
    RaceEvent,
    RaceSheet,
    SheetConfirmation,
    SheetPhoto,
    SubmissionAttempt,
)
from sheets.publishing import PUBLISH, race_publish
from sheets.services import race_sheet_enqueue


def _say(modeladmin: admin.ModelAdmin, request: HttpRequest, exc: Exception) -> None:
    modeladmin.message_user(request, refusal_text(exc), messages.WARNING)


class SheetPhotoInline(admin.TabularInline):
    model = SheetPhoto
    extra = 0
    can_delete = False
    fields = ("preview", "width", "height")
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description=_("photo"))
    def preview(self, obj: SheetPhoto) -> str:
        if not obj.thumbnail:
            return _("being prepared (re-encoded on a worker)")
        return format_html(
            '<a href="{}"><img src="{}" alt="" style="max-height:120px"></a>',
            obj.image.url,
            obj.thumbnail.url,
        )


@admin.register(SheetPhoto)
class SheetPhotoAdmin(admin.ModelAdmin):
    list_display = ("sheet", "width", "height", "thumb")
    list_select_related = ("sheet__race__season", "sheet__race__circuit")
    raw_id_fields = ("sheet",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # photos arrive with their sheet, checked and re-encoded

    @admin.display(description=_("thumbnail"))
    def thumb(self, obj: SheetPhoto) -> str:
        if not obj.thumbnail:
            return "—"
        return format_html('<img src="{}" alt="" style="max-height:60px">', obj.thumbnail.url)


@admin.register(RaceSheet)
class RaceSheetAdmin(HistoryAdmin):
    list_display = ("__str__", "status", "chosen", "submitted_by", "submitted_at", "attempts")
    list_filter = ("status", "kind", "chosen", "race__season")
    search_fields = ("race__circuit__name", "submitted_by__username")
    list_select_related = ("race__season", "race__circuit", "submitted_by")
    date_hierarchy = "submitted_at"
    actions = ["choose_version", "validate_again"]
    inlines = [SheetPhotoInline]
    fields = (
        "race",
        "kind",
        "version",
        "status",
        "chosen",
        "submitted_by",
        "submitted_at",
        "validated_at",
        "attempts",
        "error",
        "pretty_verdict",
        "raw_log",
    )
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest) -> QuerySet[RaceSheet]:
        return super().get_queryset(request).defer("raw", "log", "verdict")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # sheets come in through the site or the API, where they are checked

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # read-only: a sheet changes through the actions

    @admin.display(description=_("verdict"))
    def pretty_verdict(self, obj: RaceSheet) -> str:
        return format_html("<pre>{}</pre>", json.dumps(obj.verdict, ensure_ascii=False, indent=2))

    @admin.display(description=_("log as received"))
    def raw_log(self, obj: RaceSheet) -> str:
        return format_html('<pre style="max-height:30em;overflow:auto">{}</pre>', obj.raw_text)

    def has_choose_permission(self, request: HttpRequest) -> bool:
        """The actions of the stewards: the change permission, though the form itself is read-only."""
        return request.user.has_perm("races.change_racesheet")

    @admin.action(description=_("Choose this version (results come from it)"), permissions=["choose"])
    def choose_version(self, request: HttpRequest, queryset: QuerySet[RaceSheet]) -> None:
        if queryset.count() != 1:
            self.message_user(request, _("Choose exactly one version."), messages.WARNING)
            return
        sheet = queryset.get()
        try:
            race_sheet_choose(sheet=sheet, by=request.user)
        except (ValidationError, PermissionDenied) as exc:
            _say(self, request, exc)
        else:
            self.message_user(request, _("%(sheet)s now stands.") % {"sheet": sheet}, messages.SUCCESS)

    @admin.action(description=_("Queue the validation again (pending or error only)"), permissions=["choose"])
    def validate_again(self, request: HttpRequest, queryset: QuerySet[RaceSheet]) -> None:
        queued = 0
        # Ids only: the changelist's queryset follows the race (select_related), which .only("pk")
        # would defer at the same time (Django's FieldError, a 500).
        for sheet_id in queryset.exclude(status__in=RaceSheet.DONE).values_list("pk", flat=True):
            # One stuck `validating` is released first: the task that claimed it is gone.
            RaceSheet.objects.filter(pk=sheet_id, status=RaceSheet.Status.VALIDATING).update(
                status=RaceSheet.Status.PENDING, claim=""
            )
            queued += race_sheet_enqueue(sheet_id=sheet_id)
        self.message_user(request, _("%(n)d sheet(s) queued.") % {"n": queued}, messages.SUCCESS)


@admin.register(SubmissionAttempt)
class SubmissionAttemptAdmin(WrittenByServices, admin.ModelAdmin):
    list_display = ("at", "race", "user", "kind", "outcome", "size", "message")
    list_filter = ("outcome", "kind", "race__season")
    search_fields = ("user__username", "message")
    list_select_related = ("race__season", "race__circuit", "user")
    date_hierarchy = "at"


@admin.register(SheetConfirmation)
class SheetConfirmationAdmin(WrittenByServices, admin.ModelAdmin):
    """An entrant's stance is theirs to take on the sheet's page (one confirmation or one protest)."""

    list_display = ("sheet", "user", "confirmed_at")
    list_select_related = ("sheet__race__season", "sheet__race__circuit", "user")


class ProtestPhotoInline(SheetPhotoInline):
    model = ProtestPhoto


@admin.register(Protest)
class ProtestAdmin(WrittenByServices, HistoryAdmin):
    """Protests are filed on the site and decided on the stewards' decision page; here they are read."""

    list_display = ("sheet", "filed_by", "against", "turn", "filed_at", "status", "decided_by")
    list_filter = ("status", "sheet__race__season")
    list_select_related = ("sheet__race__season", "sheet__race__circuit", "filed_by", "decided_by")
    # The complainant's words, date and author are theirs: never editable (the model refuses too).
    readonly_fields = (
        "sheet",
        "against",
        "filed_by",
        "filed_at",
        "turn",
        "reason",
        "status",
        "decided_by",
        "decided_at",
        "decision",
        "decision_page",
    )
    inlines = [ProtestPhotoInline]
    actions = ["decide"]

    @admin.display(description=_("decision page"))
    def decision_page(self, obj: Protest) -> str:
        url = reverse("sheets:protest-decide", kwargs={"pk": obj.pk})
        return format_html('<a href="{}">{}</a>', url, _("The evidence and the decision form"))

    def has_decide_permission(self, request: HttpRequest) -> bool:
        """Deciding is the stewards' (the form is read-only: the decision page decides)."""
        return request.user.has_perm("races.change_protest")

    @admin.action(description=_("Decide this protest"), permissions=["decide"])
    def decide(self, request: HttpRequest, queryset: QuerySet[Protest]) -> HttpResponse | None:
        if queryset.count() != 1:
            self.message_user(request, _("Decide one protest at a time."), messages.WARNING)
            return None
        return HttpResponseRedirect(reverse("sheets:protest-decide", kwargs={"pk": queryset.get().pk}))


@admin.register(Penalty)
class PenaltyAdmin(ReadOnly, HistoryAdmin):
    """Penalties are imposed on the race's stewards' page, which recomputes the results."""

    list_display = (
        "race_entry",
        "kind",
        "points",
        "places",
        "grid_places",
        "rule",
        "reason",
        "decided_by",
        "decided_at",
    )
    list_filter = ("kind", "race_entry__race__season")
    list_select_related = ("race_entry__race__season", "race_entry__season_entry__driver", "decided_by")


@admin.register(RaceEvent)
class RaceEventAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("at", "race", "kind", "summary", "by", "why", "public")
    list_filter = ("kind", "public", "race__season")
    list_select_related = ("race__season", "race__circuit", "by")
    date_hierarchy = "at"


class StewardedRaceAdmin(RaceAdmin):
    """The race's admin with the stewards' last action: publishing (which this room owns)."""

    actions = ["publish_results", *RaceAdmin.actions]

    def has_publish_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm(PUBLISH)

    @admin.action(description=_("Publish results (validated → official)"), permissions=["publish"])
    def publish_results(self, request: HttpRequest, queryset: QuerySet[Race]) -> None:
        published = 0
        for race in queryset.select_related("season", "circuit").order_by("season", "round"):
            try:
                race_publish(race=race, by=request.user)
            except (ValidationError, PermissionDenied) as exc:
                _say(self, request, exc)
            else:
                published += 1
        if published:
            self.message_user(
                request,
                ngettext(
                    "Published the results of %(n)d race.", "Published the results of %(n)d races.", published
                )
                % {"n": published},
                messages.SUCCESS,
            )


admin.site.unregister(Race)
admin.site.register(Race, StewardedRaceAdmin)
