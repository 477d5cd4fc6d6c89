"""Writes of circuits: a board stored from its document, which the rules engine checks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction

from circuits.models import Circuit


def _document_fields(document: Any) -> tuple[str, str]:
    if not isinstance(document, Mapping):
        return "", ""
    return str(document.get("id", "")), str(document.get("name", ""))


@transaction.atomic
def circuit_create(*, document: dict[str, Any], country: str = "") -> Circuit:
    """Store a `formule-de/circuit@1` or `@2` document; its id and name become the circuit's."""
    slug, name = _document_fields(document)
    circuit = Circuit(slug=slug, name=name, country=country, document=document)
    circuit.full_clean()
    circuit.save()
    return circuit


@transaction.atomic
def circuit_update(
    *, circuit: Circuit, document: dict[str, Any] | None = None, country: str | None = None
) -> Circuit:
    """Replace a circuit's document and/or country; the id must stay (race logs refer to it)."""
    if document is not None:
        _slug, name = _document_fields(document)
        circuit.document = document
        circuit.name = name or circuit.name
    if country is not None:
        circuit.country = country
    circuit.full_clean()
    circuit.save()
    return circuit
