"""The circuit pages: each board with its corners, weather, map and the races run on it."""

from __future__ import annotations

from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from circuits.maps import circuit_map_svg
from circuits.models import Circuit
from circuits.summary import summarise_circuit
from races.selectors import circuit_races


def circuit_list(request: HttpRequest) -> HttpResponse:
    circuits = [
        (circuit, summarise_circuit(circuit.document))
        for circuit in Circuit.objects.annotate(race_count=Count("races"))
    ]
    return render(request, "races/circuit_list.html", {"circuits": circuits})


def circuit_detail(request: HttpRequest, slug: str) -> HttpResponse:
    circuit = get_object_or_404(Circuit, slug=slug)
    return render(
        request,
        "races/circuit_detail.html",
        {
            "circuit": circuit,
            "summary": summarise_circuit(circuit.document),
            "races": circuit_races(circuit=circuit),
            "map_svg": circuit_map_svg(circuit),
        },
    )
