"""The race-night set-up form: each car's grid slot, tyres and wear build, and the weather roll.

The form only reads numbers and names; the rules (the 20-point build, the grid squares, the d20) are the
engine's, checked when the header is handed to it (`races.wear.wear_build_problems` for a build,
the table service for the whole header).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from circuits.drawing import ink_for
from league.rules_display import option_specs
from races.models import Race, RaceEntry
from races.views_wear import PART_LABELS
from rules.fair_dice import MAX_PLAYER_SEED
from rules.gearbox import D20
from rules.state import PARTS
from sheets.engine import SheetEngineError, race_track
from sheets.replay.frames import NO_COLOUR

LOG_FORMAT = "formule-de/race-log@1"
MAX_SEEDS = 20  # the players' own dice seeds a set-up takes (a line each)


@dataclass(frozen=True)
class CarRow:
    """One car's fields in the set-up form, for the template."""

    entry: RaceEntry
    colour: str
    ink: str
    races: forms.BoundField  # ticked: the driver came and races; else a non-partant (DNS)
    grid: forms.BoundField
    tyres: forms.BoundField
    wear: list[forms.BoundField]
    absent: bool = False  # not ticked: a non-partant, its fields not read
    stand: forms.BoundField | None = None  # S2/S3: the car's pit square, when the circuit has a pit lane
    fuel: forms.BoundField | None = None  # the tank at the start, when an option of the season asks it (A12)


def _key(entry: RaceEntry) -> str:
    return f"car-{entry.season_entry.car_id}"


def races_field(entry: RaceEntry) -> str:
    """The name of the tick that says the car's driver came (the set-up and the presence view)."""
    return f"{_key(entry)}-races"


# Sent with the ticks: a post without it (an older page, a script) leaves who races as marked.
TICKS_SENT = "who-races"


def absent_in(data: Any, entries: list[RaceEntry]) -> list[str] | None:
    """The cars whose tick is not in the posted `data` (their drivers did not come); None when
    the post has no ticks at all."""
    if not data.get(TICKS_SENT):
        return None
    return [e.season_entry.car_id for e in entries if not data.get(races_field(e))]


def race_entries_in_grid_order(race: Race) -> list[RaceEntry]:
    """The race's cars, by the grid qualifying set (cars without a slot after, by number)."""
    entries = list(race.entries.select_related("season_entry__driver", "season_entry__team"))
    return sorted(entries, key=lambda e: (e.grid_slot is None, e.grid_slot or 0, e.season_entry.car_number))


