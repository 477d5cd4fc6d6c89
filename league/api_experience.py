"""The API of the experience ledger: its rows, and the balances they add up to."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_serializer, extend_schema_view
from rest_framework import serializers
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from core.api_support import FILTER_ERRORS, NamedSerializer, ReadOnlyViewSet
from league.filters import ExperienceEntryFilter
from league.models import ExperienceEntry, Season
from league.selectors.experience import experience_entry_list, experience_holdings


def _total() -> serializers.DecimalField:
    return serializers.DecimalField(max_digits=9, decimal_places=1, coerce_to_string=False)


@extend_schema_view(
    list=extend_schema(summary="Experience ledger rows, by their race's date"),
    retrieve=extend_schema(summary="An experience ledger row"),
)
class ExperienceApi(ReadOnlyViewSet):
    """/api/experience/: every gain and spend of experience points (rules X1–X3); a balance is their sum."""

    queryset = experience_entry_list()
    filterset_class = ExperienceEntryFilter

    @extend_schema_serializer(component_name="ExperienceEntry")
    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        season = serializers.IntegerField(source="season_id")
        race = serializers.IntegerField(source="race_id", allow_null=True)
        driver = NamedSerializer(allow_null=True, help_text="Set for a driver's row; null for a team's.")
        team = NamedSerializer(allow_null=True, help_text="Set for a team's row; null for a driver's.")
        reason = serializers.ChoiceField(choices=ExperienceEntry.Reason.choices)
        amount = serializers.DecimalField(
            max_digits=5, decimal_places=1, coerce_to_string=False, help_text="A gain > 0, a spend < 0."
        )
        note = serializers.CharField()
        created_at = serializers.DateTimeField()
        date = serializers.DateTimeField(
            source="dated",
            help_text="The race's date (rows are listed by it); created_at for a row without a race.",
        )

    @extend_schema_serializer(component_name="ExperienceTalliesQuery")
    class TalliesQuerySerializer(serializers.Serializer):
        season = serializers.PrimaryKeyRelatedField(
            queryset=Season.objects.all(), required=False, help_text="Season id; every season when absent."
        )

    @extend_schema_serializer(component_name="ExperienceTallies")
    class TalliesSerializer(serializers.Serializer):
        class DriverHoldingSerializer(serializers.Serializer):
            driver = NamedSerializer(source="owner")
            total = _total()

        class TeamHoldingSerializer(serializers.Serializer):
            team = NamedSerializer(source="owner")
            total = _total()

        season = serializers.IntegerField(allow_null=True, help_text="The season asked for, or null.")
        drivers = DriverHoldingSerializer(many=True)
        teams = TeamHoldingSerializer(many=True)

    @extend_schema(
        summary="Experience balances, richest first",
        parameters=[TalliesQuerySerializer],
        responses={200: TalliesSerializer, 400: FILTER_ERRORS},
        filters=False,
    )
    @action(detail=False, methods=["get"], pagination_class=None, filterset_class=None)
    def tallies(self, request: Request) -> Response:
        query = self.TalliesQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        season = query.validated_data.get("season")
        holdings = experience_holdings(season=season)
        data = {"season": season.pk if season else None, **holdings}
        return Response(self.TalliesSerializer(data).data)
