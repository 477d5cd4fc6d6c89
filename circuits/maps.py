"""A circuit's map: its layout drawn once per document, and the inline SVG the pages show."""

from __future__ import annotations

import json
import logging
from functools import lru_cache

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from circuits.drawing import Layout, circuit_layout, circuit_svg
from circuits.models import Circuit

logger = logging.getLogger(__name__)


@lru_cache(maxsize=32)
def _layout(document_json: str) -> Layout:
    # Drawing a board takes tens of milliseconds; a circuit's document rarely changes.
    return circuit_layout(json.loads(document_json))


def circuit_drawing(circuit: Circuit) -> Layout | None:
    """The circuit's layout, or None when its document cannot be drawn (never breaks a page)."""
    try:
        return _layout(json.dumps(circuit.document, sort_keys=True))
    except (ValueError, TypeError, KeyError, ZeroDivisionError):
        logger.warning("circuit %s cannot be drawn", circuit.slug, exc_info=True)
        return None


def circuit_map_svg(circuit: Circuit) -> SafeString | None:
    """The circuit as inline SVG (every text in it escaped by the writer)."""
    layout = circuit_drawing(circuit)
    if layout is None:
        return None
    svg = circuit_svg(
        layout,
        title=_("Map of %(circuit)s") % {"circuit": circuit.name},
        pit_label=_("PIT"),
        element_id="circuit-map",
    )
    return mark_safe(svg)  # noqa: S308 (built by circuit_svg, which escapes every text)
