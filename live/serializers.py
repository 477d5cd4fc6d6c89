"""The race-night API's JSON (docs/race-night-api.md): one set of DRF serializers that both
describe the shapes in the OpenAPI schema and produce them from the engine's objects (a
`live.state.TableState`, `Choices`, `rules.play`'s `Gears`, `StopChoice`, `TestDue`, the
verdict's `Event` and `Violation`), so the schema and the answers cannot drift apart.

The words (`message`, `detail`) are rendered here, at the edge, in the active language
(`core.messages`). The requests' shapes are here too (`HeaderInputSerializer`…).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from django.utils.translation import get_language, ngettext
from drf_spectacular.utils import extend_schema_field, extend_schema_serializer
from rest_framework import serializers

from circuits.square_words import named_message, track_names
from core.messages import message_text
from live.event_words import Told, cause_text, rule_links, rules_named, told_once
from live.models import LiveTable
from rules.messages import params_json
from rules.verdict import Event

if TYPE_CHECKING:
    from live.state import TableState


# -- fields: an engine value as JSON --------------------------------------------------------


class ValueField(serializers.CharField):
    """One of the engine's enums as its value (a site's code, already a string, as it is)."""

    def to_representation(self, value: Any) -> str:
        return value.value if isinstance(value, Enum) else str(value)


class ParamsField(serializers.DictField):
    """A message's params: the engine's (name, value) pairs as a JSON object (a nested message as
    {"code", "params"}); params already JSON (the site's, a reading error's) as they are."""

    def to_representation(self, value: Any) -> dict[str, Any]:
        return params_json(value) if isinstance(value, tuple) else dict(value)


class MessageField(serializers.CharField):
    """The message of an event or a violation in the reader's language. A site's violation (a
    dict, `sheets.engine`, `live.dice`, `live.errors`) carries its words already."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("source", "*")  # the event or violation itself
        super().__init__(**kwargs)

    def to_representation(self, value: Any) -> str:
        if isinstance(value, Mapping):
            return value["message"]
        return message_text(value.code, value.params)


class EngineJsonField(serializers.DictField):
    """A value the engine writes as JSON itself (`to_json()`: a wear build, a penalty, a placing,
    a race-log@1 move): the engine's format, shared with the race log and the verdict."""

    def to_representation(self, value: Any) -> dict[str, Any]:
        return value.to_json()


