"""The API of results: every counted result (validated or official races), read-only."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_serializer, extend_schema_view
from rest_framework import serializers

from core.api_support import NamedSerializer, ReadOnlyViewSet
from races.filters import ResultFilter
from races.models import Result
from races.selectors import result_list


@extend_schema_view(
    list=extend_schema(summary="Counted results, latest season first, by round and position"),
    retrieve=extend_schema(summary="A result"),
)
class ResultApi(ReadOnlyViewSet):
    """/api/results/: each car's place and points in the races whose results count.

    Results come from validated race sheets (or the stewards); a race still being judged has none here.
    """

    queryset = result_list()
    filterset_class = ResultFilter

    @extend_schema_serializer(component_name="Result")
    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        race = serializers.IntegerField(source="race_id")
        season = serializers.IntegerField(source="race.season_id")
        round = serializers.IntegerField(source="race.round")
        position = serializers.IntegerField()
        car_number = serializers.IntegerField(source="race_entry.season_entry.car_number")
        driver = NamedSerializer(source="race_entry.season_entry.driver")
        team = NamedSerializer(source="race_entry.season_entry.team")
        status = serializers.ChoiceField(choices=Result.Status.choices)
        cause = serializers.CharField(help_text="Why the car was eliminated; empty when it finished.")
        turn = serializers.IntegerField(allow_null=True, help_text="The turn it was eliminated on.")
        points = serializers.IntegerField(help_text="Points scored (the season's points table).")
        penalty_points = serializers.IntegerField()
        penalty_places = serializers.IntegerField()
        penalty_reason = serializers.CharField()
        net_points = serializers.IntegerField(help_text="points − penalty_points: what the standings count.")