class SetupForm(forms.Form):
    """Set-up of a race night: a row per car, then the weather (typed, or rolled by the site)."""

    weather = forms.IntegerField(
        label=_("Weather roll (d20)"),
        min_value=D20[0],
        max_value=D20[-1],
        required=False,
        help_text=_("Type the d20 the table rolled, or leave it empty and the site rolls it."),
    )
    # fair dice (docs/fair-dice.md): mixed into the key of every roll the site makes for the table
    dice_seeds = forms.CharField(
        label=_("Your own dice seeds (optional)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_(
            "One per line, any words or numbers: every die the site rolls for this table depends on them "
            "as on the site's secret seed, which is revealed after the race."
        ),
    )

    def __init__(self, *args: Any, race: Race, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.race = race
        self.entries = race_entries_in_grid_order(race)
        slots = len((race.circuit.document or {}).get("grid") or []) or len(self.entries)
        stands = pit_squares(race)
        # the tank at the start: the `cars.fuel` control of an option the season plays (A12's)
        tank = next(
            (c for spec in option_specs() if spec.id in (race.season.options or []) for c in spec.controls
             if c.key == "cars.fuel"),
            None,
        )  # fmt: skip
        # a driver who did not come has nothing to set up: his car's fields are left as they are
        ticked = absent_in(self.data, self.entries) if self.is_bound else None
        self.absent = set(ticked) if ticked is not None else self._marked_absent()
        # without qualifying, the cars that race take the first slots in this order
        order = [e for e in self.entries if not e.dns] + [e for e in self.entries if e.dns]
        default_slot = {e.pk: n for n, e in enumerate(order, start=1)}
        for entry in self.entries:
            key = _key(entry)
            self.fields[races_field(entry)] = forms.BooleanField(
                label=_("Races tonight"), required=False, initial=not entry.dns
            )
            self.fields[f"{key}-grid"] = forms.IntegerField(
                label=_("Grid slot"),
                min_value=1,
                max_value=slots,
                initial=entry.grid_slot or default_slot[entry.pk],
            )
            self.fields[f"{key}-compound"] = forms.ChoiceField(
                label=_("Tyres"), choices=RaceEntry.Tyres.choices, initial=entry.tyres
            )
            wear = entry.wear or {}
            for part in PARTS:
                self.fields[f"{key}-{part}"] = forms.IntegerField(
                    label=PART_LABELS[part], min_value=1, max_value=30, initial=wear.get(part)
                )
            if stands:
                # A pit stop (S2, S3, A12's refuelling) is made in the car's stand: one each, in grid
                # order, unless the table says otherwise.
                self.fields[f"{key}-stand"] = forms.ChoiceField(
                    label=_("Pit stand"),
                    choices=[("", _("none"))] + [(sq, sq) for sq in stands],
                    required=False,
                    initial=stands[(default_slot[entry.pk] - 1) % len(stands)],
                )
            if tank is not None:
                self.fields[f"{key}-fuel"] = forms.IntegerField(
                    label=gettext(tank.label),
                    min_value=tank.low,
                    max_value=tank.high,
                    required=False,
                    help_text=_("Empty: a full tank for the whole race."),
                )

        for entry in self.entries:
            if entry.season_entry.car_id in self.absent:
                for name in self.car_fields(entry):
                    # not read, not checked (a car with no build yet has nothing to check)
                    self.fields[name].disabled = True
                    self.fields[name].required = False

    def _marked_absent(self) -> set[str]:
        return {e.season_entry.car_id for e in self.entries if e.dns}

    def car_fields(self, entry: RaceEntry) -> list[str]:
        """The names of a car's set-up fields, its tick aside."""
        key = _key(entry)
        return [name for name in self.fields if name.startswith(f"{key}-") and name != races_field(entry)]

    def rows(self) -> list[CarRow]:
        return [
            CarRow(
                entry=entry,
                colour=entry.season_entry.team.colour or NO_COLOUR,
                ink=ink_for(entry.season_entry.team.colour or NO_COLOUR),
                races=self[races_field(entry)],
                absent=entry.season_entry.car_id in self.absent,
                grid=self[f"{_key(entry)}-grid"],
                tyres=self[f"{_key(entry)}-compound"],
                wear=[self[f"{_key(entry)}-{part}"] for part in PARTS],
                stand=self[f"{_key(entry)}-stand"] if f"{_key(entry)}-stand" in self.fields else None,
                fuel=self[f"{_key(entry)}-fuel"] if f"{_key(entry)}-fuel" in self.fields else None,
            )
            for entry in self.entries
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        racing = self.racing()
        if not racing:
            raise forms.ValidationError(_("Tick at least one driver who races."), code="nobody_races")
        slots = [data.get(f"{_key(e)}-grid") for e in racing]
        taken = [s for s in slots if s is not None]
        if len(taken) != len(set(taken)):
            raise forms.ValidationError(_("Two cars have the same grid slot."), code="grid_twice")
        return data

    @property
    def qualified(self) -> bool:
        """Some car has a grid slot (qualifying, or the season's rule): the slots are not renumbered."""
        return any(e.grid_slot is not None for e in self.entries)

    def racing(self) -> list[RaceEntry]:
        """The entries whose drivers came, in grid order."""
        return [e for e in self.entries if e.season_entry.car_id not in self.absent]

    def absent_cars(self) -> list[str]:
        """The cars of the non-partants, whose drivers did not come."""
        return [e.season_entry.car_id for e in self.entries if e.season_entry.car_id in self.absent]

    def header(self) -> dict[str, Any]:
        """The race-log@1 document without turns: what the table starts from."""
        data = self.cleaned_data
        race = self.race
        weather = data.get("weather")
        cars = []
        for entry in self.racing():
            key = _key(entry)
            car = {
                "car": entry.season_entry.car_id,
                "driver": entry.season_entry.driver.slug,
                "team": entry.season_entry.team.slug,
                "grid": data[f"{key}-grid"],
                "tyres": data[f"{key}-compound"],
                "wear": {part: data[f"{key}-{part}"] for part in PARTS},
            }
            if data.get(f"{key}-stand"):
                car["stand"] = data[f"{key}-stand"]
            if data.get(f"{key}-fuel") is not None:
                car["fuel"] = data[f"{key}-fuel"]
            cars.append(car)
        cars.sort(key=lambda car: car["grid"])
        return {
            "format": LOG_FORMAT,
            "circuit": race.circuit.slug,
            "laps": race.race_laps,
            "options": sorted(race.season.options or []),
            "weather": {"race": weather if weather is not None else roll_d20()},
            "cars": cars,
            **({"dice": {"players": data["dice_seeds"]}} if data.get("dice_seeds") else {}),
        }

    def clean_dice_seeds(self) -> list[str]:
        seeds = [
            line.strip() for line in (self.cleaned_data.get("dice_seeds") or "").splitlines() if line.strip()
        ]
        if len(seeds) > MAX_SEEDS or any(len(seed) > MAX_PLAYER_SEED for seed in seeds):
            raise forms.ValidationError(
                _("At most %(n)d seeds of at most %(length)d characters each.")
                % {"n": MAX_SEEDS, "length": MAX_PLAYER_SEED}
            )
        return seeds

    def weather_rolled_by_site(self) -> bool:
        return self.cleaned_data.get("weather") is None


def pit_squares(race: Race) -> tuple[str, ...]:
    """The stands of the race's circuit (none without a pit lane, or when the engine cannot read
    the circuit: the set-up page says why, and starts nothing)."""
    try:
        pit = race_track(race).pit
    except SheetEngineError:
        return ()
    return pit.stand_squares if pit is not None else ()  # the marked stands, not every pit-lane square


def roll_d20() -> int:
    """A fair d20 from the operating system's random source."""
    return secrets.choice(D20)