class PairsField(serializers.DictField):
    """(name, number) pairs as a JSON object."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(child=serializers.IntegerField(), **kwargs)

    def to_representation(self, value: Any) -> dict[str, Any]:
        return dict(value)


class CountField(serializers.IntegerField):
    """How many there are."""

    def to_representation(self, value: Any) -> int:
        return len(value)


class AnyField(serializers.BooleanField):
    """Whether there is any."""

    def to_representation(self, value: Any) -> bool:
        return bool(value)


@extend_schema_field(
    {"oneOf": [{"type": "integer"}, {"type": "array", "items": {"type": "integer"}, "minItems": 2}]}
)
class RollField(serializers.Field):
    """A movement die: a number, or in 7th gear the 5th and 6th gear dice, `[d5, d6]`."""

    def to_representation(self, value: Any) -> int | list[int]:
        return list(value) if isinstance(value, tuple) else value


class Answer(serializers.Serializer):
    """An answer whose optional fields (`required=False`) are left out, not null, when the value
    is None or missing: what was not asked for, or does not apply."""

    def to_representation(self, instance: Any) -> dict[str, Any]:
        out = super().to_representation(instance)
        for name, field in self.fields.items():
            if not field.required and name in out and out[name] is None:
                del out[name]
        return out


# -- what happened: events and violations ----------------------------------------------------


@extend_schema_serializer(component_name="RaceNightViolation")
class ViolationSerializer(serializers.Serializer):
    """A broken rule: one of the engine's (G2, C5…) or one of the site's own (`SITE-…`)."""

    # an engine's `rules.verdict.Violation`, or a site's dict (`sheets.engine`, `live.dice`,
    # `live.errors`) whose message is already in the reader's language

    turn = serializers.IntegerField()
    car = serializers.CharField(allow_null=True)
    rule = serializers.CharField()
    code = ValueField()
    params = ParamsField()
    message = MessageField()


@dataclass(frozen=True, slots=True)
class StepEvent:
    """An event of the table and the step that made it (-1: the start); `told`: how race night
    says it (`live.event_words.told_once`: an elimination in its reason's words)."""

    step: int
    event: Event
    told: Told | None = None


class ToldMessageField(serializers.CharField):
    """The event in the reader's language, as race night tells it."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("source", "*")
        super().__init__(**kwargs)

    def to_representation(self, value: StepEvent) -> str:
        told = value.told
        return (
            message_text(told.code, told.params)
            if told
            else message_text(value.event.code, value.event.params)
        )


@extend_schema_serializer(component_name="RaceNightRuleLink")
class RuleLinkSerializer(serializers.Serializer):
    rule = serializers.CharField()
    url = serializers.CharField(help_text="The rule on the rules page (`/rules/#rule-C3`).")


@extend_schema_serializer(component_name="RaceNightEvent")
class StepEventSerializer(serializers.Serializer):
    step = serializers.IntegerField(help_text="The step that made it; -1: the start (the header).")
    turn = serializers.IntegerField(source="event.turn")
    car = serializers.CharField(source="event.car", allow_null=True)
    kind = ValueField(source="event.kind")
    code = ValueField(source="event.code")
    params = ParamsField(source="event.params")
    message = ToldMessageField()
    rules = RuleLinkSerializer(
        many=True, source="*", help_text="The rules the event is about, linked to the rules page."
    )
    rule_url = serializers.CharField(
        source="*", allow_null=True, help_text="The first of `rules`' addresses (null: none)."
    )

    def to_representation(self, instance: StepEvent) -> dict[str, Any]:
        said = instance.told or Told(instance.event, instance.event.code, instance.event.params)
        links = rule_links(rules_named(said.code, said.params))
        out = {
            "step": instance.step,
            "turn": instance.event.turn,
            "car": instance.event.car,
            "kind": instance.event.kind.value,
            "code": instance.event.code.value,
            "params": params_json(instance.event.params),
            "message": message_text(said.code, said.params),
            "rules": links,
            "rule_url": links[0]["url"] if links else None,
        }
        return out


class StepEventsField(serializers.ListField):
    """The events of a `TableState`'s steps from its `since` on, oldest first, each told once
    (`live.event_words`). Each step's are rendered once per language and kept in the state's memo
    (the links never change)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(child=StepEventSerializer(), source="*", **kwargs)

    def to_representation(self, state: TableState) -> list[dict[str, Any]]:
        language = get_language()
        memo = state.memo
        names = track_names(state.engine.game.track)  # a square an event names, in words
        out: list[dict[str, Any]] = []
        for step, link in state.links():
            key = (id(link), language)
            hit = memo.get(key)
            if hit is None or hit[0] is not link:  # an id is only unique while its table lives
                told = told_once(e for e in link.events if isinstance(e, Event))
                said = [self._said(StepEvent(step, t.event, t), names) for t in told]
                hit = (link, said)
                memo[key] = hit
            out.extend(hit[1])
        return out

    def _said(self, event: StepEvent, names: Mapping[str, str]) -> dict[str, Any]:
        said = self.child.to_representation(event)
        told = event.told
        named = named_message(told.code, told.params, names) if told else None
        return said if named is None else {**said, "message": named}


# -- the state -------------------------------------------------------------------------------


@extend_schema_serializer(component_name="RaceNightRollInput")
class RollInputSerializer(serializers.Serializer):
    die = serializers.CharField(help_text='A gear\'s die "1"–"6" (7th gear: "5" then "6") or "d20".')


@extend_schema_serializer(component_name="RaceNightSiteRoll")
class SiteRollSerializer(serializers.Serializer):
    step = serializers.IntegerField(help_text="The table's steps when it was rolled.")
    die = serializers.CharField(help_text='"1"–"6" (a gear\'s die) or "d20".')
    roll = serializers.IntegerField()
    car = serializers.CharField(help_text="Whose roll it is.")
    counter = serializers.IntegerField(help_text="Earlier rolls of this die for this step (fair dice).")


@extend_schema_serializer(component_name="RaceNightAutopilotStep")
class AutopilotStepSerializer(serializers.Serializer):
    step = serializers.IntegerField()
    car = serializers.CharField(allow_null=True)
    why = serializers.CharField(help_text='"deadline", "away", "advance" or "site".')


@extend_schema_serializer(component_name="RaceNightToPlay")
class ToPlaySerializer(serializers.Serializer):
    turn = serializers.IntegerField()
    car = serializers.CharField(allow_null=True, help_text="null: the turn's restart (A5) comes first")
    restart_due = serializers.BooleanField()
    wait = serializers.CharField(allow_null=True, help_text='A18: the move is {"car": …, "wait": wait}')
    again = serializers.BooleanField(help_text="M6-2-5: a move lost to lapping, won back")


class CauseTextField(serializers.CharField):
    """Why a car is out, in the reader's language."""

    def to_representation(self, value: Any) -> str | None:
        return cause_text(value)


@extend_schema_serializer(component_name="RaceNightCar")
class CarSerializer(serializers.Serializer):
    """A car now: where it is, its gear, its wear, its status."""

    # a `live.state.CarNow`: the engine's `CarState` with its driver, team and last square

    car = serializers.CharField(source="car.id")
    driver = serializers.CharField()
    team = serializers.CharField()
    square = serializers.CharField(source="car.square", allow_null=True, help_text="null once off the track")
    last_square = serializers.CharField(allow_null=True, help_text="Where it stopped last.")
    gear = serializers.IntegerField(source="car.gear")
    crossings = serializers.IntegerField(source="car.crossings")
    status = ValueField(source="car.status")
    cause = ValueField(source="car.cause", allow_null=True)
    cause_text = CauseTextField(
        source="car.cause", allow_null=True, help_text="The cause in the reader's language (null: none)."
    )
    spun = serializers.BooleanField(source="car.spun")
    tyres = ValueField(source="car.tyres")
    wear = EngineJsonField(source="car.wear", help_text="Points left by part.")
    penalties = serializers.ListField(source="car.penalties", child=EngineJsonField())


@extend_schema_serializer(component_name="RaceNightSheetLink")
class SheetLinkSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.CharField()


@extend_schema_serializer(component_name="RaceNightTableLink")
class TableLinkSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.CharField(help_text="Its state (the API).")
    page = serializers.CharField(help_text="Its race-night page.")


@extend_schema_serializer(component_name="RaceNightUrls")
class UrlsSerializer(serializers.Serializer):
    self = serializers.CharField()
    choices = serializers.CharField()
    moves = serializers.CharField()
    last = serializers.CharField()
    restart = serializers.CharField()
    finish = serializers.CharField()
    rolls = serializers.CharField(help_text="POST: the site rolls a die for the move being played.")
    page = serializers.CharField()
    sheet = serializers.CharField(required=False, help_text="Once finished: the race sheet.")


@extend_schema_serializer(component_name="RaceNightState")
class StateSerializer(serializers.Serializer):
    """A race-night table now: whose move it is, every car, the events so far."""

    # a `live.state.TableState`

    id = serializers.IntegerField(source="table.pk")
    race = serializers.IntegerField(source="table.race_id")
    status = serializers.ChoiceField(source="table.status", choices=LiveTable.Status.choices)
    steps = serializers.IntegerField(
        source="table.steps", help_text="Steps stored (moves and restarts): send it back as `expected`."
    )
    moves = serializers.IntegerField(source="engine.moves")
    turn = serializers.IntegerField()
    lap = serializers.IntegerField()
    laps = serializers.IntegerField()
    to_play = ToPlaySerializer(allow_null=True, help_text="null once the race is over")
    weather = ValueField(source="engine.state.weather.current")
    cars = CarSerializer(many=True)
    order = serializers.ListField(
        child=serializers.CharField(), help_text="The race order now, leader first."
    )
    classification = serializers.ListField(
        source="placings", child=EngineJsonField(), help_text="position, car, status, turn, points"
    )
    events = StepEventsField(help_text="Events so far (of the steps ≥ `?events=`), oldest first.")
    problems = ViolationSerializer(many=True, help_text="The header's violations (the engine's).")
    sheet = SheetLinkSerializer(allow_null=True)
    replaced_by = TableLinkSerializer(
        allow_null=True,
        help_text="Once a steward closed this table (`status` closed): the table the race is recorded on.",
    )
    dice_commitment = serializers.CharField(
        source="table.dice_commitment",
        allow_null=True,
        help_text="Fair dice (docs/fair-dice.md): SHA-256 of the seed the site rolls from, hex; null for "
        "a table from before them.",
    )
    dice_seed = serializers.CharField(
        source="table.dice_revealed",
        allow_null=True,
        help_text="The seed, hex, once the table is finished or closed (null before): "
        "`python -m rules.dice verify LOG.json --seed HEX`.",
    )
    mode = serializers.CharField(
        source="table.mode",
        help_text="`table` or `remote`. `remote`: each driver plays his own car (403 for another's, 409 out of turn) and "
        "the site rolls every die (docs/remote-races.md).",
    )
    site_rolls = SiteRollSerializer(
        many=True, help_text="Remote tables: the site's rolls for the move being played, each with its car."
    )
    autopilot = AutopilotStepSerializer(
        many=True, help_text="Remote tables: the steps the site played for their drivers."
    )
    urls = UrlsSerializer()


# -- the choices -----------------------------------------------------------------------------


@extend_schema_serializer(component_name="RaceNightGearChoice")
class GearChoiceSerializer(serializers.Serializer):
    gear = serializers.IntegerField()
    skipped = serializers.IntegerField()
    gearbox = serializers.IntegerField()
    brakes = serializers.IntegerField()
    engine = serializers.IntegerField()
    engine_left = serializers.IntegerField()
    overrev = serializers.ListField(child=serializers.CharField())
    free = serializers.BooleanField()


@extend_schema_serializer(component_name="RaceNightGears")
class GearsSerializer(serializers.Serializer):
    current = serializers.IntegerField()
    rule = ValueField()
    choices = GearChoiceSerializer(many=True)


@extend_schema_serializer(component_name="RaceNightTestDue")
class TestDueSerializer(serializers.Serializer):
    __test__ = False  # not a pytest class

    kind = ValueField()
    car = serializers.CharField()
    square = serializers.CharField(allow_null=True)
    any_order = serializers.BooleanField()


@extend_schema_serializer(component_name="RaceNightCost")
class CostSerializer(serializers.Serializer):
    wear = PairsField(help_text="Points lost by part.")
    points = serializers.IntegerField()
    spun = serializers.BooleanField()
    out = ValueField(allow_null=True)
    penalties = CountField()


class WhyField(serializers.CharField):
    """An engine message (code, params) in the reader's language, or null."""

    def to_representation(self, value: Any) -> str | None:
        return None if value is None else message_text(*value)

    def get_attribute(self, instance: Any) -> Any:
        return getattr(instance, "why", None)


@extend_schema_serializer(component_name="RaceNightWay")
class WaySerializer(serializers.Serializer):
    path = serializers.ListField(child=serializers.CharField())
    brake = serializers.IntegerField()
    bonus = serializers.IntegerField()
    slipstream = serializers.IntegerField()
    cost = CostSerializer()
    tests = TestDueSerializer(many=True)
    events = serializers.ListField(source="kinds", child=serializers.CharField())
    move = EngineJsonField(help_text="The race-log@1 move to send (add its `tests`).")
    why = WhyField(
        allow_null=True, help_text="An eliminating way: why, in the reader's language (its rule in brackets)."
    )


@extend_schema_serializer(component_name="RaceNightStop")
class StopSerializer(serializers.Serializer):
    square = serializers.CharField()
    matters = AnyField(source="alternatives", help_text="Another way there costs something else.")
    way = WaySerializer()
    alternatives = WaySerializer(many=True)


@extend_schema_serializer(component_name="RaceNightTests")
class TestsSerializer(serializers.Serializer):
    __test__ = False  # not a pytest class

    due = TestDueSerializer(many=True)
    next = TestDueSerializer(many=True, help_text="The rolls that may come next.")


@extend_schema_serializer(component_name="RaceNightChoices")
class ChoicesSerializer(Answer):
    """What the car to play may do: its gears; the stops of a gear and roll; the tests due."""

    # a `live.state.Choices`

    steps = serializers.IntegerField()
    turn = serializers.IntegerField(allow_null=True)
    car = serializers.CharField(allow_null=True)
    restart_due = serializers.BooleanField()
    wait = serializers.CharField(allow_null=True)
    spare = serializers.BooleanField(
        required=False, help_text="True: the choices of a spare car's move (`?spare=`, A5)."
    )
    gears = GearsSerializer(allow_null=True)
    gear = serializers.IntegerField(required=False)
    roll = RollField(required=False)
    stops = StopSerializer(many=True, required=False)
    tests = TestsSerializer(required=False)


@extend_schema_serializer(component_name="RaceNightRolled")
class RolledSerializer(SiteRollSerializer):
    """A roll the site just made; a gear's comes with the stops it offers."""

    choices = ChoicesSerializer(
        allow_null=True, help_text="A gear's roll: the choices for that gear and roll; null for a d20."
    )


# -- the other answers -----------------------------------------------------------------------


class ReplacedNoticeField(serializers.CharField):
    """ "Table 7 is closed: …" for the tables a new one closed; null when none."""

    def to_representation(self, value: Any) -> str | None:
        if not value:
            return None
        return ngettext(
            "Table %(tables)s of this race is closed: the race is recorded on this one now.",
            "Tables %(tables)s of this race are closed: the race is recorded on this one now.",
            len(value),
        ) % {"tables": ", ".join(str(pk) for pk in value)}


@extend_schema_serializer(component_name="RaceNightCreated")
class CreatedSerializer(serializers.Serializer):
    """The new table: its URLs and its state."""

    # a new table's `live.state.TableState`

    id = serializers.IntegerField(source="table.pk")
    url = serializers.URLField(source="urls.self")
    page = serializers.URLField(source="urls.page")
    replaced = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The tables of the race this one closed: a steward's replacement (`replace`).",
    )
    notice = ReplacedNoticeField(
        source="replaced",
        required=False,
        help_text="When it closed a table: says so, in the reader's language.",
    )
    state = StateSerializer(source="*")

    def to_representation(self, instance: Any) -> dict[str, Any]:
        out = super().to_representation(instance)
        if out.get("notice") is None:
            out.pop("notice", None)
        return out


