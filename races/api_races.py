"""The API of races and race entries: public reads, admin writes through the races' services."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_serializer, extend_schema_view
from rest_framework import serializers
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from circuits.models import Circuit
from core.api_support import SMALL, NamedSerializer, ReadWriteViewSet
from league.models import Season, SeasonEntry
from races.filters import RaceEntryFilter, RaceFilter
from races.models import WEAR_PARTS, Race, RaceEntry
from races.selectors import race_entry_list, race_list
from races.services import MANUAL_STATUSES, race_create, race_entry_create, race_entry_update, race_update


@extend_schema_view(
    list=extend_schema(summary="Race entries: the cars of each race"),
    retrieve=extend_schema(summary="A race entry"),
)
class RaceEntryApi(ReadWriteViewSet):
    """/api/race-entries/: a season entry's car in one race, its grid slot, tyres and wear."""

    queryset = race_entry_list()
    filterset_class = RaceEntryFilter

    @extend_schema_serializer(component_name="RaceEntry")
    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        race = serializers.IntegerField(source="race_id")
        season_entry = serializers.IntegerField(source="season_entry_id")
        car_number = serializers.IntegerField(
            source="season_entry.car_number", help_text="The car id of logs."
        )
        driver = NamedSerializer(source="season_entry.driver")
        team = NamedSerializer(source="season_entry.team")
        grid_slot = serializers.IntegerField(
            allow_null=True, help_text="1 is pole; null until the grid is set."
        )
        tyres = serializers.ChoiceField(choices=RaceEntry.Tyres.choices)
        wear = serializers.DictField(
            child=serializers.IntegerField(), help_text=f"Wear points per part: {', '.join(WEAR_PARTS)}."
        )

    @extend_schema_serializer(component_name="RaceEntryInput")
    class InputSerializer(serializers.Serializer):
        race = serializers.PrimaryKeyRelatedField(queryset=Race.objects.all())
        season_entry = serializers.PrimaryKeyRelatedField(queryset=SeasonEntry.objects.all())
        grid_slot = serializers.IntegerField(min_value=1, max_value=SMALL, allow_null=True, required=False)
        tyres = serializers.ChoiceField(choices=RaceEntry.Tyres.choices, required=False)
        wear = serializers.DictField(
            child=serializers.IntegerField(min_value=1, max_value=SMALL),
            required=False,
            help_text=f"Wear points per part: {', '.join(WEAR_PARTS)}.",
        )

    @extend_schema_serializer(component_name="RaceEntryChange")
    class UpdateSerializer(serializers.Serializer):
        grid_slot = serializers.IntegerField(min_value=1, max_value=SMALL, allow_null=True)
        tyres = serializers.ChoiceField(choices=RaceEntry.Tyres.choices)
        wear = serializers.DictField(child=serializers.IntegerField(min_value=1, max_value=SMALL))

    @extend_schema(
        summary="Enter a car in a race (admins)", request=InputSerializer, responses=OutputSerializer
    )
    def create(self, request: Request, **_suffix: Any) -> Response:
        return self.created(race_entry_create(**self.validated(self.InputSerializer)))

    @extend_schema(
        summary="Change a car's grid slot, tyres or wear (admins)",
        request=UpdateSerializer,
        responses=OutputSerializer,
    )
    def partial_update(self, request: Request, pk: str, **_suffix: Any) -> Response:
        entry = self.get_object()
        data = self.validated(self.UpdateSerializer, partial=True)
        return Response(self.get_serializer(race_entry_update(entry=entry, data=data)).data)


@extend_schema_view(
    list=extend_schema(summary="Races, latest season first, by round"),
    retrieve=extend_schema(summary="A race"),
)
class RaceApi(ReadWriteViewSet):
    """/api/races/: the rounds of every season, on their circuits."""

    queryset = race_list()
    filterset_class = RaceFilter

    @extend_schema_serializer(component_name="Race")
    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        season = NamedSerializer()
        round = serializers.IntegerField()
        circuit = NamedSerializer()
        scheduled_at = serializers.DateTimeField()
        laps = serializers.IntegerField(allow_null=True, help_text="null: the season's number of laps.")
        race_laps = serializers.IntegerField(help_text="The laps raced.")
        status = serializers.ChoiceField(choices=Race.Status.choices)
        has_results = serializers.BooleanField(help_text="Its results count (validated or official).")
        mode = serializers.ChoiceField(
            choices=Race.Mode.choices,
            help_text='"" (the season\'s), "table" or "remote" (docs/remote-races.md).',
        )
        is_remote = serializers.BooleanField(help_text="Played remotely (its own mode, else the season's).")

    @extend_schema_serializer(component_name="RaceInput")
    class InputSerializer(serializers.Serializer):
        season = serializers.PrimaryKeyRelatedField(queryset=Season.objects.all())
        round = serializers.IntegerField(min_value=1, max_value=SMALL)
        circuit = serializers.PrimaryKeyRelatedField(queryset=Circuit.objects.all())
        scheduled_at = serializers.DateTimeField()
        laps = serializers.IntegerField(
            min_value=1, max_value=SMALL, allow_null=True, required=False, help_text="null: the season's."
        )
        status = serializers.ChoiceField(
            choices=[(s, Race.Status(s).label) for s in MANUAL_STATUSES],
            required=False,
            help_text="scheduled, qualifying or run: the later statuses come from the sheets and the stewards.",
        )
        mode = serializers.ChoiceField(
            choices=Race.Mode.choices, required=False, help_text='"" (the season\'s), "table" or "remote".'
        )

    @extend_schema_serializer(component_name="RaceChange")
    class UpdateSerializer(serializers.Serializer):
        round = serializers.IntegerField(min_value=1, max_value=SMALL)
        circuit = serializers.PrimaryKeyRelatedField(queryset=Circuit.objects.all())
        scheduled_at = serializers.DateTimeField()
        laps = serializers.IntegerField(min_value=1, max_value=SMALL, allow_null=True)
        status = serializers.ChoiceField(
            choices=Race.Status.choices,
            help_text="Checked by the same service as the admin: scheduled, qualifying or run, before any result.",
        )
        mode = serializers.ChoiceField(
            choices=Race.Mode.choices, required=False, help_text='"" (the season\'s), "table" or "remote".'
        )

    @extend_schema(summary="Create a race (admins)", request=InputSerializer, responses=OutputSerializer)
    def create(self, request: Request, **_suffix: Any) -> Response:
        return self.created(race_create(**self.validated(self.InputSerializer)))

    @extend_schema(summary="Change a race (admins)", request=UpdateSerializer, responses=OutputSerializer)
    def partial_update(self, request: Request, pk: str, **_suffix: Any) -> Response:
        race = self.get_object()
        data = self.validated(self.UpdateSerializer, partial=True)
        return Response(self.get_serializer(race_update(race=race, data=data, by=request.user)).data)

    @extend_schema(
        summary="The cars of a race, in grid order",
        responses=RaceEntryApi.OutputSerializer(many=True),
        filters=False,
    )
    @action(detail=True, methods=["get"], pagination_class=None)
    def entries(self, request: Request, pk: str) -> Response:
        race = self.get_object()
        rows = race_entry_list().filter(race=race)
        return Response(RaceEntryApi.OutputSerializer(rows, many=True).data)
