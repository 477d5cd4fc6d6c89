"""The circuit map and the race replay on the public pages."""

from __future__ import annotations

import json
import logging
from functools import lru_cache
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from races.circuits.drawing import CarMark, Layout, circuit_layout, circuit_svg, ink_for, square_centres
from races.models import Circuit, Race
from races.replay.frames import ReplayUnavailable, race_replay, standing_race_sheet
from rules.verdict import Standing

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


def _state_at(car: dict[str, Any], turn: int) -> str:
    if car["turn"] is not None and turn >= car["turn"]:
        if car["status"] == Standing.FINISHED:
            return "finished"
        if car["status"] == Standing.ELIMINATED:
            return "out"
    return "racing"


def _labels() -> dict[str, str]:
    """The replay script's words, in the reader's language; {placeholders} are filled in by it."""
    return {
        "turn": _("Turn {turn} of {last}"),
        "start": _("Start"),
        "grid": _("The cars are on the grid, pole position first."),
        "lap": _("Lap {lap} of {laps}"),
        "play": _("Play"),
        "pause": _("Pause"),
        "noEvents": _("Nothing to report in this turn."),
        "racing": _("racing"),
        "finished": _("finished, position {position}"),
        "out": _("out in turn {turn}: {cause}"),
        "carTitle": _("No. {car} {driver} ({team})"),
    }


def race_replay_context(*, race: Race) -> dict[str, Any] | None:
    """What the replay viewer shows for a race, or None without a valid race sheet to replay."""
    sheet = standing_race_sheet(race=race)
    if sheet is None:
        return None
    layout = circuit_drawing(race.circuit)
    if layout is None:
        return None
    try:
        frames = race_replay(sheet=sheet)
    except ReplayUnavailable:
        logger.warning("race sheet %s no longer replays", sheet.pk, exc_info=True)
        return None
    turns = frames["turns"]
    last = turns[-1] if turns else None
    final_turn = last["turn"] if last else 0
    squares = last["squares"] if last else frames["start"]
    labels = _labels()
    cars = []
    for car in frames["cars"]:
        state = _state_at(car, final_turn)
        title = labels["carTitle"].format(car=car["id"], driver=car["driver"], team=car["team"])
        if state == "finished":
            status = labels["finished"].format(position=car["position"])
        elif state == "out":
            status = labels["out"].format(turn=car["turn"], cause=car["cause"] or "—")
        else:
            status = labels["racing"]
        cars.append(
            {
                **car,
                "ink": ink_for(car["colour"]),
                "state": state,
                "square": squares.get(car["id"]),
                "title": title,
                "status_text": status,
            }
        )
    marks = [
        CarMark(car=c["id"], square=c["square"], colour=c["colour"], title=c["title"], state=c["state"])
        for c in cars
        if c["square"]
    ]
    svg = circuit_svg(
        layout,
        title=_("Map of %(circuit)s with the cars on their squares") % {"circuit": race.circuit.name},
        cars=marks,
        pit_label=_("PIT"),
        element_id="replay-map",
    )
    names = {car["id"]: car for car in cars}
    shown = [
        {**turn, "events": [{**e, "who": names.get(e["car"])} for e in turn["events"]]} for turn in turns
    ]
    return {
        "sheet": sheet,
        "svg": mark_safe(svg),  # noqa: S308 (built by circuit_svg, which escapes every text)
        "data": {**frames, "cars": cars, "centres": square_centres(layout), "labels": labels},
        "cars": cars,
        "turns": shown,
        "last": shown[-1] if shown else None,
        "final_turn": final_turn,
        "counter": labels["turn"].format(turn=final_turn, last=final_turn) if last else labels["start"],
        "lap_text": labels["lap"].format(lap=last["lap"], laps=frames["laps"]) if last else "",
        "count": len(turns),
        "laps": frames["laps"],
    }


def race_replay_page(request: HttpRequest, pk: int) -> HttpResponse:
    race = get_object_or_404(Race.objects.select_related("season", "circuit"), pk=pk)
    replay = race_replay_context(race=race)
    if replay is None:
        raise Http404(_("This race has no valid race sheet to replay."))
    return render(request, "races/race_replay.html", {"race": race, "replay": replay})
