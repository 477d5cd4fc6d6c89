"""Find a circuit document by id for the engine: the site's database first, then the fixture files."""

from __future__ import annotations

from django.db import DatabaseError


def circuit_document(circuit_id: str) -> dict | None:
    from circuits.models import Circuit

    try:
        circuit = Circuit.objects.filter(slug=circuit_id).only("document").first()
    except DatabaseError:
        # An unmigrated database (e.g. replaying a log before `make run`) is no reason to fail:
        # the engine's own resolver still knows the fixture circuits.
        circuit = None
    return circuit.document if circuit else None
