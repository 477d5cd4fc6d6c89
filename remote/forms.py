"""The forms of a driver's remote-race page: his hours and channels, and a vacation to add. They
only read the input; the rules are the services' (`remote.prefs`, `remote.vacations`)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any
from zoneinfo import available_timezones

from django import forms
from django.utils.dates import WEEKDAYS
from django.utils.translation import gettext_lazy as _

from league.models import Season
from remote.models import RemotePrefs
from remote.prefs import quiet_hours_errors

TIME = forms.TimeInput(attrs={"type": "time"}, format="%H:%M")
DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


@lru_cache(maxsize=1)
def zone_choices() -> list[tuple[str, str]]:
    # Read once: `available_timezones()` walks the tz database on disk at each call.
    return [(name, name.replace("_", " ")) for name in sorted(available_timezones())]


class RemotePrefsForm(forms.Form):
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        error_messages={"invalid_choice": _("%(value)s is not a time zone we know.")},
    )
    play_days = forms.TypedMultipleChoiceField(
        label=_("Days my clock runs"),
        coerce=int,
        choices=sorted(WEEKDAYS.items()),  # Django's own day names, in his language
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": _("Choose at least one day.")},
    )
    play_from = forms.TimeField(label=_("From"), widget=TIME)
    play_until = forms.TimeField(
        label=_("Until"),
        widget=TIME,
        help_text=_("The same time as 'from': the whole day. Past midnight (20:00 to 02:00) is fine."),
    )
    quiet_from = forms.TimeField(label=_("Quiet from"), widget=TIME, required=False)
    quiet_until = forms.TimeField(
        label=_("Quiet until"),
        widget=TIME,
        required=False,
        help_text=_("No notice then; your clock still runs. Leave both empty for none."),
    )
    notify_email = forms.BooleanField(label=_("Tell me by e-mail"), required=False)
    notify_webhook = forms.BooleanField(
        label=_("Mention me on the league's chat channel"),
        required=False,
        help_text=_("Discord or Slack, when the league has a webhook."),
    )
    notify_push = forms.BooleanField(label=_("Tell me by a push notice on my devices"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = zone_choices()

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        # Said with the other errors at once, not after he fixed them (the service checks it too).
        if not {"quiet_from", "quiet_until"} & set(self.errors):
            for field, error in quiet_hours_errors(data.get("quiet_from"), data.get("quiet_until")).items():
                self.add_error(field, error)
        return data

    @classmethod
    def initial_for(cls, prefs: RemotePrefs, profile: Any) -> dict[str, Any]:
        return {
            "time_zone": prefs.time_zone,
            "play_days": list(prefs.play_days or ()),
            "play_from": prefs.play_from,
            "play_until": prefs.play_until,
            "quiet_from": prefs.quiet_from,
            "quiet_until": prefs.quiet_until,
            "notify_email": profile.notify_email,
            "notify_webhook": profile.notify_webhook,
            "notify_push": prefs.notify_push,
        }


class VacationForm(forms.Form):
    season = forms.ModelChoiceField(label=_("Season"), queryset=Season.objects.none(), empty_label=None)
    starts_on = forms.DateField(label=_("First day"), widget=DATE)
    ends_on = forms.DateField(label=_("Last day"), widget=DATE)

    def __init__(self, *args: Any, seasons: list[Season], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["season"].queryset = Season.objects.filter(pk__in=[s.pk for s in seasons]).order_by(
            "-year", "-pk"
        )
