"""Server-side line charts: the geometry of a standings progression, drawn as inline SVG.

No JavaScript and nothing fetched from elsewhere: this module turns a
`Progression` into coordinates and texts (the tooltips, translated here rather
than once per point in the template), and `templates/includes/progression_chart.html`
writes the `<svg>`, its points through the `chart_markers` tag. The lines start
at 0 before the first round.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, ngettext

from races.progression import Progression

WIDTH = 720
HEIGHT = 320
LEFT, RIGHT, TOP, BOTTOM = 64, 18, 14, 56  # room for the labels at the phone font size (20 units)
MAX_TICKS = 6


@dataclass(frozen=True)
class Tick:
    at: float  # x or y in the SVG's coordinates
    label: str


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    value: int
    round: int
    title: str = ""  # its tooltip, translated and escaped here rather than once per point in the template


@dataclass(frozen=True)
class Line:
    name: str
    colour: str
    dashed: bool
    url: str
    position: int
    points: tuple[Point, ...]  # after each round (the 0 at the start is not a point)
    polyline: str  # "x,y x,y …", from the start
    final_label: str = ""  # the legend's "21 pts", translated

    @property
    def values(self) -> str:
        return ",".join(str(p.value) for p in self.points)

    @property
    def final(self) -> int:
        return self.points[-1].value if self.points else 0


@dataclass(frozen=True)
class LineChart:
    width: int
    height: int
    left: int
    right: int  # x of the plot's right edge
    top: int
    bottom: int  # y of the plot's bottom edge (the 0 line)
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    lines: tuple[Line, ...]  # in standings order, for the legend

    @property
    def drawing_order(self) -> tuple[Line, ...]:
        """Leaders last, so their lines are drawn on top."""
        return tuple(reversed(self.lines))

    @property
    def x_label_y(self) -> int:
        return self.height - 6

    @property
    def y_label_x(self) -> int:
        return 20

    @property
    def x_tick_y(self) -> int:
        return self.bottom + 22

    @property
    def middle_x(self) -> float:
        return (self.left + self.right) / 2

    @property
    def middle_y(self) -> float:
        return (self.top + self.bottom) / 2


def nice_step(top: int, ticks: int = MAX_TICKS) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50… that draws `top` in at most `ticks` steps."""
    top = max(top, 1)
    magnitude = 10 ** max(0, math.floor(math.log10(top / ticks))) if top > ticks else 1
    for factor in (1, 2, 5, 10):
        step = factor * magnitude
        if math.ceil(top / step) <= ticks:
            return step
    return 10 * magnitude


def _fmt(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _point_title(points: int) -> str:
    return ngettext(
        "%(name)s after round %(round)s: %(points)s point",
        "%(name)s after round %(round)s: %(points)s points",
        points,
    )


def progression_chart(progression: Progression) -> LineChart | None:
    """The chart of a progression, or None when no round has been scored yet."""
    rounds = progression.rounds
    if not rounds:
        return None
    plot_left, plot_right = LEFT, WIDTH - RIGHT
    plot_top, plot_bottom = TOP, HEIGHT - BOTTOM
    highest = max((max(s.cumulative, default=0) for s in progression.series), default=0)
    step = nice_step(highest)
    y_max = max(step, math.ceil(highest / step) * step)

    def x_at(index: int) -> float:  # index 0 is the start, index i is after rounds[i - 1]
        return plot_left + (plot_right - plot_left) * index / len(rounds)

    def y_at(value: int) -> float:
        return plot_bottom - (plot_bottom - plot_top) * value / y_max

    # The tooltips are written here, not by a {% blocktranslate %} per point in the template (hundreds
    # a page). As that tag would: the translation as is, the values escaped; each plural form looked up
    # once per number of points.
    point_title = functools.cache(_point_title)
    lines = []
    for series in progression.series:
        name = conditional_escape(series.name)
        points = tuple(
            Point(
                x=round(x_at(i), 1),
                y=round(y_at(value), 1),
                value=value,
                round=round_,
                title=mark_safe(point_title(value) % {"name": name, "round": round_, "points": value}),
            )
            for i, (round_, value) in enumerate(zip(rounds, series.cumulative, strict=True), start=1)
        )
        final = series.cumulative[-1] if series.cumulative else 0
        start = f"{_fmt(x_at(0))},{_fmt(y_at(0))}"
        url = ""
        if series.driver is not None:
            url = series.driver.get_absolute_url()
        elif series.team is not None:
            url = series.team.get_absolute_url()
        lines.append(
            Line(
                name=series.name,
                colour=series.colour,
                dashed=series.second_car,
                url=url,
                position=series.position,
                points=points,
                polyline=" ".join([start, *(f"{_fmt(p.x)},{_fmt(p.y)}" for p in points)]),
                final_label=ngettext("%(points)s pt", "%(points)s pts", final) % {"points": final},
            )
        )
    return LineChart(
        width=WIDTH,
        height=HEIGHT,
        left=plot_left,
        right=plot_right,
        top=plot_top,
        bottom=plot_bottom,
        x_ticks=tuple(
            Tick(at=round(x_at(i), 1), label=gettext("R%(round)s") % {"round": r})
            for i, r in enumerate(rounds, start=1)
        ),
        y_ticks=tuple(Tick(at=round(y_at(v), 1), label=str(v)) for v in range(0, y_max + 1, step)),
        lines=tuple(lines),
    )
