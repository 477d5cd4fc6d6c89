"""How people at the table name a square: by what is printed near it, never by its id.

docs/circuit-format.md, "Names": a square's own `name` wins; otherwise, in a corner, the
corner's name, the lane and the square's rank in that lane (`Sainte-Dévote b2`); on a straight,
the lane and the row counted from the last corner (`after Sainte-Dévote, c4`); in the pit lane,
`stand 3`. The log always keeps the id: these names are for people only.

Reads a `formule-de/circuit@2` document, a `formule-de/circuit@1` one (from its segments, which
give the same names as its compiled `@2`), or anything with a `document` (a loaded track).
The words are English templates, marked for the site's catalogue; `translate` renders them
(the site passes gettext).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from rules.messages.marks import gettext_noop

IN_CORNER = gettext_noop("{corner} {lane}{rank}")
AFTER_CORNER = gettext_noop("after {corner}, {lane}{row}")
FROM_LINE = gettext_noop("{lane}{row}")  # a board without corners: rows from the finish line
STAND = gettext_noop("stand {n}")
PIT_LANE = gettext_noop("pit lane {n}")  # a pit-lane square that is not a stand

Translate = Callable[[str], str]


def _same(text: str) -> str:
    return text


def square_names(source: Any, *, translate: Translate = _same) -> dict[str, str]:
    """Every square's name, by id: the square's `name` when it has one, else derived."""
    doc = source if isinstance(source, Mapping) else getattr(source, "document", None)
    if not isinstance(doc, Mapping):
        raise TypeError("square_names: a circuit document or a track with a document")
    if "segments" in doc and "squares" not in doc:
        return _from_segments(doc, translate)
    return _from_squares(doc, translate)


# -- formule-de/circuit@2 -----------------------------------------------------------------------
def _level(value: Any) -> Fraction:
    # as the loader reads them: the nearest fraction with a small denominator (thirds stay exact)
    return Fraction(str(value)).limit_denominator(64)


def _from_squares(doc: Mapping[str, Any], translate: Translate) -> dict[str, str]:
    squares: Sequence[Mapping[str, Any]] = doc.get("squares") or []
    corner_names = {str(c["id"]): str(c.get("name") or c["id"]) for c in doc.get("corners") or []}
    track = [sq for sq in squares if sq.get("lane") != "pit"]
    pit = [sq for sq in squares if sq.get("lane") == "pit"]
    names: dict[str, str] = {}

    # Corners: the rank of a square among its corner's squares of the same lane.
    by_corner: dict[tuple[str, str], list[Mapping[str, Any]]] = defaultdict(list)
    for sq in track:
        if sq.get("corner"):
            by_corner[(str(sq["corner"]), str(sq["lane"]))].append(sq)
    for (corner, lane), group in by_corner.items():
        for rank, sq in enumerate(sorted(group, key=lambda s: _level(s["level"])), start=1):
            names[str(sq["id"])] = translate(IN_CORNER).format(
                corner=corner_names.get(corner, corner), lane=lane, rank=rank
            )

    # Straights: rows from the end of the corner before them (the last corner of the lap for the
    # straights after the line: the row count runs on across it).
    lap = max((_level(sq["level"]) for sq in track), default=Fraction(0))
    ends: dict[str, Fraction] = {}
    for (corner, _lane), group in by_corner.items():
        ends[corner] = max([ends.get(corner, Fraction(0))] + [_level(s["level"]) for s in group])
    by_row: dict[tuple[str, str], list[tuple[Fraction, Mapping[str, Any]]]] = defaultdict(list)
    for sq in track:
        if sq.get("corner"):
            continue
        level = _level(sq["level"])
        before = [(end, corner) for corner, end in ends.items() if end < level]
        if before:
            end, corner = max(before)
        elif ends:
            end, corner = max((end, corner) for corner, end in ends.items())
        else:  # no corner: rows from the line
            by_row[("", str(sq["lane"]))].append((level, sq))
            continue
        by_row[(corner, str(sq["lane"]))].append(((level - end) % lap, sq))
    for (corner, lane), group in by_row.items():
        for row, (_distance, sq) in enumerate(sorted(group, key=lambda pair: pair[0]), start=1):
            template = AFTER_CORNER if corner else FROM_LINE
            names[str(sq["id"])] = translate(template).format(
                corner=corner_names.get(corner, corner), lane=lane, row=row
            )

    # The pit lane, in driving order: stands counted apart from the plain squares.
    order = [str(s) for s in (doc.get("pit") or {}).get("lane") or []]
    rank = {square: n for n, square in enumerate(order)}
    pit.sort(key=lambda s: (rank.get(str(s["id"]), len(rank)), _level(s["level"])))
    any_stand = any(sq.get("stand") for sq in pit)
    stands = lane_squares = 0
    for sq in pit:
        if sq.get("stand") or not any_stand:
            stands += 1
            names[str(sq["id"])] = translate(STAND).format(n=stands)
        else:
            lane_squares += 1
            names[str(sq["id"])] = translate(PIT_LANE).format(n=lane_squares)

    for sq in squares:
        if sq.get("name"):
            names[str(sq["id"])] = str(sq["name"])
    return names


# -- formule-de/circuit@1 -----------------------------------------------------------------------
def _from_segments(doc: Mapping[str, Any], translate: Translate) -> dict[str, str]:
    """The same names from the segments: a corner's squares are its own, a straight's rows follow
    on from the straights since the last corner, and the pit lane is its stands."""
    segments: Sequence[Mapping[str, Any]] = doc.get("segments") or []
    names: dict[str, str] = {}
    corners = [n for n, seg in enumerate(segments) if "corner" in seg]
    # Start after the last corner, so the straights across the line keep counting from it.
    first = (corners[-1] + 1) if corners else 0
    corner_name = ""
    if corners:
        last = segments[corners[-1]]
        corner_name = str(last.get("name") or last.get("id", ""))
    rows = 0
    for k in range(len(segments)):
        seg = segments[(first + k) % len(segments)]
        seg_id = str(seg.get("id", ""))
        if "corner" in seg:
            corner_name = str(seg.get("name") or seg_id)
            cells = (seg.get("corner") or {}).get("cells") or [1, 1, 1]
            for lane, count in zip("abc", cells, strict=False):
                for index in range(1, int(count) + 1):
                    names[f"{seg_id}-{lane}{index}"] = translate(IN_CORNER).format(
                        corner=corner_name, lane=lane, rank=index
                    )
            rows = 0
            continue
        count = int(seg.get("straight") or 0)
        template = AFTER_CORNER if corners else FROM_LINE
        for lane in "abc":
            for index in range(1, count + 1):
                names[f"{seg_id}-{lane}{index}"] = translate(template).format(
                    corner=corner_name, lane=lane, row=rows + index
                )
        rows += count
    pit = doc.get("pit")
    if isinstance(pit, Mapping):
        for n in range(1, int(pit.get("stands") or 0) + 1):
            names[f"PIT-{n}"] = translate(STAND).format(n=n)
    return names
