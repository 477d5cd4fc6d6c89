"""The race-night page: set up a table beside the board, record it move by move, or watch it.

The page is a thin shell over the table API (docs/race-night-api.md): the first paint is the
table's state rendered here (readable without JavaScript), then `static/js/live.js` asks the API
for the choices, posts the moves and polls the state. Every rule is the engine's: the page never
works out what is legal.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from circuits.drawing import CarMark, circuit_svg, ink_for, square_centres
from circuits.maps import circuit_drawing, circuit_square_names, square_name
from league.rules_display import control_json, option_specs
from live import engine, selectors, services
from live.errors import TableUnplayable
from live.forms import TICKS_SENT, SetupForm, race_entries_in_grid_order
from live.models import LiveTable
from live.permissions import table_writer_allowed
from live.remote_rules import cars_of
from live.rolls import NoSuchDie, SiteRoll
from live.serializers import StateSerializer, as_json
from live.state import TableState
from races.models import Race, RaceEntry
from races.views_wear import PART_LABELS
from races.wear import wear_build_problems
from rules.gearbox import D20, FACES, RANGES, SEVENTH
from rules.state import PARTS, CarStatus
from rules.weather import Tyres
from sheets.models import RaceSheet
from sheets.replay.frames import NO_COLOUR
from sheets.selectors import steward_may

DIE_RANGES = [RANGES[gear] for gear in FACES]  # the gears' own dice (7th gear throws two of them)


def part_labels() -> dict[str, str]:
    return {part: str(label) for part, label in PART_LABELS.items()}


def page_labels() -> dict[str, Any]:
    """The page script's words in the reader's language; {placeholders} are filled in by it."""
    return {
        "turn": _("Turn {turn}"),
        "lap": _("Lap {lap} of {laps}"),
        "toPlay": _("To play: No. {car} {driver}"),
        "car": _("No. {car} {driver}"),
        "over": _("The race is over."),
        "finished": _("The race sheet is made."),
        "chooseGear": _("Gear"),
        "free": _("free"),
        "cost": _("−{n} {part}"),
        "typeRoll": _("Die of gear {gear} ({low}–{high})"),
        "ok": _("OK"),
        "rollForMe": _("Roll for me"),
        "rolledBySite": _("rolled by the site"),
        "chooseStop": _("Where does it stop?"),
        "noStop": _("No square to stop on with this roll."),
        "stop": _("Stop: {square}"),
        "brake": _("brake {n}"),
        "bonus": _("bonus {n}"),
        "slipstream": _("slipstream {n}"),
        "spun": _("spins"),
        "out": _("out"),
        "penalty": _("{n} penalty"),
        "otherWay": _("other way"),
        "stayPut": _("Stay put: {square}"),
        "standStop": _("Pit stop in the stand: {square}"),
        "stand": _("Stand"),
        "outWhy": _("eliminated: {why}"),
        "eliminated": _("No. {car} is eliminated: {why}"),
        "recordOut": _("Record it: the car is out"),
        "cancel": _("No: back to the stops"),
        "rollsFor": _("d20: {test} ({square})"),
        "noRoll": _("no extra d20"),
        "runTitle": _("{n} d20 rolls ({test}), in any order"),
        "test": _("{who} rolls a d20: {test}"),
        "typeTest": _("d20 for the {test} test"),
        "confirm": _("Play the move"),
        "back": _("Back"),
        "undo": _("Undo the last move"),
        "undone": _("The last move is taken back."),
        "finish": _("Finish: make the race sheet"),
        "restart": _("Restart the race"),
        "restartTitle": _("Red flag: the restart"),
        "restartHelp": _(
            "The cars go back to the grid. Tick the cars that stop under the flag, in the order they stop, "
            "and what is done to them."
        ),
        "stopsUnderFlag": _("Stops under the red flag"),
        "extras": _("Pit stop, experience, options"),
        "pitStop": _("Pit stop"),
        "pitLane": _("through the pit lane"),
        "noPit": _("No stop in the stand"),
        "pitTyres": _("Stop: tyres (a pit d20)"),
        "pitLong": _("Long stop: repairs"),
        "newTyres": _("New tyres"),
        "keepTyres": _("Keep the same type"),
        "tyreKinds": {"hard": _("hard"), "soft": _("soft"), "rain": _("rain")},
        "repairs": _("Repairs (points put back)"),
        "fuelBad": _("Tank after the stop: 1, 2 or 3 thirds (A12)."),
        "xp": _("Experience"),
        "noXp": _("No experience spent"),
        "xpWear": _("Team: +1 {part} point"),
        "xpFastStop": _("Team: a missed tyre stop becomes fast"),
        "xpReroll": _("Driver: roll the die again"),
        "xpMinus1": _("Driver: −1 on the die"),
        "natural": _("The die as first rolled"),
        "none": _("none"),
        # the words of an option control's values, by the control's key (its label is the
        # engine's, `option_controls`); a part's are the parts' labels
        "choices": {"option.top": {"1": _("+1 square"), "-1": _("−1 square")}},
        "overrevChoose": _("choose the part"),
        "overrevCost": _("+1 point of the driver's choice"),
        "overrevBad": _("7 → 2 costs one more point: choose the part it comes off (A13)."),
        "seventhA": _("7th gear: the 5th gear's die"),
        "seventhB": _("7th gear: the 6th gear's die"),
        "seventhBad": _("7th gear: type the 5th gear's die (11–20) and the 6th gear's die (21–30)."),
        "die": _("Die"),
        "spare": _("Spare car for No. {car}"),
        "spareHelp": _("A retired driver takes the spare car (red flag rules)"),
        "spareFirst": _("First point taken off the build"),
        "spareSecond": _("Second point taken off the build"),
        "sparePath": _("Its path: tap the squares on the board, in order"),
        "spareBad": _("Give the gear and the die."),
        "spareStops": _("Or leave the path empty: the squares it may stop on light up on the board."),
        "resumed": _("The move being built is back where it was."),
        "rollsSoFar": _("Rolled so far: {rolls}"),
        "wait": _("No. {car} is stalled: it waits this turn"),
        "played": _("Move stored."),
        "refused": _("The move is refused:"),
        "conflict": _("Another device played first: the board is up to date, choose again."),
        "offline": _("The site cannot be reached: nothing is lost, try again."),
        "retry": _("Try again"),
        "error": _("Something went wrong: {detail}"),
        "noEvents": _("Nothing has happened yet."),
        "position": _("P{n}"),
        "gear": _("gear {gear}"),
        "racing": _("racing"),
        "carFinished": _("finished the race"),
        "carOut": _("out: {cause}"),
        # why a car is out (rules.state.Cause), as the dashboards say it
        "causes": {
            "body": _("body destroyed"),
            "engine": _("engine blown"),
            "handling": _("lost road holding"),
            "blocking": _("blocked in"),
            "corner": _("too few stops in a corner"),
            "road-exit": _("off the road"),
            "rules": _("a rule broken"),
        },
        "updated": _("Updated {time}"),
        # a remote table (its driver plays his own car, the site rolls the dice)
        "remoteToPlay": _("Car {car} ({driver}) is to play — autopilot at {due}"),
        "remoteWatch": _("Not your car's turn: you are watching. You are told when it is your move."),
        "siteRolled": _("rolled by the site: {roll}"),
        "remoteRoll": _("Roll the die"),
        "autopilot": _("autopilot"),
        "autopilotPlayed": _("the site played this move"),
        "advanceGear": _("Car {car}: my next gear if I can"),
        "advanceSaved": _("Your next gear is saved."),
        "onAutopilot": _("Your car is on autopilot: the site plays its moves."),
        "imBack": _("I'm back"),
        "tests": {
            "collision": _("collision"),
            "engine": _("engine"),
            "handling": _("road holding"),
            "weather": _("weather"),
            "pit": _("pit stop"),
            "spin": _("severe spin"),
            "debris": _("debris"),
            "scatter": _("debris scatter"),
            "accident": _("accident"),
        },
    }


def option_controls(options: Collection[str]) -> list[dict[str, Any]]:
    """The race-night controls of these options (`OptionSpec.controls`), in the engine's order,
    each with its option and its label in the reader's language: the page builds them from this."""
    return [
        {"option": spec.id, **control_json(c)}
        for spec in option_specs()
        if spec.id in options
        for c in spec.controls
    ]


