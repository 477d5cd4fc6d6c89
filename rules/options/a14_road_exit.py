"""A14 — road exit ("Sortie de route"): the serious accident.

The first part of A14 is core in this engine (C6, `rules/corners.py`): « Une sortie de virage
entraînant une perte de pneus strictement supérieure aux pneus (et freins) disponibles, entraîne
une élimination immédiate … On ne pose pas d'autocollant tenue de route ». This unit plays the rest,
when the season switches A14 on: « Si la voiture est en 4ème, 5ème, 6ème ou 7ème vitesse et
qu'elle sort de plus de 2 cases non payées, il y a un risque d'accident grave. » The car rolls a
d20 (`{"test": "accident", "roll": n}`): 1–10 it leaves the track; 11–15 it bounces off the rail
back onto the track « en ligne droite »; 16–20 it bounces back across the track « pour finir de
l'autre côté ». « Si une voiture vient à être touchée par la voiture folle, elle teste le risque
d'accrochage. Si (1) sur le d20, le pilote perd 1 PdS Carrosserie et met sa voiture en sens
inverse … et repart en 1ère maxi. On posera des sticks Tenue de Route … à l'endroit où elle a
rebondi. »

[decisions] The squares of the exit the tyres could not pay (squares − tyres paid ÷ multiplier)
are the « cases non payées ». The bounce happens where the car's move ended: on 11–15 the cars
side by side with that square are touched, on 16–20 every car across the track there; each
touched car rolls once (`{"test": "accident", "car": "5", "roll": n}`, after the car's own roll,
in any order); a 1, rain or not, costs 1 body point and is a spin (next move in 1st). On 11–20
that square becomes dangerous.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import rules.damage as damage
from rules.corners import ExitOutcome
from rules.dice import TestKind
from rules.journal import Journal
from rules.messages import Code, Kind, msg
from rules.messages.marks import gettext_noop, pgettext
from rules.options.spec import Hooks, OptionSpec
from rules.state import CarStatus, Cause, RaceState

if TYPE_CHECKING:
    from rules.damage import Rolls
    from rules.track import Track

SERIOUS_GEAR = 4  # « en 4ème, 5ème, 6ème ou 7ème vitesse »
UNPAID = 2  # « de plus de 2 cases non payées »
OFF, ALONG, ACROSS = 10, 15, 20  # the roll's bands: off the track, back alongside, back across
HIT = 1  # « Si (1) sur le d20 »


def unpaid(outcome: ExitOutcome) -> int:
    """Squares of the exit that put the car out that its tyres could not pay."""
    last = outcome.penalties[-1] if outcome.penalties else None
    if last is None:
        return 0
    paid = last.tyres // last.multiplier if last.multiplier else 0
    return last.squares - paid


def serious(gear: int, outcome: ExitOutcome) -> bool:
    """Whether a road exit calls for the accident roll (with A14 on)."""
    return outcome.eliminated is Cause.ROAD_EXIT and gear >= SERIOUS_GEAR and unpaid(outcome) > UNPAID


def across(track: Track, square: str) -> frozenset[str]:
    """The squares across the track at `square` (side by side, then side by side again)."""
    row = {square}
    for _ in range(2):
        row |= {b for sq in row for b in track.beside(sq)}
    return frozenset(row - {square})


def accident(
    state: RaceState, track: Track, car_id: str, square: str, rolls: Rolls, out: Journal
) -> RaceState:
    """The accident roll of the car gone off at `square`, then the rolls of the cars it touches."""
    turn = state.turn
    given = rolls.take(TestKind.ACCIDENT)
    if not given or rolls.car(given[0]) != car_id:
        out.violation(turn, car_id, "A14", Code.A14_NO_ACCIDENT_ROLL_D20, square=square)
        return state
    own, rest = given[0], given[1:]
    if not rolls.check_roll(own):
        return state
    if own.roll <= OFF:
        hit: frozenset[str] = frozenset()
        out.event(turn, car_id, Kind.ACCIDENT, Code.ACCIDENT_OFF_TRACK, roll=own.roll)
    else:
        hit = track.beside(square) if own.roll <= ALONG else across(track, square)
        how = Code.ACCIDENT_BOUNCES_ONTO if own.roll <= ALONG else Code.ACCIDENT_BOUNCES_ACROSS
        out.event(
            turn,
            car_id,
            Kind.ACCIDENT,
            how,
            roll=own.roll,
            square=square,
        )
        state = state.with_(dangerous=state.dangerous | {square})
    touched = {
        cid
        for sq, cid in state.occupancy().items()
        if sq in hit and state.car(cid).status is CarStatus.RACING
    }
    seen: set[str] = set()
    for test in rest:
        cid = rolls.car(test)
        if cid not in touched or cid in seen:
            out.violation(turn, cid, "A14", Code.A14_ACCIDENT_ROLL_CAR_WHICH, roll=test.roll, car=cid)
            continue
        seen.add(cid)
        if rolls.check_roll(test) and test.roll == HIT:
            state = damage.lose(state, cid, "body", 1, turn, out, msg(Code.LOST_HIT_CAR_OFF_ROAD, car=car_id))
            hit_car = state.car(cid)
            if hit_car.status is CarStatus.RACING:
                state = state.with_car(hit_car.with_(spun=True))
    for cid in sorted(touched - seen):
        out.violation(turn, cid, "A14", Code.A14_CAR_WAS_TOUCHED_CAR, car=cid, crasher=car_id)
    return state


OPTION = OptionSpec(
    id="A14",
    name=pgettext("rule option", "road exit"),
    summary=gettext_noop("A road exit can become a serious accident that involves the cars nearby."),
    hooks=Hooks(road_exit=serious, crash=accident),
    fields=("tests.accident",),
)
