"""Query-string filters of the circuits' API list (django-filter)."""

from __future__ import annotations

from django_filters import rest_framework as filters

from circuits.models import Circuit


class CircuitFilter(filters.FilterSet):
    slug = filters.CharFilter(help_text="The circuit with this id (as in race logs).")
    country = filters.CharFilter(help_text="ISO 3166 code, e.g. FR.")

    class Meta:
        model = Circuit
        fields = ["slug", "country"]