def may_record_race(*, race: Race, user: Any) -> bool:
    """An entrant of the race (a driver with a car in it) or a steward may set up a table."""
    return bool(user.is_authenticated) and table_writer_allowed(race=race, user=user)


def open_table(race: Race) -> LiveTable | None:
    """The table the race is being recorded on, if any (a race has one open table at most)."""
    return selectors.race_open_table(race=race)


def race_night(request: HttpRequest, pk: int) -> HttpResponse:
    """`/races/<id>/live/`: the table in play, else its set-up (for those who may record)."""
    race = get_object_or_404(Race.objects.select_related("season", "circuit"), pk=pk)
    if (
        request.method == "POST"
        and request.user.is_authenticated
        and not may_record_race(race=race, user=request.user)
    ):
        raise PermissionDenied  # a set-up sent by an account that may not record it (a view-only admin)
    paper = _paper_sheet(request, race, request.POST.get("transcribe") or request.GET.get("transcribe"))
    table = open_table(race)
    if table is not None:
        return _to_table(table, paper)
    may_record = may_record_race(race=race, user=request.user)
    # a remote race's table is the site's to open, at the race's start (remote/opening.py)
    if not may_record or race.status == Race.Status.OFFICIAL or race.is_remote:
        return render(
            request,
            "live/no_table.html",
            {
                "race": race,
                "finished": selectors.race_tables(race=race).first(),
                "may_record": may_record,
                "remote": race.is_remote,
            },
        )
    form = SetupForm(request.POST if request.method == "POST" else None, race=race)
    problems: list[str] = []
    unplayable = _unplayable(race)  # said before the cars are typed in
    if unplayable is not None:
        problems = [unplayable.text()]
    elif request.method == "POST" and form.is_valid():
        try:
            header = form.header()
            table = services.table_create(
                race=race,
                user=request.user,
                header=header,
                absent=form.absent_cars(),
                site_weather=form.weather_rolled_by_site(),
            )
        except services.TableRefused as exc:
            problems = _violation_texts(exc)
        except TableUnplayable as exc:
            unplayable, problems = exc, [exc.text()]
        else:
            if form.weather_rolled_by_site():
                SiteRoll.objects.create(
                    table=table, step=0, die="weather", roll=table.header["weather"]["race"], by=request.user
                )
            return _to_table(table, paper)
    return render(
        request,
        "live/setup.html",
        {
            "race": race,
            "form": form,
            "rows": form.rows(),
            "paper": paper,
            "problems": problems,
            "parts": part_labels(),
            "wear_check_url": reverse("live:race-night-wear", kwargs={"pk": race.pk}),
            "presence_url": reverse("live:race-night-presence", kwargs={"pk": race.pk}),
            "ticks_sent": TICKS_SENT,
            "finished": selectors.race_tables(race=race).first(),
        },
        status=200 if request.method != "POST" else 409 if unplayable is not None else 400,
    )


