"""The league's read API: a season's standings (drivers and teams)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api_support import NOT_FOUND, NamedSerializer
from league.models import Season
from races.standings import driver_standings, team_standings


class _StandingSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    points = serializers.IntegerField(help_text="Counted points: best-N honoured, penalties subtracted.")
    total_points = serializers.IntegerField(help_text="All points, before best-N.")
    races = serializers.IntegerField()
    wins = serializers.IntegerField()
    podiums = serializers.IntegerField()


class SeasonStandingsApi(APIView):
    """GET /api/seasons/{id}/standings/: the drivers' and the teams' tables of a season."""

    permission_classes = [AllowAny]

    @extend_schema_serializer(component_name="SeasonStandings")
    class OutputSerializer(serializers.Serializer):
        class DriverRowSerializer(_StandingSerializer):
            driver = NamedSerializer()
            team = NamedSerializer()
            car_number = serializers.IntegerField()

        class TeamRowSerializer(_StandingSerializer):
            team = NamedSerializer()

        season = NamedSerializer()
        drivers = DriverRowSerializer(many=True)
        teams = TeamRowSerializer(many=True)

    @extend_schema(operation_id="season_standings", responses={200: OutputSerializer, 404: NOT_FOUND})
    def get(self, request: Request, pk: int) -> Response:
        season = get_object_or_404(Season, pk=pk)
        data = {
            "season": season,
            "drivers": driver_standings(season=season),
            "teams": team_standings(season=season),
        }
        return Response(self.OutputSerializer(data).data)
