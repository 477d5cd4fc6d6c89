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
from rules.journal import Journal
from rules.messages import Code, msg
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


def _supercharged_in_4th(ovale, options):
    """Car 7 supercharges (A15) in 4th on its last engine point; its engine test (2) breaks it."""
    game, state = placed(
        ovale, {"7": "S2-b1"}, gears={"7": 3}, options=options, wear={"7": {"engine": 1, "tyres": 6}}
    )
    supercharged = move(
        "7", 4, 7, *(f"S2-b{i}" for i in range(2, 9)), option={"supercharge": True}, tests=[("engine", 2)]
    )
    return apply(game, state, supercharged)


def test_a_car_in_4th_that_breaks_its_engine_has_no_inertia(ovale):
    # A15 supercharging in 4th makes the mover test its engine: 1-4 loses, its last point
    state, events = _supercharged_in_4th(ovale, ("A7", "A4", "A15"))
    assert rules_of(events) == []
    car7 = state.car("7")
    assert car7.status is CarStatus.OUT and car7.cause is Cause.ENGINE and not car7.ext.inertia


def test_the_unit_leaves_an_engine_elimination_in_4th_or_lower_alone(ovale):
    game, state = placed(ovale, {"3": "S2-a3"}, gears={"3": 4}, options=A4)
    out = Journal()
    state = damage.eliminate(state, "3", Cause.ENGINE, 1, out, msg(Code.OUT_NO_POINTS_LEFT, part="engine"))
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


def test_an_inertia_move_with_no_roll_to_make_still_ends_the_race_of_the_car(ovale):
    # 7 squares along an empty straight: no test at all, the car still goes out after its move
    game, state = _in_inertia(ovale, {"3": "S2-a1"})
    state, events = apply(game, state, move("3", 4, 7, *(f"S2-a{i}" for i in range(2, 9))))
    assert rules_of(events) == []
    assert [e.kind for e in events if isinstance(e, Event)] == ["eliminated"]
    car3 = state.car("3")
    assert car3.status is CarStatus.OUT and car3.cause is Cause.ENGINE and not car3.ext.inertia
    assert car3.square == "S2-a8" and car3.remove_turn == 2  # an obstacle until its next turn
    assert state.dangerous == {"S2-a8"}  # « posera un nouvel autocollant sous sa voiture »


def test_a_slipstream_behind_a_car_that_has_just_broken_its_engine_is_legal(ovale):
    # « elle fonctionne sur une voiture qui vient de casser son moteur »: car 9 waits for its
    # inertia move; car 3 (11 in 5th from T1-b1) ends right behind it, then pulls out and back in
    game, state = placed(
        ovale,
        {"9": "S2-a9", "3": "T1-b1"},
        gears={"3": 4},
        options=A4,
        corner={"3": ("T1", 1)},
    )
    c = state.car("9")
    state = state.with_car(c.with_(gear=5, ext=c.ext.with_(inertia=True)))
    main = ("T1-b2", "T1-b3", "T1-b4", *(f"S2-a{i}" for i in range(1, 9)))  # 11 squares to S2-a8
    state, events = apply(game, state, move("3", 5, 11, *main, "S2-b9", "S2-a10", "T2-a1", slipstream=1))
    assert rules_of(events) == []
    car3 = state.car("3")
    assert car3.square == "T2-a1" and car3.wear.brakes == 2  # into T2 by slipstream: 1 brake point
    car9 = state.car("9")
    assert car9.status is CarStatus.RACING and car9.ext.inertia and car9.square == "S2-a9"


def test_a_spun_car_whose_engine_breaks_has_no_inertia_and_leaves_the_track_at_once(ovale):
    # « tête à queue … il n'y a pas d'inertie … aussitôt retirée de la piste »: a 20 in 5th
    # through T1 without its stop, 9 squares past it on the last 9 tyre points, then the engine
    game, state = placed(
        ovale,
        {"7": "S1-b1"},
        gears={"7": 4},
        options=A4,
        wear={"7": {"tyres": 9, "engine": 1}},
    )
    path = (*(f"S1-b{i}" for i in range(2, 9)), *(f"T1-b{i}" for i in range(1, 5)))
    path += tuple(f"S2-b{i}" for i in range(1, 10))
    state, events = apply(game, state, move("7", 5, 20, *path, tests=[("engine", 2)]))
    assert rules_of(events) == []
    assert "inertia" not in [e.kind for e in events if isinstance(e, Event)]
    car7 = state.car("7")
    assert car7.spun and car7.wear.tyres == 0 and car7.wear.engine == 0
    assert car7.status is CarStatus.OUT and car7.cause is Cause.ENGINE and not car7.ext.inertia
    assert car7.square is None and car7.remove_turn is None
    assert state.dangerous == {"S2-b9"}  # the broken engine's sticker
    assert "7" not in state.occupied().values()


def test_a_car_in_4th_whose_engine_breaks_leaves_the_track_at_once_under_a4_not_without_it(ovale):
    state, events = _supercharged_in_4th(ovale, ("A7", "A4", "A15"))
    assert rules_of(events) == []
    car7 = state.car("7")
    assert car7.status is CarStatus.OUT and car7.cause is Cause.ENGINE and not car7.ext.inertia
    assert car7.square is None and car7.remove_turn is None  # « aussitôt retirée de la piste »
    assert state.dangerous == {"S2-b8"}
    assert "S2-b8" not in state.occupied()
    # core D2: the same car stays on S2-b8 as an obstacle until its next turn
    state, events = _supercharged_in_4th(ovale, ("A7", "A15"))
    assert rules_of(events) == []
    car7 = state.car("7")
    assert car7.status is CarStatus.OUT and car7.cause is Cause.ENGINE
    assert car7.square == "S2-b8" and car7.remove_turn == 2
    assert state.dangerous == {"S2-b8"}
    assert state.occupied()["S2-b8"] == "7"


def test_pedal_to_the_metal_taking_the_last_engine_point_in_5th_gives_inertia(ovale):
    # A10: an 11 in 5th + 1 from T1-b1 (T1's stop made), 12 squares to S2-b9, on the last point
    game, state = placed(
        ovale,
        {"7": "T1-b1"},
        gears={"7": 4},
        options=("A7", "A4", "A10"),
        corner={"7": ("T1", 1)},
        wear={"7": {"engine": 1, "tyres": 6}},
    )
    pedal = move("7", 5, 11, *PUSH[:12], option={"pedal": True}, tests=[("debris", 12)])
    state, events = apply(game, state, pedal)
    assert rules_of(events) == []
    car7 = state.car("7")
    assert car7.status is CarStatus.RACING and car7.ext.inertia and car7.cause is None
    assert car7.square == "S2-b9" and car7.wear.engine == 0
    assert state.dangerous == {"S2-b9"}  # « casse moteur »: the sticker under the car
    assert [e.kind for e in events if isinstance(e, Event)][-1] == "inertia"