@extend_schema_serializer(component_name="RaceNightFinished")
class FinishedSerializer(serializers.Serializer):
    sheet = serializers.IntegerField()
    url = serializers.URLField(help_text="The sheet's validation (GET /api/sheets/{id}/).")
    page = serializers.URLField()


@extend_schema_serializer(component_name="RaceNightRefusal")
class RefusalSerializer(Answer):
    """Refused: nothing stored; the violations say why."""

    # a `TableRefused`'s or a `ChoiceError`'s `answer`

    detail = serializers.CharField()
    code = ValueField(
        required=False,
        help_text="When the engine gives one reason: its code (e.g. read.expected_integer), as in `violations`.",
    )
    params = ParamsField(required=False, help_text="The code's params (`where`: the place).")
    violations = ViolationSerializer(many=True, required=False)
    tests_due = TestDueSerializer(
        many=True, required=False, help_text="When only d20 rolls are missing: the rolls due."
    )


@extend_schema_serializer(component_name="RaceNightConflict")
class ConflictSerializer(Answer):
    """Another device played first, or the table is finished; with a `code`, the race cannot be
    played (its circuit or its season's rules cannot be read)."""

    # a `TableConflict`'s `answer`, or a `TableUnplayable`'s (with a `code`)

    detail = serializers.CharField()
    steps = serializers.IntegerField(required=False)
    code = serializers.CharField(
        required=False,
        help_text="live.circuit_broken, live.rules_broken, live.table_broken: the race cannot be played "
        "(its circuit, its season's rules, a stored step the engine refuses now); live.table_open: "
        "the race has a table open (`params.table`; a steward replaces it with `replace`); "
        "live.table_quota: the user has as many tables open as allowed (`params.limit`, "
        "`params.tables`); live.table_closed: a steward closed this table (`params.table`: the "
        "table the race is recorded on).",
    )
    params = serializers.DictField(required=False)


