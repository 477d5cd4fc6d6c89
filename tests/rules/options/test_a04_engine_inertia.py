"""A4 — engine failure inertia, « Casse moteur » (rules/options/a04_engine_inertia.py).

« Lorsqu'une voiture perd son dernier PdS de moteur, le moteur casse et le pilote mettra un
autocollant 'case dangereuse' sous sa voiture. Inertie du déplacement à son prochain tour de jeu :
il jouera alors une dernière fois un dé, celui de la 4ème vitesse. […] Au prochain tour de jeu,
il retirera sa voiture. […] Si la voiture se retrouve en quatrième ou moins […], il n'y a pas
d'inertie. […] L'aspiration ne fonctionne pas pour ou sur une voiture en inertie […]. Lors d'un
déplacement d'inertie, il est interdit de prendre la ligne des stands. »

Decisions « A4 »: inertia only for cars in 5th or higher; the inertia move is a normal 4th-gear
move (d12), then the car is out (an obstacle until its next turn); going on to the finish down
the gears is not played.
"""

from __future__ import annotations

from dataclasses import replace

from rules import damage
from rules.options import a04_engine_inertia
from rules.replay_move import apply
from rules.state import CarStatus, Cause
from rules.verdict import Event
from tests.rules.conftest import move, placed, rules_of

A4 = ("A7", "A4")
# from T1-b1 (T1's stop made), a 20 in 5th braked 3: 17 squares to T2-b4
PUSH = ("T1-b2", "T1-b3", "T1-b4", *(f"S2-b{i}" for i in range(1, 11)), "T2-b1", "T2-b2", "T2-b3", "T2-b4")
COAST = tuple(f"S2-a{i}" for i in range(4, 11))  # from S2-a3: 7 squares


def _push(ovale, options, engine_roll, **kw):
    """Car 7 pushes (20 in 5th); car 3, in 5th on S2-a3 with 1 engine point, tests its engine."""
    game, state = placed(
        ovale,
        {"7": "T1-b1", "3": "S2-a3"},
        gears={"7": 4, "3": 5},
        options=options,
        corner={"7": ("T1", 1)},
        wear={"3": {"tyres": 5, "engine": 1}},
        **kw,
    )
    return game, apply(
        game, state, move("7", 5, 20, *PUSH, brake=3, tests=[("engine", 15), ("engine", "3", engine_roll)])
    )


def _in_inertia(ovale, where, **kw):
    game, state = placed(ovale, where, options=A4, **kw)
    c = state.car("3")
    return game, state.with_car(c.with_(gear=5, ext=c.ext.with_(inertia=True)))


def test_a_car_in_5th_that_breaks_its_engine_stays_for_one_last_move(ovale):
    game, state = placed(
        ovale,
        {"7": "T1-b1"},
        gears={"7": 4},
        options=A4,
        corner={"7": ("T1", 1)},
        wear={"7": {"tyres": 5, "engine": 1}},
    )
    state, events = apply(game, state, move("7", 5, 20, *PUSH, brake=3, tests=[("engine", 2)]))
    assert rules_of(events) == []
    car7 = state.car("7")
    assert car7.status is CarStatus.RACING and car7.ext.inertia and car7.wear.engine == 0
    assert "T2-b4" in state.dangerous  # « un autocollant 'case dangereuse' sous sa voiture »
    assert [e.kind for e in events if isinstance(e, Event)][-1] == "inertia"


def test_another_cars_engine_breaking_in_5th_on_a_push_also_gives_inertia(ovale):
    _, (state, events) = _push(ovale, A4, 2)
    assert rules_of(events) == []
    car3 = state.car("3")
    assert car3.status is CarStatus.RACING and car3.ext.inertia and car3.square == "S2-a3"


def test_without_a4_a_broken_engine_eliminates_at_once(ovale):
    _, (state, events) = _push(ovale, ("A7",), 2)
    assert rules_of(events) == []
    car3 = state.car("3")
    assert car3.status is CarStatus.OUT and car3.cause is Cause.ENGINE and not car3.ext.inertia


def test_a_car_in_4th_that_breaks_its_engine_has_no_inertia(ovale):
    # A15 supercharging in 4th makes the mover test its engine: 1-4 loses, its last point
    game, state = placed(
        ovale,
        {"7": "S2-b1"},
        gears={"7": 3},
        options=("A7", "A4", "A15"),
        wear={"7": {"engine": 1, "tyres": 6}},
    )
    supercharged = move(
        "7", 4, 7, *(f"S2-b{i}" for i in range(2, 9)), option={"supercharge": True}, tests=[("engine", 2)]
    )
    state, events = apply(game, state, supercharged)
    assert rules_of(events) == []
    car7 = state.car("7")
    assert car7.status is CarStatus.OUT and car7.cause is Cause.ENGINE and not car7.ext.inertia


def test_the_unit_leaves_an_engine_elimination_in_4th_or_lower_alone(ovale):
    game, state = placed(ovale, {"3": "S2-a3"}, gears={"3": 4}, options=A4)
    out: list = []
    state = damage.eliminate(state, "3", Cause.ENGINE, 1, out, "no engine points left")
    after = a04_engine_inertia.catch(game, state, out, 0)
    assert after.car("3").status is CarStatus.OUT and not after.car("3").ext.inertia
    fifth = state.with_car(state.car("3").with_(gear=5))
    after = a04_engine_inertia.catch(game, fifth, out, 0)
    assert after.car("3").status is CarStatus.RACING and after.car("3").ext.inertia


def test_decision_the_inertia_move_is_a_4th_gear_move_then_the_car_is_out_as_an_obstacle(ovale):
    # car 3 coasts 7 squares (4th gear die) to S2-a10, beside car 9: both roll their collision test
    game, state = _in_inertia(ovale, {"3": "S2-a3", "9": "S2-b10"})
    state, events = apply(
        game, state, move("3", 4, 7, *COAST, tests=[("collision", "9", 15), ("collision", 15)])
    )
    assert rules_of(events) == []
    car3 = state.car("3")
    assert car3.status is CarStatus.OUT and car3.cause is Cause.ENGINE
    assert car3.square == "S2-a10" and "S2-a10" in state.dangerous
    assert car3.remove_turn == 2  # it leaves when its next turn comes


def test_the_inertia_move_in_another_gear_than_4th_is_a_violation_naming_a4(ovale):
    # 5th -> 3rd skips one gear (1 gearbox point, G3): legal but for A4
    game, state = _in_inertia(ovale, {"3": "S2-a3"})
    state, events = apply(game, state, move("3", 3, 7, *COAST))
    assert rules_of(events) == ["A4"]
    assert state.car("3").wear.gearbox == 2


def test_a_car_in_inertia_may_not_slipstream_nor_take_the_pit_lane(ovale):
    game, state = _in_inertia(ovale, {"3": "S2-a1", "9": "S2-a9"}, gears={"9": 4})
    main = tuple(f"S2-a{i}" for i in range(2, 9))  # 7 squares, right behind car 9
    _, events = apply(game, state, move("3", 4, 7, *main, "S2-b9", "S2-b10", "T2-b1", slipstream=1))
    assert rules_of(events) == ["A4"]
    game, state = _in_inertia(ovale, {"3": "S3-b1"})
    game = replace(game, laps=3)
    _, events = apply(
        game, state, move("3", 4, 7, "S3-c2", "PIT-1", "PIT-2", "PIT-3", "PIT-4", "PIT-5", "PIT-6")
    )
    assert rules_of(events) == ["A4"]
