"""The API of drivers and teams: public reads, admin writes through the league's services."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_serializer, extend_schema_view
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from core.api_support import ReadWriteViewSet
from league.filters import DriverFilter, TeamFilter
from league.models import Driver, Team
from league.services import driver_create, driver_update, team_create, team_update


@extend_schema_view(
    list=extend_schema(summary="Drivers, by name"),
    retrieve=extend_schema(summary="A driver"),
)
class DriverApi(ReadWriteViewSet):
    """/api/drivers/: the league's drivers."""

    queryset = Driver.objects.all()
    filterset_class = DriverFilter

    @extend_schema_serializer(component_name="Driver")
    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        slug = serializers.SlugField()
        name = serializers.CharField()
        country = serializers.CharField(help_text="ISO 3166 code, e.g. FR; empty when unknown.")
        avatar = serializers.ImageField(allow_null=True, help_text="The avatar's address; null without one.")

    @extend_schema_serializer(component_name="DriverInput")
    class InputSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=80)
        slug = serializers.SlugField(max_length=50)
        country = serializers.CharField(max_length=2, allow_blank=True, required=False)

    @extend_schema(summary="Create a driver (admins)", request=InputSerializer, responses=OutputSerializer)
    def create(self, request: Request, **_suffix: Any) -> Response:
        return self.created(driver_create(**self.validated(self.InputSerializer)))

    @extend_schema(summary="Change a driver (admins)", request=InputSerializer, responses=OutputSerializer)
    def partial_update(self, request: Request, pk: str, **_suffix: Any) -> Response:
        driver = self.get_object()
        data = self.validated(self.InputSerializer, partial=True)
        return Response(self.get_serializer(driver_update(driver=driver, data=data)).data)


@extend_schema_view(
    list=extend_schema(summary="Teams (écuries), by name"),
    retrieve=extend_schema(summary="A team"),
)
class TeamApi(ReadWriteViewSet):
    """/api/teams/: the league's teams (écuries)."""

    queryset = Team.objects.all()
    filterset_class = TeamFilter

    @extend_schema_serializer(component_name="Team")
    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        slug = serializers.SlugField()
        name = serializers.CharField()
        colour = serializers.CharField(help_text="#RRGGBB")
        logo = serializers.ImageField(allow_null=True, help_text="The logo's address; null without one.")

    @extend_schema_serializer(component_name="TeamInput")
    class InputSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=80)
        slug = serializers.SlugField(max_length=50)
        colour = serializers.CharField(max_length=7, required=False, help_text="#RRGGBB; default #808080.")

    @extend_schema(summary="Create a team (admins)", request=InputSerializer, responses=OutputSerializer)
    def create(self, request: Request, **_suffix: Any) -> Response:
        return self.created(team_create(**self.validated(self.InputSerializer)))

    @extend_schema(summary="Change a team (admins)", request=InputSerializer, responses=OutputSerializer)
    def partial_update(self, request: Request, pk: str, **_suffix: Any) -> Response:
        team = self.get_object()
        data = self.validated(self.InputSerializer, partial=True)
        return Response(self.get_serializer(team_update(team=team, data=data)).data)