def _unplayable(race: Race) -> TableUnplayable | None:
    """Why the engine cannot play this race at all (its circuit or season rules), if it cannot."""
    try:
        engine.playable_track(race)
        engine.playable_rules(race)
    except TableUnplayable as exc:
        return exc
    return None


def _paper_sheet(request: HttpRequest, race: Race, pk: str | None) -> RaceSheet | None:
    """The paper sheet (photos alone) a steward transcribes at this table, from `?transcribe=`."""
    if not pk or not str(pk).isdigit() or not steward_may(request.user, "add_racesheet"):
        return None
    return (
        RaceSheet.objects.filter(race=race, kind=RaceSheet.Kind.RACE, pk=int(pk))
        .prefetch_related("photos")
        .first()
    )


def _to_table(table: LiveTable, paper: RaceSheet | None) -> HttpResponse:
    url = reverse("live:race-night-table", kwargs={"pk": table.pk})
    return redirect(f"{url}?transcribe={paper.pk}" if paper else url)


def _violation_texts(exc: services.TableRefused) -> list[str]:
    """The refusal's violations in the reader's language, else its detail."""
    payload = exc.payload
    return [v["message"] for v in payload.get("violations", ())] or [payload["detail"]]


@require_GET
def wear_check(request: HttpRequest, pk: int) -> JsonResponse:
    """The engine's word on one car's wear build as it is typed (D1: 20 points, A11, X3)."""
    race = get_object_or_404(Race.objects.select_related("season"), pk=pk)
    entry = next(
        (e for e in race_entries_in_grid_order(race) if e.season_entry.car_id == request.GET.get("car")),
        None,
    )
    if entry is None:
        raise Http404(_("No such car in this race."))
    try:
        wear = {part: int(request.GET.get(part, "")) for part in PARTS}
    except ValueError:
        return JsonResponse({"ok": False, "problems": [_("Type a whole number for each of the six parts.")]})
    try:
        engine.playable_rules(race)  # the season's rules the engine checks the build by
    except TableUnplayable as exc:
        return JsonResponse({"ok": False, "problems": [exc.text()], **exc.payload}, status=409)
    problems = wear_build_problems(race_entry=entry, wear=wear)
    return JsonResponse({"ok": not problems, "total": sum(wear.values()), "problems": problems})


