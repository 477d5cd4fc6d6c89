"""The wear build a driver enters for his car before the race."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from races.models import RaceEntry
from races.wear import may_build, race_entry_wear_set
from rules.state import PARTS

PART_LABELS = {
    "tyres": gettext_lazy("Tyres"),
    "brakes": gettext_lazy("Brakes"),
    "gearbox": gettext_lazy("Gearbox"),
    "body": gettext_lazy("Body"),
    "engine": gettext_lazy("Engine"),
    "handling": gettext_lazy("Handling"),
}


class WearBuildForm(forms.Form):
    """Six numbers, one per part; the engine says whether they make a legal build."""

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, **kwargs)
        for part in PARTS:
            self.fields[part] = forms.IntegerField(label=PART_LABELS[part], min_value=0, max_value=30)


def wear_form_for(entry: RaceEntry, data: dict | None = None) -> WearBuildForm:
    return WearBuildForm(data, initial=entry.wear or None, prefix=f"wear-{entry.pk}")


@login_required
def wear_build(request: HttpRequest, pk: int) -> HttpResponse:
    entry = get_object_or_404(
        RaceEntry.objects.select_related(
            "race__season", "race__circuit", "season_entry__driver", "season_entry__team"
        ),
        pk=pk,
    )
    if not may_build(race_entry=entry, user=request.user):
        raise PermissionDenied
    form = wear_form_for(entry, request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            race_entry_wear_set(race_entry=entry, wear=form.cleaned_data, by=request.user)
        except ValidationError as exc:
            for message in exc.messages:
                form.add_error(None, message)
        else:
            messages.success(request, _("Your wear build for %(race)s is saved.") % {"race": entry.race})
            back = request.POST.get("next", "")
            if url_has_allowed_host_and_scheme(back, {request.get_host()}):
                return redirect(back)
            return redirect(entry.race.get_absolute_url())
    return render(request, "races/wear_build.html", {"entry": entry, "form": form})
