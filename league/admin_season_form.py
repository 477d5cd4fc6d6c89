"""The season's rules in the admin: the options as named checkboxes, the points table as a row of numbers."""

from __future__ import annotations

from django import forms
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from league.models import Season
from league.rules_display import option_name, option_specs, option_summary

POINT_SLOTS = 12  # places that may score; empty boxes at the end are dropped


def option_choices() -> list[tuple[str, str]]:
    return [
        (
            s.id,
            format_html(
                "<strong>{} — {}</strong> <span class='help'>{}</span>",
                s.id,
                option_name(s),
                option_summary(s),
            ),
        )
        for s in option_specs()
    ]


class PointsWidget(forms.MultiWidget):
    def __init__(self) -> None:
        super().__init__(
            [
                forms.NumberInput(attrs={"min": 0, "style": "width:4em", "aria-label": str(n)})
                for n in range(1, POINT_SLOTS + 1)
            ]
        )

    def decompress(self, value: list[int] | None) -> list[int | None]:
        value = list(value or [])
        return (value + [None] * POINT_SLOTS)[:POINT_SLOTS]


class PointsField(forms.MultiValueField):
    widget = PointsWidget

    def __init__(self, **kwargs) -> None:  # noqa: ANN003
        fields = [forms.IntegerField(min_value=0, required=False) for _ in range(POINT_SLOTS)]
        kwargs.pop("encoder", None)
        kwargs.pop("decoder", None)
        super().__init__(fields=fields, require_all_fields=False, **kwargs)

    def compress(self, data_list: list[int | None]) -> list[int]:
        points = list(data_list or [])
        while points and points[-1] is None:
            points.pop()
        if any(p is None for p in points):
            raise forms.ValidationError(_("Fill the places in order: no empty box before a number."))
        return points


class SeasonAdminForm(forms.ModelForm):
    options = forms.MultipleChoiceField(
        label=_("rule options in force"),
        choices=option_choices,
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    points_table = PointsField(label=_("points table"), help_text=_("Points for 1st, 2nd, 3rd … finisher."))

    class Meta:
        model = Season
        # The admin's fieldsets choose what is shown; these are the two fields this form redraws.
        fields = ["options", "points_table"]

    def clean_options(self) -> list[str]:
        chosen = set(self.cleaned_data.get("options") or [])
        return [s.id for s in option_specs() if s.id in chosen]  # the engine's order
