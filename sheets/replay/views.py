"""The circuit map and the race replay on the public pages."""

from __future__ import annotations

import logging
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from circuits.drawing import CarMark, circuit_svg, ink_for, square_centres
from circuits.maps import circuit_drawing, circuit_square_names, square_name
from races.models import Race
from rules.verdict import Standing
from sheets.models import RaceSheet
from sheets.replay.frames import ReplayUnavailable, race_replay, standing_race_sheet

logger = logging.getLogger(__name__)


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
        "carOf": _("car {car}"),
        "off": _("off the board"),
        "moves": _("Moves"),
        "events": _("Events"),
        "violations": _("Rules broken"),
        "noMoves": _("No car moved in this turn."),
        "waited": _("waits this turn"),
        "rule": _("rule {rule}"),
        "test": _("d20 {test}: {roll}"),
        "lost": _("−{n} {part}"),
        "gained": _("+{n} {part}"),
        "to": _("→ {square}"),
    }


def race_replay_context(*, race: Race, sheet: RaceSheet | None = None) -> dict[str, Any] | None:
    """What the replay viewer shows for a race (its standing sheet, or the version given), or None
    without a race sheet to replay."""
    if sheet is None:
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
    off = set(last["off"]) if last else set()
    wear = last["wear"] if last else frames["wear0"]
    labels = _labels()
    names = circuit_square_names(race.circuit)  # how the table names the squares; ids stay in the log
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
                "dashboard": _dashboard(frames["parts"], wear.get(car["id"], {})),
                "off": car["id"] in off,
            }
        )
    marks = [
        CarMark(
            car=c["id"],
            square=c["square"],
            colour=c["colour"],
            title=c["title"],
            state=c["state"] + (" is-off" if c["off"] else ""),
        )
        for c in cars
        if c["square"]
    ]
    svg = circuit_svg(
        layout,
        title=_("Map of %(circuit)s with the cars on their squares") % {"circuit": race.circuit.name},
        cars=marks,
        pit_label=_("PIT"),
        element_id="replay-map",
        names=names,
    )
    by_car = {car["id"]: car for car in cars}
    shown = []
    for turn in turns:
        moves = [
            {
                **m,
                "who": by_car.get(m["car"]),
                "to": labels["to"].format(square=square_name(names, m.get("square"))),
            }
            for m in turn["moves"]
        ]
        shown.append(
            {
                **turn,
                "moves": moves,
                "costly": [m for m in moves if m.get("wear") or m.get("gained")],
                "events": [{**e, "who": by_car.get(e["car"])} for e in turn["events"]],
            }
        )
    return {
        "sheet": sheet,
        "svg": mark_safe(svg),  # noqa: S308 (built by circuit_svg, which escapes every text)
        "data": {
            **frames,
            "cars": cars,
            "centres": square_centres(layout),
            "names": names,
            "labels": labels,
            "rulesUrl": reverse("league:rules"),
        },
        "cars": cars,
        "turns": shown,
        "last": shown[-1] if shown else None,
        "final_turn": final_turn,
        "counter": labels["turn"].format(turn=final_turn, last=final_turn) if last else labels["start"],
        "lap_text": labels["lap"].format(lap=last["lap"], laps=frames["laps"]) if last else "",
        "count": len(turns),
        "laps": frames["laps"],
        "parts": frames["parts"],
        "standing": sheet.status == RaceSheet.Status.VALID,
    }


def _dashboard(parts: list[dict[str, str]], wear: dict[str, int]) -> list[dict[str, Any]]:
    return [{**part, "n": wear.get(part["part"], 0)} for part in parts]


def _sheet_of(race: Race, value: str | None) -> RaceSheet | None:
    """`?sheet=<id>`: one judged version of the race's log (an invalid one replays up to where it
    stopped), so a verdict can show its turn on the board."""
    if not value or not value.isdigit():
        return None
    sheet = (
        RaceSheet.objects.filter(
            race=race,
            pk=int(value),
            kind=RaceSheet.Kind.RACE,
            status__in=(RaceSheet.Status.VALID, RaceSheet.Status.INVALID),
        )
        .exclude(log__isnull=True)
        .defer("raw")
        .first()
    )
    if sheet is None:
        raise Http404(_("No such race sheet to replay."))
    return sheet


def race_replay_page(request: HttpRequest, pk: int) -> HttpResponse:
    race = get_object_or_404(Race.objects.select_related("season", "circuit"), pk=pk)
    sheet = _sheet_of(race, request.GET.get("sheet"))
    replay = race_replay_context(race=race, sheet=sheet)
    if replay is None:
        raise Http404(_("This race has no valid race sheet to replay."))
    return render(request, "races/race_replay.html", {"race": race, "replay": replay})
