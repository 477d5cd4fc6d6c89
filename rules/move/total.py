"""Step 3 of a move: its total — the die, the slide the weather and tyres impose or the handicap,
the bonus squares the tyres allow (W2), the squares braked (C4) and the plan's squares (options,
slipstreams) — and the T1 check that the move names a square of the circuit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.messages import Code, Message, msg
from rules.weather import _TERMS, TyreEffect, WeatherKind

if TYPE_CHECKING:
    from rules.advanced import Plan
    from rules.game import Game
    from rules.journal import Journal
    from rules.log import Move
    from rules.state import CarState, RaceState

_RAIN = WeatherKind.RAIN


def size(
    game: Game, state: RaceState, car: CarState, move: Move, x: Plan | None, roll: int, out: Journal
) -> tuple[bool, TyreEffect, int, int] | None:
    """W2: slide, bonus, handicap; C4: braking; the total. Returns whether the move's stop is in a
    corner, the tyres' effect, the forced squares (slide > 0, handicap < 0) and the total; or None
    when the stop is no square (T1, fatal)."""
    track = game.track
    start = car.square
    assert start is not None
    path = move.path
    stop = path[-1] if path else move.to  # move.stop, without the property
    if stop not in track.level_map:
        out.violation(
            state.turn, car.id, "T1", Code.T1_NOT_SQUARE_CAR_LEFT, fatal=True, stop=stop, track=track.id
        )
        return None
    seg_index = track.segment_index
    try:  # track.corner_between(start, stop), without the call
        in_corner = track.corner_table[seg_index[start]][seg_index[stop]]
    except KeyError:  # a pit square
        in_corner = False
    gear = move.gear
    rain = state.weather.current is _RAIN
    lap_on_set = car.crossings - car.tyre_set_crossing + 1  # car.lap_on_tyres, without the call
    if lap_on_set < 1:
        lap_on_set = 1
    # move_terms(...)'s cache, looked up here (same key)
    terms = _TERMS.get(
        (
            car.tyres,
            rain,
            lap_on_set if lap_on_set < 3 else 3,
            gear if gear <= 2 else 3,
            game.slide_by_gear,
            in_corner,
        )
    )
    if terms is None:  # weather.move_terms, or A8's (`game.slide_by_gear`: it hooks `terms`)
        terms = game.terms(car.tyres, rain, lap_on_set, gear, in_corner)
    effect, forced, bonus_max = terms
    if move.bonus > bonus_max:
        out.violation(
            state.turn,
            car.id,
            "W2",
            Code.W2_BONUS_TOO_MANY_CORNER if in_corner else Code.W2_BONUS_TOO_MANY_STRAIGHT,
            bonus=move.bonus,
            tyres=car.tyres.value,
            bonus_max=bonus_max,
        )
    if move.brake > car.wear.brakes:
        out.violation(
            state.turn,
            car.id,
            "C4",
            Code.C4_BRAKES_SQUARE_BRAKE_POINT,
            brake=move.brake,
            brakes=car.wear.brakes,
        )
    total = roll + forced + move.bonus - move.brake
    if x is not None:
        total += x.squares(in_corner)
    return in_corner, effect, forced, total


def total_text(roll: int, forced: int, bonus: int, brake: int) -> list[Message]:
    """The terms of a move's total, as messages read in a row ("roll 5 + slide 1 − brake 2")."""
    terms = [msg(Code.C7_TERM_ROLL, n=roll)]
    if forced > 0:
        terms.append(msg(Code.C7_TERM_SLIDE, n=forced))
    elif forced < 0:
        terms.append(msg(Code.C7_TERM_TYRES, n=-forced))
    if bonus:
        terms.append(msg(Code.C7_TERM_BONUS, n=bonus))
    if brake:
        terms.append(msg(Code.C7_TERM_BRAKE, n=brake))
    return terms
