"""The circuits' admin: a board typed or pasted as its document, checked by the rules engine."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from circuits.models import BoardDraft, Circuit


class PrettyJSONField(forms.JSONField):
    """A JSON field shown indented, so a circuit is editable by hand."""

    def prepare_value(self, value: Any) -> str:
        if isinstance(value, str):  # bound data coming back with an error: show it as typed
            return value
        return json.dumps(value, ensure_ascii=False, indent=2)


class CircuitForm(forms.ModelForm):
    document = PrettyJSONField(
        label=_("circuit document"),
        widget=forms.Textarea(attrs={"rows": 30, "cols": 100, "style": "font-family: monospace"}),
        help_text=_(
            "formule-de/circuit@1 or @2 JSON. The id and the name are taken from it when left empty; "
            "errors name the field at fault, e.g. grid[2]."
        ),
    )

    class Meta:
        model = Circuit
        fields = ("document", "slug", "name", "country")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["slug"].required = False
        self.fields["name"].required = False

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        document = cleaned.get("document")
        # The document is the source of truth: its id is the circuit id used in race logs.
        if isinstance(document, dict):
            if not cleaned.get("slug") and isinstance(document.get("id"), str):
                cleaned["slug"] = document["id"]
            if not cleaned.get("name") and isinstance(document.get("name"), str):
                cleaned["name"] = document["name"]
        return cleaned


@admin.register(Circuit)
class CircuitAdmin(admin.ModelAdmin):
    form = CircuitForm
    readonly_fields = ("version", "previous")
    list_display = ("name", "slug", "version", "country", "corners", "race_count")
    list_filter = ("country",)
    search_fields = ("name", "slug")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Circuit]:
        return super().get_queryset(request).annotate(race_count=Count("races"))

    @admin.display(description=_("corners"))
    def corners(self, obj: Circuit) -> int:
        if not isinstance(obj.document, dict):
            return 0
        if isinstance(obj.document.get("corners"), list):  # @2: the board lists its corners
            return len(obj.document["corners"])
        segments = obj.document.get("segments", [])
        return sum(1 for s in segments if isinstance(s, dict) and "corner" in s)

    @admin.display(description=_("races"), ordering="race_count")
    def race_count(self, obj: Circuit) -> int:
        return obj.race_count


@admin.register(BoardDraft)
class BoardDraftAdmin(admin.ModelAdmin):
    """Drafts are traced in the board editor (its page is "View on site"); here they are listed."""

    list_display = ("name", "slug", "circuit", "drive", "published", "updated_at")
    list_filter = ("drive",)
    search_fields = ("name", "slug")
    readonly_fields = ("document", "problems", "drive", "drive_report", "drive_digest", "published")
    fields = ("name", "slug", "circuit", "image", "trace", *readonly_fields)