@require_POST
def roll_dice(request: HttpRequest, pk: int) -> JsonResponse:
    """A fair roll for a table without the special dice (a gear's die or a d20), recorded."""
    table = get_object_or_404(LiveTable, pk=pk)
    if not selectors.table_may_write(table=table, user=request.user):
        raise PermissionDenied
    die = request.POST.get("die", "d20")
    try:
        rolled = services.table_roll(table=table, user=request.user, die=die)
    except NoSuchDie:
        return JsonResponse({"detail": _("There is no such die.")}, status=400)
    except services.TableConflict as exc:
        return JsonResponse(exc.payload, status=409)
    return JsonResponse({"die": rolled.die, "roll": rolled.roll, "step": rolled.step, "car": rolled.car})


def race_night_table(request: HttpRequest, pk: int) -> HttpResponse:
    """`/live/tables/<id>/`: the board, whose move it is, every car's dashboard; recording or watching."""
    table = get_object_or_404(LiveTable.objects.select_related("race__season", "race__circuit"), pk=pk)
    context = table_page(request, table, may_record=True)
    if isinstance(context, HttpResponse):
        return context
    return render(request, "live/table.html", context)


def table_page(request: HttpRequest, table: LiveTable, *, may_record: bool) -> dict[str, Any] | HttpResponse:
    """The table page's context (its first paint and the script's data), or the page saying why
    the engine cannot play it. `may_record` False: watching only, whoever asks (the TV view)."""
    race = table.race
    try:
        now = selectors.table_state(table=table)
        state = as_json(StateSerializer, now)  # the API's JSON: the page's script carries on from it
    except TableUnplayable as exc:  # the circuit or the rules cannot be read: say so, no 500
        return render(
            request, "live/unplayable.html", {"race": race, "table": table, "reason": exc.text()}, status=409
        )
    recording = may_record and selectors.table_may_write(table=table, user=request.user)
    remote = _remote_page(table, request.user) if table.mode == "remote" else None
    if remote is not None and not remote["mine"]:
        recording = False  # a remote table: only its drivers play, each his own car
    paper = _paper_sheet(request, race, request.GET.get("transcribe")) if recording else None
    names = circuit_square_names(race.circuit)  # how the table names the squares; ids stay in the log
    cars = _cars(race, now, names)
    layout = circuit_drawing(race.circuit)
    svg = None
    centres: dict[str, Any] = {}
    if layout is not None:
        marks = [
            CarMark(
                car=c["car"],
                square=c["shown_square"],
                colour=c["colour"],
                title=c["title"],
                state=c["mark_state"],
            )
            for c in cars
            if c["shown_square"]
        ]
        svg = mark_safe(  # noqa: S308 (built by circuit_svg, which escapes every text)
            circuit_svg(
                layout,
                title=_("Map of %(circuit)s with the cars on their squares") % {"circuit": race.circuit.name},
                cars=marks,
                pit_label=_("PIT"),
                element_id="live-map",
                names=names,
            )
        )
        centres = square_centres(layout)
    urls = now.urls
    data = {
        "mode": "record" if recording else "watch",
        "table": table.pk,
        "options": list(table.header.get("options") or []),  # the stored header: options may be left out
        "controls": option_controls(now.engine.game.rules.options),
        "tyres": [t.value for t in Tyres],
        "state": state,
        "cars": {c["car"]: {k: c[k] for k in ("driver", "name", "team", "colour", "ink")} for c in cars},
        "centres": centres,
        "names": names,
        "pitLane": sorted(now.engine.game.track.pit_lane),  # a way through it says so
        # each car's stand (S2): its stand stop is asked beside the others
        "stands": {str(c["car"]): c["stand"] for c in table.header.get("cars") or () if c.get("stand")},
        # a board on its picture is framed on the car to play and its stops at phone size
        "picture": bool(layout is not None and layout.picture is not None),
        "labels": page_labels(),
        "parts": list(PARTS),
        "partLabels": part_labels(),
        # the dice, as the engine has them (rules/gearbox.py): each gear's die's lowest and highest
        # face; a gear with no die of its own (A13's 7th) throws the dice of `thrown`
        "faces": {str(gear): list(faces) for gear, faces in RANGES.items()},
        "thrown": {str(gear): list(SEVENTH) for gear in RANGES if gear not in FACES},
        "anyDie": [min(low for low, _high in DIE_RANGES), max(high for _low, high in DIE_RANGES)],
        "d20": [D20[0], D20[-1]],
        "urls": {
            "state": urls["self"],
            "choices": urls["choices"],
            "moves": urls["moves"],
            "last": urls["last"],
            "restart": urls["restart"],
            "finish": urls["finish"],
            "roll": reverse("live:race-night-roll", kwargs={"pk": table.pk}),
            "race": race.get_absolute_url(),
        },
        "csrf": get_token(request) if recording else "",
        "remote": remote,
    }
    return {
        "race": race,
        "table": table,
        "state": state,
        "cars": cars,
        "svg": svg,
        "recording": recording,
        "data": data,
        "events": list(reversed(state["events"][-8:])),
        "paper": paper,
        "photos": list(paper.photos.all()) if paper else [],
        "site_rolls": list(table.site_rolls.all()),
        "remote": remote,
    }


