"""A circuit's map: its layout drawn once per document (and picture), the names of its squares,
and the inline SVG the pages show.

An `@1` circuit is drawn from its segments (`circuits.drawing`); an `@2` board traced on a
picture is drawn on that picture when the circuit has one (`Circuit.image`), at its squares'
positions without it; an `@2` board without positions on a ring (`circuits.board_layout`).
"""

from __future__ import annotations

import json
import logging
from functools import lru_cache
from typing import Any

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from circuits.board_layout import has_positions, is_v2, ring_layout, traced_layout
from circuits.drawing import Layout, circuit_layout, circuit_svg
from circuits.models import Circuit
from rules.circuits.names import square_names

logger = logging.getLogger(__name__)
DRAWING_ERRORS = (ValueError, TypeError, KeyError, ZeroDivisionError)


@lru_cache(maxsize=32)
def _layout(document_json: str, href: str, width: int, height: int) -> Layout:
    # Drawing a board takes tens of milliseconds; a circuit's document rarely changes.
    document = json.loads(document_json)
    if not is_v2(document):
        return circuit_layout(document)
    if has_positions(document):
        return traced_layout(document, href=href, width=width, height=height)
    return ring_layout(document)


def _picture(circuit: Circuit) -> tuple[str, int, int]:
    """The circuit's picture: its address and, when the document does not say, its size."""
    image = getattr(circuit, "image", None)
    if not image:
        return "", 0, 0
    size = (circuit.document or {}).get("image") or {}
    if size.get("width") and size.get("height"):
        return image.url, 0, 0
    try:
        return image.url, int(image.width), int(image.height)
    except (OSError, ValueError, TypeError):  # a picture gone from the storage: no picture
        logger.warning("circuit %s: its picture cannot be read", circuit.slug, exc_info=True)
        return "", 0, 0


def circuit_drawing(circuit: Circuit) -> Layout | None:
    """The circuit's layout, or None when its document cannot be drawn (never breaks a page)."""
    try:
        document = circuit.document
        href, width, height = _picture(circuit) if is_v2(document) and has_positions(document) else ("", 0, 0)
        return _layout(json.dumps(document, sort_keys=True), href, width, height)
    except DRAWING_ERRORS:
        logger.warning("circuit %s cannot be drawn", circuit.slug, exc_info=True)
        return None


@lru_cache(maxsize=64)
def _names(document_json: str, language: str | None) -> dict[str, str]:
    return square_names(json.loads(document_json), translate=_)


def circuit_square_names(circuit: Circuit) -> dict[str, str]:
    """How people name each square of the circuit (in the reader's language), by id; empty when
    the document cannot be read (the pages then show the ids)."""
    try:
        return _names(json.dumps(circuit.document, sort_keys=True), get_language())
    except DRAWING_ERRORS:
        logger.warning("circuit %s: its squares cannot be named", circuit.slug, exc_info=True)
        return {}


def square_name(names: dict[str, str], square: Any) -> str:
    """A square's name, else its id (a square the names do not know, or none)."""
    return names.get(square, "") or str(square or "")


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
        names=circuit_square_names(circuit),
    )
    return mark_safe(svg)  # noqa: S308 (built by circuit_svg, which escapes every text)
