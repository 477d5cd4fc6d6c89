"""The form a player (or a team manager) fills to ask for a car in a season."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from league.models import Driver, Season, Team


class EntryRequestForm(forms.Form):
    team = forms.ModelChoiceField(label=_("Team"), queryset=Team.objects.all())
    car_number = forms.IntegerField(label=_("Preferred car number"), min_value=1, max_value=99)
    driver = forms.ModelChoiceField(
        label=_("Driver"),
        queryset=Driver.objects.none(),
        required=False,
        help_text=_("As a team manager, the driver you enter; empty to enter yourself."),
    )

    def __init__(self, *args, season: Season, managed: list[Team], **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, **kwargs)
        taken = season.entries.values_list("driver_id", flat=True)
        if managed:
            self.fields["driver"].queryset = Driver.objects.exclude(pk__in=taken)
        else:
            del self.fields["driver"]
        free = sorted(set(range(1, 100)) - set(season.entries.values_list("car_number", flat=True)))
        self.fields["car_number"].help_text = _("Free numbers: %(numbers)s") % {
            "numbers": ", ".join(map(str, free[:12])) + ("…" if len(free) > 12 else "")
        }
