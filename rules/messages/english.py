"""The English text of every message code: `{Code: template}`, `str.format` style with named
params (see `rules.messages.render` for the `:nth` and `:s` specs and nested messages)."""

from __future__ import annotations

from rules.messages.codes import Code
from rules.messages.marks import gettext_noop

TEMPLATES: dict[Code, str] = {
    Code.A12_FUEL_LOAD_OPTION_NOT: gettext_noop("a fuel load is option A12, not in force this season"),
    Code.A12_REFUELS_OPTION_NOT_FORCE: gettext_noop("refuels, but option A12 is not in force"),
    Code.A12_STARTS_LAP_NO_FUEL: gettext_noop(
        "starts lap {car} with no fuel: its tank of {fuel}/3 covered laps {fuel_from}–{fuel_to}"
    ),
    Code.A12_TANK_HOLDS_1_3: gettext_noop("a tank holds 1–3 thirds, not {thirds}"),
    Code.A13_7_2_COSTS_ONE: gettext_noop(
        "7 → 2 costs one more point of the driver's choice: option overrev gearbox, brakes or engine"
    ),
    Code.A13_7TH_GEAR_OPTION_NOT: gettext_noop("7th gear is option A13, not in force this season"),
    Code.A13_MOVE_7TH_GEAR_THROWS: gettext_noop(
        "a move in 7th gear throws two dice: roll [5th die, 6th die]"
    ),
    Code.A14_ACCIDENT_ROLL_CAR_WHICH: gettext_noop(
        "accident roll ({roll}) for car {car}, which the crash did not touch"
    ),
    Code.A14_CAR_WAS_TOUCHED_CAR: gettext_noop(
        "car {car} was touched by car {crasher}'s crash: no accident roll"
    ),
    Code.A14_NO_ACCIDENT_ROLL_D20: gettext_noop(
        "no accident roll (d20) after a serious road exit from {square}"
    ),
    Code.A15_SUPERCHARGING_FORBIDDEN_GOING_INTO: gettext_noop(
        "supercharging is forbidden going into or out of the pits"
    ),
    Code.A15_SUPERCHARGING_GEAR_4TH_7TH: gettext_noop("supercharging in gear {gear}: 4th–7th only"),
    Code.A16_SECOND_SUPER_TOP_RACE: gettext_noop("a second Super Top in this race (one per race)"),
    Code.A16_SUPER_TOP_GIVES_NUMBER: gettext_noop(
        "a Super Top gives the number chosen as `roll`, one integer"
    ),
    Code.A16_SUPER_TOP_OUTSIDE_GEAR: gettext_noop(
        "Super Top {roll} is outside the {gear:nth} gear's range ({low}–{high})"
    ),
    Code.A18_CAR_SITS_OUT_TURN: gettext_noop("car {car} sits out a turn but did not stall"),
    Code.A18_CAR_STALLED_SEVERE_SPIN: gettext_noop("car {car} stalled (severe spin): it sits out this turn"),
    Code.A18_STALLING_OPTION_NOT_FORCE: gettext_noop("stalling is option A18, not in force this season"),
    Code.A19_SECOND_TOP_LAP_ONE: gettext_noop("a second Top in lap {lap} (one per lap)"),
    Code.A19_TOP_ADDS_TAKES_OFF: gettext_noop("a Top adds or takes off 1 square, not {value!r}"),
    Code.A2_TAKES_SQUARE_OFF_CORNER: gettext_noop("takes a square off in a corner without the high wing"),
    Code.A3_DRIVES_PIT_LANE_GEAR: gettext_noop("drives in the pit lane in {gear:nth} gear: 4th at most"),
    Code.A3_ENTERS_PIT_LANE_5TH: gettext_noop("enters the pit lane in 5th with no brake point to pay"),
    Code.A3_ENTERS_PIT_LANE_BELOW_3RD: gettext_noop("enters the pit lane in {gear} gear: 3rd at least (A3)"),
    Code.A3_ENTERS_PIT_LANE_GEAR: gettext_noop(
        "enters the pit lane in {gear}th gear (6th and 7th are forbidden)"
    ),
    Code.A3_REACHES_STAND_AFTER_SQUARES: gettext_noop(
        "reaches its stand {stand} after {to_stand} of {total} squares: with A3 the car must stop exactly on its stand (brake to do so)"
    ),
    Code.A4_CAR_INERTIA_MAY_NOT: gettext_noop("a car in inertia may not take the pit lane"),
    Code.A4_INERTIA_MOVE_MADE_4TH: gettext_noop("the inertia move is made in 4th, not gear {gear}"),
    Code.A4_NO_SLIPSTREAM_CAR_INERTIA: gettext_noop("no slipstream for a car in inertia"),
    Code.A5_CAR_NOT_RACING_HAS: gettext_noop("car {car} is not racing: it has nothing to do in the pits"),
    Code.A5_CAR_RACING_SPARE_CAR: gettext_noop("car {car} is racing: the spare car is for a retired driver"),
    Code.A5_LOG_RESTARTS_RACE_NO: gettext_noop("the log restarts the race, but no red flag fell"),
    Code.A5_LOG_RESTARTS_RACE_OPTION: gettext_noop(
        "the log restarts the race, but option A5 is not in force"
    ),
    Code.A5_RED_FLAG_END_TURN: gettext_noop(
        'red flag at the end of turn {flag_turn} ({why}): turn {turn} must restart the race (a "restart" entry)'
    ),
    Code.A5_RESTART_START_REPAIRS_EVERY: gettext_noop(
        "a restart at the start repairs every car for free: no pit stop"
    ),
    Code.A5_SPARE_GEAR_TOO_HIGH: gettext_noop(
        "the spare car leaves its stand in {most}th gear at most, not {gear}th"
    ),
    Code.A5_SPARE_NO_STAND: gettext_noop("car {car} has no stand (`stand`) to leave with the spare car"),
    Code.A5_SPARE_OPTION_OFF: gettext_noop("takes the spare car, but option A5 is not in force this season"),
    Code.A5_SPARE_PART_AT_ZERO: gettext_noop("the spare car needs at least 1 point in every part"),
    Code.A5_SPARE_POINTS_NOT_WHOLE: gettext_noop(
        "the spare car's points off must be parts with whole numbers, not {value!r}"
    ),
    Code.A5_SPARE_POINTS_OFF_WRONG: gettext_noop(
        "the spare car has {points} points less than the car's build, not {less}"
    ),
    Code.A5_SPARE_TAKEN_ALREADY: gettext_noop("car {car} already took its spare car"),
    Code.A5_SPARE_TOO_LATE: gettext_noop("the spare car can be taken up to turn {last}, not in turn {turn}"),
    Code.ACCIDENT_BOUNCES_ACROSS: gettext_noop(
        "accident roll {roll}: bounces back across the track at {square} (A14)"
    ),
    Code.ACCIDENT_BOUNCES_ONTO: gettext_noop(
        "accident roll {roll}: bounces back onto the track at {square} (A14)"
    ),
    Code.ACCIDENT_OFF_TRACK: gettext_noop("accident roll {roll}: off the track (A14)"),
    Code.BLOCKED_PAID: gettext_noop(
        "blocked {blocked} square(s) short: {brakes} brake and {tyres} tyre point(s)"
    ),
    Code.C2_CHANGES_LANE_AFTER_UNCONTROLLED: gettext_noop(
        "{prev} → {sq} changes lane after an uncontrolled exit (stay in lane {lane})"
    ),
    Code.C4_BRAKES_SQUARE_BRAKE_POINT: gettext_noop("brakes {brake} square(s) with {brakes} brake point(s)"),
    Code.C7_MOVES_SQUARES_STAND_TOTAL: gettext_noop(
        "moves {to_stand} squares to its stand {stand}; its total is {total}"
    ),
    Code.C7_MOVES_SQUARES_TOTAL: gettext_noop("moves {moved} squares; its total is {total} ({sum})"),
    Code.C7_TERM_BONUS: gettext_noop(" + bonus {n}"),
    Code.C7_TERM_BRAKE: gettext_noop(" − brake {n}"),
    Code.C7_TERM_ROLL: gettext_noop("roll {n}"),
    Code.C7_TERM_SLIDE: gettext_noop(" + slide {n}"),
    Code.C7_TERM_TYRES: gettext_noop(" − {n} (tyres)"),
    Code.CAUGHT_STAYS_IN_3RD: gettext_noop("severe spin: caught, stays in 3rd (A18)"),
    Code.CORNER_LAST_TYRES_SPIN: gettext_noop(
        "{n} square{n:s} past corner {corner} with {stops} of {need} stops: {cost} tyre points, the last ones: spin (C6)"
    ),
    Code.CORNER_NO_TYRES_OFF_ROAD: gettext_noop(
        "{n} square{n:s} past corner {corner} with {stops} of {need} stops with no tyre points left: off the road, eliminated (C6)"
    ),
    Code.CORNER_NO_TYRES_SPIN: gettext_noop(
        "{n} square{n:s} past corner {corner} with {stops} of {need} stops with no tyre points left: spin (C6)"
    ),
    Code.CORNER_TOO_FEW_STOPS_OUT: gettext_noop(
        "left corner {corner} with {stops} of {need} stops: eliminated (C3)"
    ),
    Code.CORNER_TOO_FEW_TYRES_OFF_ROAD: gettext_noop(
        "{n} square{n:s} past corner {corner} with {stops} of {need} stops: {cost} tyre points, has {tyres}: off the road, eliminated (C6, A14)"
    ),
    Code.CORNER_TYRES_PAID: gettext_noop(
        "{n} square{n:s} past corner {corner} with {stops} of {need} stops: {cost} tyre points, {tyres} left (C2)"
    ),
    Code.D1_ONE_OVER_NO_TEAM_POINT: gettext_noop(
        "wear points {total}: one over the build, but team {team} has no experience point to pay for it (X3)"
    ),
    Code.D1_PART_AT_ZERO: gettext_noop("wear points over {wear}: at least 1 per part"),
    Code.D1_WEAR_TOTAL_WRONG: gettext_noop("wear points {total} over {wear}: a car is built with {base}"),
    Code.D1_WEAR_TOTAL_WRONG_A11: gettext_noop(
        "wear points {total} over {wear}: a car is built with {base}–{top} (A11: 22 structure points, the rest as pit keys)"
    ),
    Code.DEBRIS_PEDAL_TO_THE_METAL: gettext_noop("pedal to the metal: debris on {square} (rolled {roll})"),
    Code.DEBRIS_SCATTERED: gettext_noop("debris scattered onto {sq} (rolled {roll})"),
    Code.ELIMINATED_OUT: gettext_noop("eliminated: {why}"),
    Code.F2_LOG_ENDS_AFTER_TURN: gettext_noop(
        "the log ends after turn {last_turn} with car {car} still racing"
    ),
    Code.F2_SEASON_RACES_LAPS_LOG: gettext_noop("the season races {season} laps, the log {log}"),
    Code.F3_CLAIMED_RESULT_DIFFERS_REPLAY: gettext_noop(
        "the claimed result {claimed} differs from the replay's {replayed}"
    ),
    Code.FINISHED_LAST_LINE: gettext_noop("crosses the line for the last time ({laps} laps)"),
    Code.G1_NATURAL_ROLL_NOT_GEAR: gettext_noop(
        "natural roll {natural} is not on the {gear:nth} gear die ({low}–{high})"
    ),
    Code.G1_NO_SUCH_GEAR: gettext_noop("there is no gear {gear} (1–{top_gear})"),
    Code.G1_ROLL_DOES_NOT_FOLLOW: gettext_noop(
        "roll {roll} does not follow from {driver} on a natural {natural}"
    ),
    Code.G1_ROLL_NOT_ON_DIE: gettext_noop("roll {roll} is not on the {gear:nth} gear die ({low}–{high})"),
    Code.G1_ROLL_NOT_ON_DIE_7TH: gettext_noop("roll {die} is not on the {gear}th gear die ({low}–{high})"),
    Code.G1_TEST_ROLL_NOT_D20: gettext_noop("{kind} test roll {roll} is not a d20 roll (1–20)"),
    Code.G1_TWO_DICE_ARE_THROWN: gettext_noop("two dice [{d5}, {d6}] are thrown in 7th gear only"),
    Code.G2_SKIP_DOWN_TOO_FAR: gettext_noop(
        "gear {previous} → {gear} skips {skipped} gears going down (at most {limit})"
    ),
    Code.G2_SKIP_UP: gettext_noop("gear {previous} → {gear} skips a gear going up"),
    Code.G3_SKIP_LAST_ENGINE: gettext_noop(
        "gear {previous} → {gear} skips {skipped} gear{skipped:s} with {engine} engine point left"
    ),
    Code.G3_SKIP_NO_BRAKES: gettext_noop(
        "gear {previous} → {gear} skips {skipped} gear{skipped:s} with 0 brake points"
    ),
    Code.G3_SKIP_NO_GEARBOX: gettext_noop(
        "gear {previous} → {gear} skips {skipped} gear{skipped:s} with 0 gearbox points"
    ),
    Code.G4_AFTER_SPIN_NEXT_MOVE: gettext_noop("after a spin the next move is in 1st gear, not {gear:nth}"),
    Code.G4_FIRST_MOVE_1ST_GEAR: gettext_noop("the first move is in 1st gear, not {gear:nth}"),
    Code.INERTIA_LAST_MOVE: gettext_noop("engine broken in 5th or higher: one last move in 4th (A4)"),
    Code.LAPPED_LOSES_MOVE: gettext_noop("lapped by car {mover}: loses this turn's move (M6-2-5)"),
    Code.LOST_CAR_WAS_BLOCKED_AGAINST: gettext_noop("car {car} was blocked against it"),
    Code.LOST_COLLISION_WITH_MOVER: gettext_noop("collision with car {mover}, rolled {roll}"),
    Code.LOST_COLLISION_WITH_TARGET: gettext_noop("collision with car {target}, rolled {roll}"),
    Code.LOST_DANGEROUS_SQUARE_ROLLED: gettext_noop("dangerous square {sq}, rolled {roll}"),
    Code.LOST_ELIMINATED_CAR_COLLISION: gettext_noop("eliminated car {names} in the collision"),
    Code.LOST_ENGINE_TEST_AFTER_CAR: gettext_noop("engine test after car {mover}'s move, rolled {roll}"),
    Code.LOST_HIT_CAR_OFF_ROAD: gettext_noop("hit by car {car} off the road (A14)"),
    Code.LOST_OVER_REVVING: gettext_noop("over-revving {previous} → {gear}"),
    Code.LOST_OVER_REVVING_7_2: gettext_noop("over-revving 7 → 2"),
    Code.LOST_PEDAL_METAL: gettext_noop("pedal to the metal"),
    Code.O_LOG_PLAYS_OPTIONS_SEASON: gettext_noop("the log plays options {log}, the season {season}"),
    Code.O_UNKNOWN_OPTION_ACTION: gettext_noop("unknown option action {key!r}"),
    Code.OPTION_NOT_IN_FORCE: gettext_noop("uses {key!r}, but option {unit} is not in force this season"),
    Code.OPTION_WING_NOT_IN_FORCE: gettext_noop("a {wing} wing is option {opt}, not in force this season"),
    Code.OUT_BLOCKED_7_OR_MORE: gettext_noop("blocked {blocked} squares short (7 or more)"),
    Code.OUT_BLOCKED_CANNOT_PAY: gettext_noop(
        "blocked {blocked} square(s) short: needs {need_brakes} brake and {need_tyres} tyre point(s), has {brakes} and {tyres}"
    ),
    Code.OUT_ENGINE_BROKEN_INERTIA_MOVE: gettext_noop("engine broken: the inertia move is over (A4)"),
    Code.OUT_NO_POINTS_LEFT: gettext_noop("no {part} points left"),
    Code.PART_LOST_LOSES_POINTS: gettext_noop("loses {n} {part} point{n:s} ({why}), {left} left"),
    Code.PATH_LEFT_TRACK: gettext_noop("{why}: the car left the track"),
    Code.PATH_NOT_ONE_SQUARE_FORWARD: gettext_noop(
        "{prev} → {sq} is not a move of one square forward (step {step} of the path)"
    ),
    Code.PATH_STOPS_SHORT: gettext_noop(
        "stops after {moved} of {total} squares ({sum}) but could move {reach}"
    ),
    Code.PIT_STOP: gettext_noop("{stop} stop in {stand}: {tyres} tyres, {points} tyre points"),
    Code.RED_FLAG_LAST_LAP: gettext_noop("red flag ({why}) in the last lap: the race is over (A5)"),
    Code.RED_FLAG_RESTART: gettext_noop("red flag ({why}): a new standing start, {left} lap(s) to go (A5)"),
    Code.S1_ENTERS_CORNER_SLIPSTREAM_BRAKE: gettext_noop(
        "enters a corner by slipstream: {due} brake point(s) due, has {brakes}"
    ),
    Code.S1_SLIPSTREAM_BEHIND_CAR_BOTH: gettext_noop(
        "slipstream {k} behind car {other} in {other_gear}: both cars in 4th or higher, the follower ({gear}) at least as high"
    ),
    Code.S1_SLIPSTREAM_BEHIND_CAR_WHICH: gettext_noop(
        "slipstream {k} behind car {other}, which is not racing"
    ),
    Code.S1_SLIPSTREAM_CANNOT_COMBINED_PIT: gettext_noop(
        "a slipstream cannot be combined with a pit stop here"
    ),
    Code.S1_SLIPSTREAM_GEAR_ONLY_4TH: gettext_noop("slipstream in {gear} gear: only in 4th or higher"),
    Code.S1_SLIPSTREAM_MUST_PULL_OUT: gettext_noop("slipstream {k} must pull out of lane at {square}"),
    Code.S1_SLIPSTREAM_NO_CAR_DIRECTLY: gettext_noop(
        "slipstream {k}: no car directly in front of {behind} (the main move must end right behind a car; braking to get there is forbidden)"
    ),
    Code.S1_SLIPSTREAM_OVER_FOLLOWS_NONE: gettext_noop(
        "slipstream {k} over {squares} follows none of the three patterns (out one lane and back in front, out one lane straight, out two lanes straight)"
    ),
    Code.S1_SLIPSTREAM_PATH_ENDS_AFTER: gettext_noop(
        "slipstream {k} of {n}: the path ends after {length} squares, before it begins (square {at})"
    ),
    Code.S2_CAR_HAS_NO_STAND: gettext_noop("car {car} has no stand on {track} to stop in"),
    Code.S2_CAR_STAYS_STAND_LEAVES: gettext_noop(
        "car {car} stays in its stand, but leaves next turn (S2, S3)"
    ),
    Code.S2_CAR_WAITS_PITS: gettext_noop("car {car} waits in the pits but is on {square}"),
    Code.S2_CAR_WAITS_THOUGH_LANE: gettext_noop("car {car} waits on {square} though the lane ahead is free"),
    Code.S2_PATH_NOT_INTO_PIT_LANE: gettext_noop("a pit stop, but the path does not enter the pit lane"),
    Code.S2_PATH_NOT_TO_STAND: gettext_noop("a pit stop, but the path does not reach its stand {stand}"),
    Code.S2_PIT_ROLL_COULD_MOVE_MORE: gettext_noop(
        "pit roll {roll}: leaves its stand {after} of {squares} squares but could move {reach}"
    ),
    Code.S2_PIT_ROLL_LEAVES_STAND: gettext_noop(
        "pit roll {roll}: leaves its stand {squares} squares, not {after}"
    ),
    Code.S2_PIT_ROLL_MISSED_STOP: gettext_noop(
        "pit roll {roll}: a missed stop, the car stays in its stand {stand} until next turn"
    ),
    Code.STAND_LEAVES_ABOVE_4TH: gettext_noop("leaves its stand in {gear:nth} gear: 4th at most"),
    Code.S3_LONG_STOP_CAR_WAITS: gettext_noop(
        "a long stop: the car waits in its stand {stand}, it moves on next turn"
    ),
    Code.S3_REPAIRS_NEED_LONG_STOP: gettext_noop('repairs need a long stop ("stop": "long")'),
    Code.S3_REPAIRS_OVER_KEYS: gettext_noop("repairs {spent} point(s) with {pit_points} keys (A11) left"),
    Code.S3_REPAIRS_OVER_PIT_POINTS: gettext_noop(
        "repairs {spent} point(s) with {pit_points} pit points left"
    ),
    Code.S3_REPAIRS_POINT_ABOVE_BUILD: gettext_noop(
        "repairs {n} {part} point(s) to {to}, above its build of {cap}"
    ),
    Code.S3_TYRE_POINTS_ARE_REGENERATED: gettext_noop(
        "tyre points are regenerated, not repaired with pit points"
    ),
    Code.SPARE_CAR_NOT_OUT: gettext_noop("car {car} is not out of the race: no spare car for it"),
    Code.SPARE_NO_SUCH_CAR: gettext_noop("no car {car} in this race"),
    Code.SPARE_NOT_NOW: gettext_noop(
        "a spare car plays at the end of the turn just played, before the next turn's first move"
    ),
    Code.SPARE_TAKEN: gettext_noop("takes the spare car in {stand} (A5)"),
    Code.STALLED_SITS_OUT: gettext_noop("severe spin: stalls, sits out its next turn (A18)"),
    Code.STOPPED_REPLAY_STOPPED: gettext_noop("{why}; replay stopped: the rest of the log cannot be checked"),
    Code.SUPER_TOP_SAVED: gettext_noop("Super Top: stays in the race with 1 {part} point (A16)"),
    Code.T1_NO_LEGAL_PATH_SQUARES: gettext_noop("no legal path of {total} squares from {start} to {stop}"),
    Code.T1_NOT_SQUARE: gettext_noop("{start!r} is not a square of {track}"),
    Code.T1_NOT_SQUARE_CAR_LEFT: gettext_noop("{stop!r} is not a square of {track}: the car left the track"),
    Code.T1_NOT_SQUARE_STEP_PATH: gettext_noop("{sq!r} is not a square of {track} (step {step} of the path)"),
    Code.T1_PASSES_THROUGH_CAR: gettext_noop("passes through car {other} on {sq}"),
    Code.T1_STOPS_WHERE_CAR_STAND: gettext_noop("stops on {square}, where car {other} is in its stand"),
    Code.T2_SHIFTS_MORE_THAN_LANES: gettext_noop("shifts more than {most} lanes in a straight"),
    Code.T2_ZIG_ZAGS_WAY_THOUGH: gettext_noop(
        "zig-zags on the way to {stop} though a straighter path was free: {path}"
    ),
    Code.T4_CAR_PASSED_LEADER_AGAIN: gettext_noop(
        "car {car} passed the leader again but did not play its move back"
    ),
    Code.T4_CAR_PLAYED_BEFORE_CAR: gettext_noop(
        "car {played} played before car {due}, but car {due} was ahead or in a higher gear at the start of the turn"
    ),
    Code.T4_CAR_WAS_LAPPED_TURN: gettext_noop(
        "car {car} was lapped this turn before playing: it loses this move"
    ),
    Code.T5_CAR_DID_NOT_MOVE: gettext_noop("car {car} did not move in turn {turn}"),
    Code.T5_CAR_ELIMINATED_MOVES_NO_MORE: gettext_noop(
        "car {car} was eliminated at turn {turn} ({cause}) and moves no more"
    ),
    Code.T5_CAR_FINISHED_MOVES_NO_MORE: gettext_noop("car {car} finished at turn {turn} and moves no more"),
    Code.T5_CAR_MOVES_TWICE_TURN: gettext_noop("car {car} moves twice in turn {turn}"),
    Code.TEAM_XP_WEAR_POINT: gettext_noop("team {team} gives car {car} +1 {part} point"),
    Code.TEST_CAR_NOT_IN_5TH_6TH: gettext_noop("car {car} is not in 5th or 6th gear"),
    Code.TEST_CAR_NOT_RISK_COLLISION: gettext_noop(
        "car {car} is not at risk of a collision with car {mover}"
    ),
    Code.TEST_CAR_ROLLED_ENGINE_TEST: gettext_noop("car {car} rolled its engine test twice"),
    Code.TEST_COLLISION_AFTER_CAUSER: gettext_noop(
        "car {car} rolled its collision test after car {mover}, which caused it and rolls last"
    ),
    Code.TEST_COLLISION_MISSING: gettext_noop(
        "car {car} did not roll its collision test (touched by car {mover})"
    ),
    Code.TEST_COLLISION_MISSING_CAUSER: gettext_noop(
        "car {mover} did not roll its collision test against car {target}"
    ),
    Code.TEST_COLLISION_NO_TARGET: gettext_noop(
        "car {mover} rolled a collision test (roll {roll}) with no car to test against"
    ),
    Code.TEST_COLLISION_TWICE: gettext_noop("car {car} rolled its collision test twice"),
    Code.TEST_ENGINE_MISSING: gettext_noop(
        "car {car} did not roll its engine test (car {mover} pushed its engine)"
    ),
    Code.TEST_ENGINE_TEST_CAR_NOT: gettext_noop("engine test for car {car} not called for: {why}"),
    Code.TEST_HANDLING_TEST_DANGEROUS_SQUARE: gettext_noop(
        "handling test for {square}, but the dangerous square here is {sq}"
    ),
    Code.TEST_HANDLING_TEST_ROLL_NO: gettext_noop(
        "handling test (roll {roll}) with no dangerous square left to test"
    ),
    Code.TEST_HANDLING_TEST_ROLLED_CAR: gettext_noop(
        "handling test for {sq} rolled by car {roller}, not car {car}"
    ),
    Code.TEST_NO_DEBRIS_ROLL_D20: gettext_noop("no debris roll (d20) after pedal to the metal"),
    Code.TEST_NO_HANDLING_TEST_ROLLED: gettext_noop("no handling test rolled for the dangerous square {sq}"),
    Code.TEST_NO_PIT_ROLL_D20: gettext_noop("no pit roll (d20) after a tyre stop"),
    Code.TEST_NO_PUSH_ROLLED: gettext_noop("no 20 in 5th or 30 in 6th was rolled"),
    Code.TEST_NO_SCATTER_ROLL_DAMAGE: gettext_noop("no scatter roll for the damage to car {car}"),
    Code.TEST_NO_SPIN_ROLL_D20: gettext_noop("no spin roll (d20) after a spin (A18)"),
    Code.TEST_NO_WEATHER_ROLL_AFTER: gettext_noop(
        "no weather roll after a 20 in 5th or 30 in 6th under variable weather"
    ),
    Code.TEST_NOT_CALLED_FOR: gettext_noop("{kind} test (roll {roll}) was not called for here"),
    Code.TEST_NOT_CALLED_FOR_SQUARE: gettext_noop(
        "{kind} test for {square} (roll {roll}) was not called for here"
    ),
    Code.TEST_SCATTER_ROLL_NO_DAMAGE: gettext_noop("scatter roll {roll} with no damage to scatter"),
    Code.TEST_SECOND_DEBRIS_ROLL: gettext_noop("a second debris roll ({roll})"),
    Code.TEST_SECOND_PIT_ROLL_ONE: gettext_noop("a second pit roll ({roll}) for one stop"),
    Code.TEST_SECOND_SPIN_ROLL: gettext_noop("a second spin roll ({roll})"),
    Code.TEST_SECOND_WEATHER_ROLL_ONE: gettext_noop("a second weather roll ({roll}) for one engine push"),
    Code.UNLAPPED_MOVE_BACK: gettext_noop("passes the leader again: gets its lost move back (M6-2-5)"),
    Code.W1_NO_WEATHER_ROLL_AFTER: gettext_noop(
        "no weather roll after a 20 in 5th or 30 in 6th under variable weather"
    ),
    Code.W1_WEATHER_ROLL_NOT_D20: gettext_noop("weather roll {weather_race} is not a d20 roll (1–20)"),
    Code.W2_BONUS_TOO_MANY_CORNER: gettext_noop(
        "takes {bonus} bonus square(s); {tyres} tyres give {bonus_max} in a corner now"
    ),
    Code.W2_BONUS_TOO_MANY_STRAIGHT: gettext_noop(
        "takes {bonus} bonus square(s); {tyres} tyres give {bonus_max} in a straight now"
    ),
    Code.WEATHER_ROLL: gettext_noop("weather roll {roll}: {weather}"),
    Code.WEATHER_ROLL_A9: gettext_noop("weather roll {roll}: {weather} (A9)"),
    Code.X2_SPENDS_1_0_DRIVER: gettext_noop("spends 1.0 driver experience point with {balance:.1f}"),
    Code.X2_SPENDS_DRIVER_EXPERIENCE_EXPERIENCE: gettext_noop(
        "spends driver experience, but experience (A7) is not in force"
    ),
    Code.X2_SPENDS_DRIVER_EXPERIENCE_SECOND: gettext_noop(
        "spends driver experience a second time in this race (once per race)"
    ),
    Code.X2_SPENDS_DRIVER_EXPERIENCE_TWO: gettext_noop(
        "spends driver experience on a two-dice throw {roll}: the log cannot say which die it changes"
    ),
    Code.X3_FAST_STOP_TEAM_POINT: gettext_noop("a fast-stop team point is spent on a tyre stop"),
    Code.X3_SECOND_TEAM_WEAR_POINT: gettext_noop(
        "a second team wear point for car {car} (1 per car per race)"
    ),
    Code.X3_SPENDS_TEAM_EXPERIENCE_EXPERIENCE: gettext_noop(
        "spends team experience, but experience (A7) is not in force"
    ),
    Code.X3_TEAM_POINT_TURNS_TYRE: gettext_noop(
        "a team point turns a tyre stop into a fast one, not a long stop"
    ),
    Code.X3_TEAM_SPENDS_1_0: gettext_noop("team {team} spends 1.0 point with {balance:.1f}"),
    Code.X3_TEAM_WEAR_POINT_NAMES: gettext_noop('a team wear point names the part it goes to ("part")'),
}
