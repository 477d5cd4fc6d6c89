"""Query-string filters of the league's API lists (django-filter)."""

from __future__ import annotations

from django import forms
from django_filters import rest_framework as filters

from league.models import Driver, ExperienceEntry, Season, SeasonEntry, Team


class IntegerFilter(filters.NumberFilter):
    """A whole number (django-filter's NumberFilter takes decimals)."""

    field_class = forms.IntegerField


def _by_entries(model: type[Season] | type[Team], help_text: str) -> filters.ModelChoiceFilter:
    """Rows with a season entry of this season or team (id), through the entries, each row once."""
    return filters.ModelChoiceFilter(
        field_name=f"entries__{model._meta.model_name}",
        queryset=model.objects.all(),
        distinct=True,
        help_text=help_text,
    )


class SeasonFilter(filters.FilterSet):
    year = IntegerFilter(help_text="Seasons of this year.")
    status = filters.ChoiceFilter(choices=Season.Status.choices)
    slug = filters.CharFilter(help_text="The season with this slug.")

    class Meta:
        model = Season
        fields = ["year", "status", "slug"]


class DriverFilter(filters.FilterSet):
    slug = filters.CharFilter(help_text="The driver with this slug.")
    country = filters.CharFilter(help_text="ISO 3166 code, e.g. FR.")
    season = _by_entries(Season, "Drivers entered in this season (id).")
    team = _by_entries(Team, "Drivers who drove for this team (id), in any season.")

    class Meta:
        model = Driver
        fields = ["slug", "country", "season", "team"]


class TeamFilter(filters.FilterSet):
    slug = filters.CharFilter(help_text="The team with this slug.")
    season = _by_entries(Season, "Teams with a car in this season (id).")

    class Meta:
        model = Team
        fields = ["slug", "season"]


class SeasonEntryFilter(filters.FilterSet):
    season = filters.ModelChoiceFilter(queryset=Season.objects.all(), help_text="Season id.")
    driver = filters.ModelChoiceFilter(queryset=Driver.objects.all(), help_text="Driver id.")
    team = filters.ModelChoiceFilter(queryset=Team.objects.all(), help_text="Team id.")
    car_number = IntegerFilter()

    class Meta:
        model = SeasonEntry
        fields = ["season", "driver", "team", "car_number"]


class ExperienceEntryFilter(filters.FilterSet):
    season = filters.ModelChoiceFilter(queryset=Season.objects.all(), help_text="Season id.")
    race = IntegerFilter(field_name="race_id", help_text="Race id: what this race earned or cost.")
    driver = filters.ModelChoiceFilter(queryset=Driver.objects.all(), help_text="A driver's rows (id).")
    team = filters.ModelChoiceFilter(queryset=Team.objects.all(), help_text="A team's rows (id).")
    reason = filters.ChoiceFilter(choices=ExperienceEntry.Reason.choices)

    class Meta:
        model = ExperienceEntry
        fields = ["season", "race", "driver", "team", "reason"]
