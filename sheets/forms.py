"""Forms of the race-sheet pages: submit a log (a file or pasted text, with photos), protest a sheet."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from core.validators import TEXT_MAX_CHARS
from races.models import Penalty, RaceEntry
from sheets.models import RaceSheet


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """Several files in one field (Django's documented recipe)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("widget", MultipleFileInput(attrs={"accept": "image/jpeg,image/png,image/webp"}))
        super().__init__(*args, **kwargs)

    def clean(self, data: Any, initial: Any = None) -> list[Any]:
        if isinstance(data, list | tuple):
            return [super(MultipleFileField, self).clean(item, initial) for item in data]
        return [super().clean(data, initial)] if data else []


class RaceSheetForm(forms.Form):
    kind = forms.ChoiceField(label=_("Sheet"), choices=RaceSheet.Kind.choices, initial=RaceSheet.Kind.RACE)
    log_file = forms.FileField(
        label=_("Log file"),
        required=False,
        help_text=_("A formule-de/race-log@1 (or qualifying@1) JSON file, 2 MB at most."),
        widget=forms.ClearableFileInput(attrs={"accept": "application/json,.json,text/plain"}),
    )
    log_text = forms.CharField(
        label=_("…or paste the log"),
        required=False,
        strip=False,  # the log is kept exactly as sent
        widget=forms.Textarea(attrs={"rows": 12, "cols": 80, "spellcheck": "false", "class": "mono"}),
    )
    photos = MultipleFileField(
        label=_("Photos of the paper sheet"),
        required=False,
        help_text=_("JPEG, PNG or WebP, 8 MB and 40 megapixels each at most. Optional."),
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        has_file = bool(cleaned.get("log_file"))
        has_text = bool((cleaned.get("log_text") or "").strip())
        photos_alone = not (has_file or has_text) and bool(cleaned.get("photos"))
        if photos_alone and cleaned.get("kind") == RaceSheet.Kind.RACE:
            return cleaned  # a paper sheet: the stewards transcribe it on the race-night page
        if has_file == has_text:
            raise forms.ValidationError(_("Upload a log file or paste the log, one of the two."), code="log")
        return cleaned

    def raw(self) -> bytes:
        upload = self.cleaned_data.get("log_file")
        if upload:
            return upload.read()
        return (self.cleaned_data.get("log_text") or "").encode("utf-8")


def _car_choices(field: forms.ModelChoiceField, race: Any) -> None:
    field.queryset = race.entries.select_related("season_entry__driver")
    field.label_from_instance = lambda entry: f"#{entry.season_entry.car_number} {entry.season_entry.driver}"


class ProtestForm(forms.Form):
    against = forms.ModelChoiceField(
        label=_("Car protested"),
        queryset=RaceEntry.objects.none(),
        required=False,
        empty_label=_("— the whole sheet —"),
    )
    turn = forms.IntegerField(
        label=_("Turn"),
        min_value=1,
        required=False,
        help_text=_("The turn it happened at: the stewards open the replay there."),
    )
    reason = forms.CharField(
        label=_("Reason"),
        max_length=TEXT_MAX_CHARS,
        widget=forms.Textarea(attrs={"rows": 4, "cols": 60}),
    )
    photos = MultipleFileField(
        label=_("Photos (evidence)"),
        required=False,
        help_text=_("JPEG, PNG or WebP, 8 MB and 40 megapixels each at most. Optional."),
    )

    def __init__(self, *args: Any, race: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _car_choices(self.fields["against"], race)


NO_PENALTY = [("", _("— no penalty —"))]


class DecisionForm(forms.Form):
    """The stewards' decision on a protest: nothing is chosen for them."""

    outcome = forms.ChoiceField(
        label=_("Decision"),
        choices=[("upheld", _("upheld")), ("dismissed", _("dismissed"))],
        widget=forms.RadioSelect,
    )
    decision = forms.CharField(
        label=_("Reasons"),
        widget=forms.Textarea(attrs={"rows": 4, "cols": 60}),
        help_text=_("Published with the decision."),
    )
    penalty_kind = forms.ChoiceField(
        label=_("Penalty"), choices=NO_PENALTY + list(Penalty.Kind.choices), required=False
    )
    penalty_amount = forms.IntegerField(label=_("Points, places or grid places"), min_value=0, required=False)
    rule = forms.CharField(label=_("Rule"), max_length=40, required=False, help_text=_("e.g. F3"))

    def service_kwargs(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "upheld": data["outcome"] == "upheld",
            "decision": data["decision"],
            "penalty_kind": data["penalty_kind"],
            "penalty_amount": data["penalty_amount"] or 0,
            "rule": data["rule"],
        }


class PenaltyForm(forms.Form):
    """A penalty without a protest."""

    race_entry = forms.ModelChoiceField(label=_("Car"), queryset=RaceEntry.objects.none())
    kind = forms.ChoiceField(label=_("Penalty"), choices=[("", "—"), *Penalty.Kind.choices])
    amount = forms.IntegerField(label=_("Points, places or grid places"), min_value=0, required=False)
    rule = forms.CharField(label=_("Rule"), max_length=40, required=False, help_text=_("e.g. F3"))
    reason = forms.CharField(label=_("Reason"), max_length=200, widget=forms.Textarea(attrs={"rows": 3}))

    def __init__(self, *args: Any, race: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _car_choices(self.fields["race_entry"], race)


class PublishForm(forms.Form):
    override_reason = forms.CharField(
        label=_("Override: publish before the protest window closes, because…"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Leave empty to publish normally, once the window has closed."),
    )


class ReopenForm(forms.Form):
    reason = forms.CharField(
        label=_("Why reopen the published results"), widget=forms.Textarea(attrs={"rows": 2})
    )
