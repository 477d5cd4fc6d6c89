"""The API of seasons and season entries: public reads, admin writes through the league's services."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_serializer, extend_schema_view
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from core.api_support import SMALL, NamedSerializer, ReadWriteViewSet
from league.api_options import NamedOptionsField, OptionField, OptionsField
from league.filters import SeasonEntryFilter, SeasonFilter
from league.models import Driver, Season, Team
from league.selectors import season_entry_list
from league.services import season_create, season_entry_create, season_entry_update, season_update

HOURS = 2147483647  # PositiveIntegerField's ceiling


@extend_schema_view(
    list=extend_schema(summary="Seasons, latest first"),
    retrieve=extend_schema(summary="A season"),
)
class SeasonApi(ReadWriteViewSet):
    """/api/seasons/: the league's seasons and their rules (points table, best-N, options)."""

    queryset = Season.objects.all()
    filterset_class = SeasonFilter

    @extend_schema_serializer(component_name="Season")
    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        slug = serializers.SlugField()
        name = serializers.CharField()
        year = serializers.IntegerField()
        status = serializers.ChoiceField(choices=Season.Status.choices)
        points_table = serializers.ListField(
            child=serializers.IntegerField(), help_text="Points for 1st, 2nd, … finisher."
        )
        best_results = serializers.IntegerField(
            allow_null=True, help_text="Only the best N results count; null: every race counts."
        )
        laps_per_race = serializers.IntegerField()
        options = serializers.ListField(child=OptionField(), help_text="Advanced rule options in force.")
        options_named = NamedOptionsField(
            help_text="The options in force, with their name and what they change."
        )
        max_cars_per_team = serializers.IntegerField()
        protest_window_hours = serializers.IntegerField()
        remote_races = serializers.BooleanField(
            help_text="Its races are remote unless a race says otherwise."
        )
        move_hours = serializers.IntegerField(
            help_text="Remote races: hours per move, in each driver's hours."
        )
        vacation_days = serializers.IntegerField(help_text="Remote races: vacation days per driver.")

    @extend_schema_serializer(component_name="SeasonInput")
    class InputSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=80)
        slug = serializers.SlugField(max_length=50)
        year = serializers.IntegerField(min_value=0, max_value=SMALL)
        status = serializers.ChoiceField(choices=Season.Status.choices, required=False)
        points_table = serializers.ListField(
            child=serializers.IntegerField(min_value=0, max_value=SMALL),
            required=False,
            help_text="Points for 1st, 2nd, … finisher; default [10, 8, 6, 5, 4, 3, 2, 1].",
        )
        best_results = serializers.IntegerField(min_value=1, max_value=SMALL, allow_null=True, required=False)
        laps_per_race = serializers.IntegerField(min_value=1, max_value=SMALL, required=False)
        options = OptionsField(
            required=False,
            help_text='Advanced options switched on, by id or name ("A11" or "structure points"); default ["A7"].',
        )
        max_cars_per_team = serializers.IntegerField(min_value=1, max_value=SMALL, required=False)
        protest_window_hours = serializers.IntegerField(min_value=0, max_value=HOURS, required=False)
        remote_races = serializers.BooleanField(required=False)
        move_hours = serializers.IntegerField(min_value=1, max_value=HOURS, required=False)
        vacation_days = serializers.IntegerField(min_value=0, max_value=366, required=False)

    @extend_schema(
        summary="Create a season (admins)",
        request=InputSerializer,
        responses=OutputSerializer,
    )
    def create(self, request: Request, **_suffix: Any) -> Response:
        return self.created(season_create(**self.validated(self.InputSerializer)))

    @extend_schema(
        summary="Change a season (admins)",
        request=InputSerializer,
        responses=OutputSerializer,
    )
    def partial_update(self, request: Request, pk: str, **_suffix: Any) -> Response:
        season = self.get_object()
        data = self.validated(self.InputSerializer, partial=True)
        return Response(self.get_serializer(season_update(season=season, data=data, by=request.user)).data)


@extend_schema_view(
    list=extend_schema(summary="Season entries: who drives which car"),
    retrieve=extend_schema(summary="A season entry"),
)
class SeasonEntryApi(ReadWriteViewSet):
    """/api/season-entries/: a driver in a team's car for a season; the car number is the car id of logs."""

    queryset = season_entry_list()
    filterset_class = SeasonEntryFilter

    @extend_schema_serializer(component_name="SeasonEntry")
    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        season = serializers.IntegerField(source="season_id")
        car_number = serializers.IntegerField(help_text="The car id in race logs.")
        driver = NamedSerializer()
        team = NamedSerializer()

    @extend_schema_serializer(component_name="SeasonEntryInput")
    class InputSerializer(serializers.Serializer):
        season = serializers.PrimaryKeyRelatedField(queryset=Season.objects.all())
        driver = serializers.PrimaryKeyRelatedField(queryset=Driver.objects.all())
        team = serializers.PrimaryKeyRelatedField(queryset=Team.objects.all())
        car_number = serializers.IntegerField(min_value=1, max_value=SMALL)

    @extend_schema_serializer(component_name="SeasonEntryChange")
    class UpdateSerializer(serializers.Serializer):
        team = serializers.PrimaryKeyRelatedField(queryset=Team.objects.all())
        car_number = serializers.IntegerField(min_value=1, max_value=SMALL)

    @extend_schema(
        summary="Enter a driver in a season (admins)",
        request=InputSerializer,
        responses=OutputSerializer,
    )
    def create(self, request: Request, **_suffix: Any) -> Response:
        return self.created(season_entry_create(**self.validated(self.InputSerializer)))

    @extend_schema(
        summary="Change an entry's team or car number (admins)",
        request=UpdateSerializer,
        responses=OutputSerializer,
    )
    def partial_update(self, request: Request, pk: str, **_suffix: Any) -> Response:
        entry = self.get_object()
        data = self.validated(self.UpdateSerializer, partial=True)
        return Response(self.get_serializer(season_entry_update(entry=entry, data=data)).data)