def _remote_page(table: LiveTable, user: Any) -> dict[str, Any]:
    """A remote table's part of the page's data: the reader's own cars (he plays those only, in
    their turn) and the remote API's addresses (clocks, advance gear, back from the autopilot)."""
    return {
        "mine": sorted(cars_of(table, user)),
        "clocks": reverse("api:table-clocks", kwargs={"pk": table.pk}),
        "advance": reverse("api:table-advance", kwargs={"pk": table.pk}),
        "back": reverse("api:table-back", kwargs={"pk": table.pk}),
    }


def _out_cause(car: Any) -> str:
    """Why a car is out in the page's words (`page_labels()["causes"]`), else its status."""
    cause = car.cause.value if car.cause else None
    return str(page_labels()["causes"].get(cause) or cause or car.status.value)


MARK_STATES = {CarStatus.FINISHED: "finished", CarStatus.RACING: "racing"}  # else "out"


def _cars(race: Race, state: TableState, names: dict[str, str]) -> list[dict[str, Any]]:
    """Each car of the state with its driver's name and team colour, in the race order."""
    entries: dict[str, RaceEntry] = {e.season_entry.car_id: e for e in race_entries_in_grid_order(race)}
    order = {car: n for n, car in enumerate(state.order, start=1)}
    labels = part_labels()
    out = []
    for now in state.cars:
        car = now.car
        entry = entries.get(car.id)
        team = entry.season_entry.team if entry else None
        colour = (team.colour if team and getattr(team, "colour", "") else "") or NO_COLOUR
        name = entry.season_entry.driver.name if entry else now.driver
        wear = car.wear.to_json()
        out.append(
            {
                "car": car.id,
                "driver": now.driver,
                "name": name,
                "team": team.name if team else now.team,
                "colour": colour,
                "ink": ink_for(colour),
                "position": order.get(car.id),
                "gear": car.gear,
                "status": car.status.value,
                "cause": car.cause.value if car.cause else None,
                # the dashboard's status as live.js words it ("out: too few stops in a corner")
                "out_text": _("out: {cause}").replace("{cause}", _out_cause(car)),
                # a car past the line (or out) has no square, but the state says where it stopped
                "shown_square": car.square or now.last_square or "",
                "square_name": square_name(names, car.square or now.last_square),
                "title": _("No. %(car)s %(driver)s") % {"car": car.id, "driver": name},
                "mark_state": MARK_STATES.get(car.status, "out"),
                "parts": [{"part": p, "label": labels[p], "value": wear[p]} for p in PARTS],
            }
        )
    out.sort(key=lambda c: c["position"] or 10**6)
    return out