# -- the requests ----------------------------------------------------------------------------


@extend_schema_serializer(component_name="RaceNightHeader")
class HeaderInputSerializer(serializers.Serializer):
    header = serializers.JSONField(
        help_text="A race-log@1 document without `turns` and `result` (or send it as the body itself)."
    )
    replace = serializers.BooleanField(
        required=False,
        help_text="A steward only: close the race's open table (it says which) and record on this one.",
    )
    absent = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="The entries whose drivers did not come (non-partants, DNS): every entry of the race "
        "is either among the header's `cars` or here. Beside `header`, or among the body's fields "
        "when the body is the header.",
    )


@extend_schema_serializer(component_name="RaceNightMove")
class MoveInputSerializer(serializers.Serializer):
    move = serializers.JSONField(help_text="One race-log@1 move object (or send it as the body itself).")
    expected = serializers.IntegerField(required=False, help_text="The `steps` the client last saw.")


@extend_schema_serializer(component_name="RaceNightRestart")
class RestartInputSerializer(serializers.Serializer):
    restart = serializers.JSONField(
        help_text='The race-log@1 restart object, {"pits": [...]}, or the body itself.'
    )
    expected = serializers.IntegerField(required=False)


_BOUND: dict[type[serializers.Serializer], serializers.Serializer] = {}


def as_json(shape: type[serializers.Serializer], instance: Any) -> dict[str, Any]:
    """`shape(instance).data`, made by one instance of each serializer, kept: DRF deep-copies a
    serializer's whole tree of fields for every new instance, which would cost a table's state
    more than the rest of its rendering. (A bound serializer's `to_representation` keeps nothing
    between calls; it reads no context.)"""
    bound = _BOUND.get(shape)
    if bound is None:
        bound = _BOUND.setdefault(shape, shape())
    return bound.to_representation(instance)
