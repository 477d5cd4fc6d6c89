"""Query-string filters of the league's API lists (django-filter)."""

from __future__ import annotations

from django import forms
from django_filters import rest_framework as filters

from league.models import Driver, ExperienceEntry, Season, SeasonEntry, Team


class IntegerFilter(filters.NumberFilter):
    """A whole number (django-filter's NumberFilter takes decimals)."""

    field_class = forms.IntegerField


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
    season = filters.ModelChoiceFilter(
        field_name="entries__season",
        queryset=Season.objects.all(),
        distinct=True,
        help_text="Drivers entered in this season (id).",
    )
    team = filters.ModelChoiceFilter(
        field_name="entries__team",
        queryset=Team.objects.all(),
        distinct=True,
        help_text="Drivers who drove for this team (id), in any season.",
    )

    class Meta:
        model = Driver
        fields = ["slug", "country", "season", "team"]


class TeamFilter(filters.FilterSet):
    slug = filters.CharFilter(help_text="The team with this slug.")
    season = filters.ModelChoiceFilter(
        field_name="entries__season",
        queryset=Season.objects.all(),
        distinct=True,
        help_text="Teams with a car in this season (id).",
    )

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
