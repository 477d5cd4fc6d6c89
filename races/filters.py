"""Query-string filters of the races' API lists (django-filter)."""

from __future__ import annotations

from django_filters import rest_framework as filters

from circuits.models import Circuit
from league.filters import IntegerFilter
from league.models import Driver, Season, SeasonEntry, Team
from races.models import Race, RaceEntry, Result


class RaceFilter(filters.FilterSet):
    season = filters.ModelChoiceFilter(queryset=Season.objects.all(), help_text="Season id.")
    circuit = filters.ModelChoiceFilter(queryset=Circuit.objects.all(), help_text="Circuit id.")
    status = filters.ChoiceFilter(choices=Race.Status.choices)
    round = IntegerFilter()
    # Compared as the race's day in the league's time zone, in the database: a day far in the past
    # or future cannot overflow on its way to a datetime.
    date_after = filters.DateFilter(
        field_name="scheduled_at",
        lookup_expr="date__gte",
        help_text="Races on or after this day (YYYY-MM-DD).",
    )
    date_before = filters.DateFilter(
        field_name="scheduled_at",
        lookup_expr="date__lte",
        help_text="Races on or before this day (YYYY-MM-DD).",
    )

    class Meta:
        model = Race
        fields = ["season", "circuit", "status", "round", "date_after", "date_before"]


class RaceEntryFilter(filters.FilterSet):
    race = filters.ModelChoiceFilter(queryset=Race.objects.all(), help_text="Race id.")
    season = filters.ModelChoiceFilter(
        field_name="race__season", queryset=Season.objects.all(), help_text="Season id."
    )
    season_entry = filters.ModelChoiceFilter(queryset=SeasonEntry.objects.all(), help_text="Season entry id.")
    driver = filters.ModelChoiceFilter(
        field_name="season_entry__driver", queryset=Driver.objects.all(), help_text="Driver id."
    )
    team = filters.ModelChoiceFilter(
        field_name="season_entry__team", queryset=Team.objects.all(), help_text="Team id."
    )

    class Meta:
        model = RaceEntry
        fields = ["race", "season", "season_entry", "driver", "team"]


class ResultFilter(filters.FilterSet):
    race = filters.ModelChoiceFilter(queryset=Race.objects.all(), help_text="Race id.")
    season = filters.ModelChoiceFilter(
        field_name="race__season", queryset=Season.objects.all(), help_text="Season id."
    )
    driver = filters.ModelChoiceFilter(
        field_name="race_entry__season_entry__driver", queryset=Driver.objects.all(), help_text="Driver id."
    )
    team = filters.ModelChoiceFilter(
        field_name="race_entry__season_entry__team", queryset=Team.objects.all(), help_text="Team id."
    )
    status = filters.ChoiceFilter(choices=Result.Status.choices)

    class Meta:
        model = Result
        fields = ["race", "season", "driver", "team", "status"]
