"""The TV view (`live:race-night-tv`): for a laptop or a screen beside the board. The board large,
the race order, the six-part dashboards and the last events, read-only for everyone, following the
table live as the watchers' page does (the same page data and `static/js/live.js` polling)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from live.models import LiveTable
from live.views import open_table, table_page
from races.models import Race


def race_night_tv(request: HttpRequest, pk: int) -> HttpResponse:
    """`/live/tables/<id>/tv/`: the table on a big screen, never recording."""
    table = get_object_or_404(LiveTable.objects.select_related("race__season", "race__circuit"), pk=pk)
    context = table_page(request, table, may_record=False)
    if isinstance(context, HttpResponse):
        return context
    context["data"]["tv"] = True  # the whole board, never framed on a car
    return render(request, "live/tv.html", context)


def race_tv(request: HttpRequest, pk: int) -> HttpResponse:
    """`/races/<id>/live/tv/`: the TV view of the race's table in play."""
    race = get_object_or_404(Race, pk=pk)
    table = open_table(race)
    if table is None:
        raise Http404(_("No race in progress."))
    return redirect("live:race-night-tv", pk=table.pk)
