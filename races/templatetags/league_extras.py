"""Small display helpers for the public pages."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from django import template
from django.utils.functional import Promise
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _

from rules.state import Cause

if TYPE_CHECKING:
    from races.charts import Line
    from races.scoreboard import GridCell

register = template.Library()

# Why the engine puts a car out (rules.state.Cause: every one has its label here)...
ENGINE_CAUSES: dict[Cause, Promise] = {
    Cause.BODY: _("body damage"),
    Cause.ENGINE: _("engine"),
    Cause.HANDLING: _("road holding"),
    Cause.BLOCKING: _("blocked"),
    Cause.CORNER: _("missed a corner stop"),
    Cause.ROAD_EXIT: _("went off the road"),
    Cause.RULES: _("rule breach"),
}
# ...and the causes typed by hand for old results.
ELIMINATION_CAUSES: dict[str, Promise] = {
    **{cause.value: label for cause, label in ENGINE_CAUSES.items()},
    "brakes": _("brakes"),
    "blocked": _("blocked"),
    "collision": _("collision"),
    "crash": _("crash"),
    "debris": _("debris"),
    "gearbox": _("gearbox"),
    "road_exit": _("went off the road"),
    "spin": _("spin"),
    "tyres": _("tyres"),
    "withdrawn": _("withdrawn"),
    "disqualified": _("disqualified"),
}


@register.filter
def footnotes_of(marks: dict, key: object) -> list:
    """The footnote numbers a row carries: {{ marks|footnotes_of:row.driver.pk }}."""
    return marks.get(key, []) if marks else []


@register.filter
def cause_label(cause: str) -> str:
    """The elimination cause in the reader's language; an unknown cause is shown as written."""
    if not cause:
        return ""
    return str(ELIMINATION_CAUSES.get(cause.strip().lower(), cause))


# The two tags below write markup that a template would write in a loop of hundreds of
# iterations on the season page (a point of a chart, a cell of the results grid): in
# Python, a row or a line costs about what one iteration of that loop did.


@register.simple_tag
def chart_markers(line: Line) -> SafeString:
    """A chart line's points: a <circle> each, its tooltip inside (already translated and escaped)."""
    colour = conditional_escape(line.colour)
    return mark_safe(  # every value is escaped or a number
        "".join(
            f'<circle cx="{point.x}" cy="{point.y}" r="3" fill="{colour}">'
            f"<title>{conditional_escape(point.title)}</title></circle>"
            for point in line.points
        )
    )


@register.simple_tag
def result_cells(
    cells: Iterable[GridCell | None], eliminated: str, out: str, not_started: str = "", dns: str = ""
) -> SafeString:
    """A results-grid row's cells: the place, the podium marked, "Out" when eliminated, "DNS" when
    entered but not at the table, "·" when not in the race.

    `eliminated`, `out`, `not_started` and `dns` are the translated labels of the abbreviations,
    looked up once a page.
    """
    out_mark = format_html('<abbr title="{}">{}</abbr>', eliminated, out)
    dns_mark = format_html('<td class="cell-dns"><abbr title="{}">{}</abbr></td>', not_started, dns)
    html = []
    for cell in cells:
        if cell is None:
            html.append("<td>·</td>")
        elif cell.dns:
            html.append(dns_mark)
        elif cell.eliminated:
            html.append(f'<td class="cell-out">{cell.position}{out_mark}</td>')
        elif cell.position == 1:
            html.append(f'<td class="cell-p1">{cell.position}</td>')
        elif cell.position <= 3:
            html.append(f'<td class="cell-podium">{cell.position}</td>')
        else:
            html.append(f"<td>{cell.position}</td>")
    return mark_safe("".join(html))  # numbers and the escaped labels only
