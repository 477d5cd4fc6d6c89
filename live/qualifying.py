"""Qualifying at the table (F1): each driver's timed lap recorded on the page, the grid computed by
the engine as it is typed, then sent as the race's `formule-de/qualifying@1` sheet.

The page counts (throws, the clock started and stopped, corner-exit squares); the absolute time
and the order are `rules.qualifying.qualify`'s, asked for on every change, never worked out here.
Only the drivers present are timed (the non-partants, `RaceEntry.dns`, are left out). A car not
timed is sent as a lap not completed (`completed: false`), never as 0 throws: the engine puts it
at the back, in sheet order, which is the entry order the cards are in. The page shows the grid
it will send and asks to confirm it. The sheet goes through the same pipeline as an uploaded one
(`race_sheet_submit`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from circuits.drawing import ink_for
from live.errors import reading_error
from live.forms import race_entries_in_grid_order
from races.models import Race, RaceEntry
from rules.formats import LogFormatError
from rules.qualifying import absolute_time, qualify
from rules.qualifying_sheet import QUALIFYING_FORMAT, read_qualifying
from sheets.models import RaceSheet
from sheets.replay.frames import NO_COLOUR
from sheets.selectors import sheet_submitter_allowed
from sheets.services import SubmissionRefused, race_sheet_submit

MAX_BODY = 64 * 1024  # a qualifying sheet of ten laps is a few hundred bytes


def _race_for(request: HttpRequest, pk: int) -> Race:
    race = get_object_or_404(Race.objects.select_related("season", "circuit"), pk=pk)
    if not sheet_submitter_allowed(race=race, user=request.user):
        raise PermissionDenied
    return race


def _labels() -> dict[str, str]:
    return {
        "car": _("No. {car} {driver}"),
        "start": _("Start the clock"),
        "stop": _("Stop the clock"),
        "throw": _("+1 throw"),
        "absolute": _("Absolute time: {n}"),
        "notCompleted": _("lap not completed"),
        "notTimed": _("not timed"),
        "atTheBack": _("starts at the back"),
        "noThrow": _("A completed lap needs at least one throw (F1)."),
        "grid": _("Grid"),
        "sent": _("The qualifying sheet is sent."),
        "offline": _("The site cannot be reached: nothing is lost, try again."),
        "refused": _("The sheet is refused:"),
    }


def entries_in_entry_order(race: Race) -> list[RaceEntry]:
    """The race's entries whose drivers came (not non-partants), in the order they entered the
    season: the order of the sheet, so the order untimed cars start in at the back (F1)."""
    entries = race.entries.filter(dns=False).select_related("season_entry__driver", "season_entry__team")
    return list(entries.order_by("season_entry_id"))


@login_required
def qualifying_page(request: HttpRequest, pk: int) -> HttpResponse:
    """`/races/<id>/live/qualifying/`: a card per car with its counters and clock, the grid below."""
    race = _race_for(request, pk)
    cars = []
    for entry in entries_in_entry_order(race):
        colour = entry.season_entry.team.colour or NO_COLOUR
        cars.append(
            {
                "car": entry.season_entry.car_id,
                "name": entry.season_entry.driver.name,
                "team": entry.season_entry.team.name,
                "colour": colour,
                "ink": ink_for(colour),
                "tyres": entry.tyres,
            }
        )
    data = {
        "race": race.pk,
        "circuit": race.circuit.slug,
        "cars": cars,
        "labels": _labels(),
        "urls": {
            "grid": reverse("live:race-night-qualifying-grid", kwargs={"pk": race.pk}),
            "submit": reverse("live:race-night-qualifying-submit", kwargs={"pk": race.pk}),
        },
    }
    absent = [e for e in race_entries_in_grid_order(race) if e.dns]
    return render(
        request, "live/qualifying.html", {"race": race, "cars": cars, "data": data, "absent": absent}
    )


def _qualifying_doc(request: HttpRequest, race: Race) -> dict[str, Any] | None:
    """The laps the page sent (a JSON body or the form's `sheet` field), as a qualifying sheet of
    this race's circuit; None if they are not a JSON object."""
    raw = request.body[:MAX_BODY] if request.content_type == "application/json" else b""
    if not raw:
        raw = request.POST.get("sheet", "").encode()
    try:
        doc = json.loads(raw or b"null")
    except ValueError:
        return None
    if not isinstance(doc, dict):
        return None
    return {**doc, "format": QUALIFYING_FORMAT, "circuit": race.circuit.slug}


def _laps_posted(
    view: Callable[[HttpRequest, Race, dict[str, Any]], JsonResponse],
) -> Callable[..., JsonResponse]:
    """A POST of the laps to race `pk`: the view is given the race and the sheet they make, or the
    answer is a 400 if they make none."""

    @require_POST
    @wraps(view)
    def posted(request: HttpRequest, pk: int) -> JsonResponse:
        race = _race_for(request, pk)
        doc = _qualifying_doc(request, race)
        if doc is None:
            return JsonResponse({"detail": _("This is not a qualifying sheet.")}, status=400)
        return view(request, race, doc)

    return posted


@_laps_posted
def qualifying_grid(request: HttpRequest, race: Race, doc: dict[str, Any]) -> JsonResponse:
    """The engine's grid for the laps typed so far: absolute time per car, then the order."""
    try:
        sheet = read_qualifying(json.dumps(doc))
    except LogFormatError as exc:  # in the reader's language, with the engine's code and params
        return JsonResponse(reading_error(exc), status=400)
    result = qualify(sheet)
    return JsonResponse(
        {
            "absolute": {lap.car: absolute_time(lap) if lap.completed else None for lap in sheet.laps},
            **result.to_json(),
        }
    )


@_laps_posted
def qualifying_submit(request: HttpRequest, race: Race, doc: dict[str, Any]) -> JsonResponse:
    """Send the laps as the race's qualifying sheet, through the sheet pipeline."""
    try:
        sheet = race_sheet_submit(
            race=race, raw=json.dumps(doc).encode(), by=request.user, kind=RaceSheet.Kind.QUALIFYING
        )
    except SubmissionRefused as exc:
        return JsonResponse({"detail": " ".join(exc.messages)}, status=400)
    return JsonResponse({"sheet": sheet.pk, "page": sheet.get_absolute_url()}, status=201)
