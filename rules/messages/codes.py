"""Every message code the engine gives (violations and events): a stable string per message.

The value is `<prefix>.<words>`. The prefix is the rule a violation breaks (`g2.skip_up`,
`a13.…`), or the kind of an event (`finished.last_line`, `red-flag.restart`), or one of:
`corner.` what leaving a corner did (corner-exit events, or the reason of an elimination),
`part-lost.` a part losing points (the `<part>-lost` kinds), `lost.` why it lost them, `out.` why
a car is eliminated, `test.` a d20 test rolled wrongly (its rule is the test's: D3, D4, D5, W1,
S2, A6, A10, A14, A18), `path.` and `stand.` a problem that can break more than one rule,
`option.` an option used while not in force (the rule is the option), `c7.term_` a term of a
move's total, `stopped.` a fatal violation wrapped. Values never change once given: the site and
stored verdicts key on them. The English is in `english.py`."""

from __future__ import annotations

from enum import StrEnum


class Code(StrEnum):
    A12_FUEL_LOAD_OPTION_NOT = "a12.fuel_load_option_not"
    A12_REFUELS_OPTION_NOT_FORCE = "a12.refuels_option_not_force"
    A12_STARTS_LAP_NO_FUEL = "a12.starts_lap_no_fuel"
    A12_TANK_HOLDS_1_3 = "a12.tank_holds_1_3"

    A13_7_2_COSTS_ONE = "a13.7_2_costs_one"
    A13_7TH_GEAR_OPTION_NOT = "a13.7th_gear_option_not"
    A13_MOVE_7TH_GEAR_THROWS = "a13.move_7th_gear_throws"

    A14_ACCIDENT_ROLL_CAR_WHICH = "a14.accident_roll_car_which"
    A14_CAR_WAS_TOUCHED_CAR = "a14.car_was_touched_car"
    A14_NO_ACCIDENT_ROLL_D20 = "a14.no_accident_roll_d20"

    A15_SUPERCHARGING_FORBIDDEN_GOING_INTO = "a15.supercharging_forbidden_going_into"
    A15_SUPERCHARGING_GEAR_4TH_7TH = "a15.supercharging_gear_4th_7th"

    A16_SECOND_SUPER_TOP_RACE = "a16.second_super_top_race"
    A16_SUPER_TOP_GIVES_NUMBER = "a16.super_top_gives_number"
    A16_SUPER_TOP_OUTSIDE_GEAR = "a16.super_top_outside_gear"

    A18_CAR_SITS_OUT_TURN = "a18.car_sits_out_turn"
    A18_CAR_STALLED_SEVERE_SPIN = "a18.car_stalled_severe_spin"
    A18_STALLING_OPTION_NOT_FORCE = "a18.stalling_option_not_force"

    A19_SECOND_TOP_LAP_ONE = "a19.second_top_lap_one"
    A19_TOP_ADDS_TAKES_OFF = "a19.top_adds_takes_off"

    A2_TAKES_SQUARE_OFF_CORNER = "a2.takes_square_off_corner"

    A3_DRIVES_PIT_LANE_GEAR = "a3.drives_pit_lane_gear"
    A3_ENTERS_PIT_LANE_5TH = "a3.enters_pit_lane_5th"
    A3_ENTERS_PIT_LANE_BELOW_3RD = "a3.enters_pit_lane_below_3rd"
    A3_ENTERS_PIT_LANE_GEAR = "a3.enters_pit_lane_gear"
    A3_REACHES_STAND_AFTER_SQUARES = "a3.reaches_stand_after_squares"

    A4_CAR_INERTIA_MAY_NOT = "a4.car_inertia_may_not"
    A4_INERTIA_MOVE_MADE_4TH = "a4.inertia_move_made_4th"
    A4_NO_SLIPSTREAM_CAR_INERTIA = "a4.no_slipstream_car_inertia"

    A5_CAR_NOT_RACING_HAS = "a5.car_not_racing_has"
    A5_CAR_RACING_SPARE_CAR = "a5.car_racing_spare_car"
    A5_LOG_RESTARTS_RACE_NO = "a5.log_restarts_race_no"
    A5_LOG_RESTARTS_RACE_OPTION = "a5.log_restarts_race_option"
    A5_RED_FLAG_END_TURN = "a5.red_flag_end_turn"
    A5_RESTART_START_REPAIRS_EVERY = "a5.restart_start_repairs_every"
    A5_SPARE_GEAR_TOO_HIGH = "a5.spare_gear_too_high"
    A5_SPARE_NO_STAND = "a5.spare_no_stand"
    A5_SPARE_OPTION_OFF = "a5.spare_option_off"
    A5_SPARE_PART_AT_ZERO = "a5.spare_part_at_zero"
    A5_SPARE_POINTS_NOT_WHOLE = "a5.spare_points_not_whole"
    A5_SPARE_POINTS_OFF_WRONG = "a5.spare_points_off_wrong"
    A5_SPARE_TAKEN_ALREADY = "a5.spare_taken_already"
    A5_SPARE_TOO_LATE = "a5.spare_too_late"

    ACCIDENT_BOUNCES_ACROSS = "accident.bounces_across"
    ACCIDENT_BOUNCES_ONTO = "accident.bounces_onto"
    ACCIDENT_OFF_TRACK = "accident.off_track"

    BLOCKED_PAID = "blocked.paid"

    C2_CHANGES_LANE_AFTER_UNCONTROLLED = "c2.changes_lane_after_uncontrolled"

    C4_BRAKES_SQUARE_BRAKE_POINT = "c4.brakes_square_brake_point"

    C7_MOVES_SQUARES_STAND_TOTAL = "c7.moves_squares_stand_total"
    C7_MOVES_SQUARES_TOTAL = "c7.moves_squares_total"
    C7_TERM_BONUS = "c7.term_bonus"
    C7_TERM_BRAKE = "c7.term_brake"
    C7_TERM_ROLL = "c7.term_roll"
    C7_TERM_SLIDE = "c7.term_slide"
    C7_TERM_TYRES = "c7.term_tyres"

    CAUGHT_STAYS_IN_3RD = "caught.stays_in_3rd"

    CORNER_LAST_TYRES_SPIN = "corner.last_tyres_spin"
    CORNER_NO_TYRES_OFF_ROAD = "corner.no_tyres_off_road"
    CORNER_NO_TYRES_SPIN = "corner.no_tyres_spin"
    CORNER_TOO_FEW_STOPS_OUT = "corner.too_few_stops_out"
    CORNER_TOO_FEW_TYRES_OFF_ROAD = "corner.too_few_tyres_off_road"
    CORNER_TYRES_PAID = "corner.tyres_paid"

    D1_ONE_OVER_NO_TEAM_POINT = "d1.one_over_no_team_point"
    D1_PART_AT_ZERO = "d1.part_at_zero"
    D1_WEAR_TOTAL_WRONG = "d1.wear_total_wrong"
    D1_WEAR_TOTAL_WRONG_A11 = "d1.wear_total_wrong_a11"

    DEBRIS_PEDAL_TO_THE_METAL = "debris.pedal_to_the_metal"
    DEBRIS_SCATTERED = "debris.scattered"

    ELIMINATED_OUT = "eliminated.out"

    F2_LOG_ENDS_AFTER_TURN = "f2.log_ends_after_turn"
    F2_SEASON_RACES_LAPS_LOG = "f2.season_races_laps_log"

    F3_CLAIMED_RESULT_DIFFERS_REPLAY = "f3.claimed_result_differs_replay"

    FINISHED_LAST_LINE = "finished.last_line"

    G1_NATURAL_ROLL_NOT_GEAR = "g1.natural_roll_not_gear"
    G1_NO_SUCH_GEAR = "g1.no_such_gear"
    G1_ROLL_DOES_NOT_FOLLOW = "g1.roll_does_not_follow"
    G1_ROLL_NOT_ON_DIE = "g1.roll_not_on_die"
    G1_ROLL_NOT_ON_DIE_7TH = "g1.roll_not_on_die_7th"
    G1_TEST_ROLL_NOT_D20 = "g1.test_roll_not_d20"
    G1_TWO_DICE_ARE_THROWN = "g1.two_dice_are_thrown"

    G2_SKIP_DOWN_TOO_FAR = "g2.skip_down_too_far"
    G2_SKIP_UP = "g2.skip_up"

    G3_SKIP_LAST_ENGINE = "g3.skip_last_engine"
    G3_SKIP_NO_BRAKES = "g3.skip_no_brakes"
    G3_SKIP_NO_GEARBOX = "g3.skip_no_gearbox"

    G4_AFTER_SPIN_NEXT_MOVE = "g4.after_spin_next_move"
    G4_FIRST_MOVE_1ST_GEAR = "g4.first_move_1st_gear"

    INERTIA_LAST_MOVE = "inertia.last_move"

    LAPPED_LOSES_MOVE = "lapped.loses_move"

    LOST_CAR_WAS_BLOCKED_AGAINST = "lost.car_was_blocked_against"
    LOST_COLLISION_WITH_MOVER = "lost.collision_with_mover"
    LOST_COLLISION_WITH_TARGET = "lost.collision_with_target"
    LOST_DANGEROUS_SQUARE_ROLLED = "lost.dangerous_square_rolled"
    LOST_ELIMINATED_CAR_COLLISION = "lost.eliminated_car_collision"
    LOST_ENGINE_TEST_AFTER_CAR = "lost.engine_test_after_car"
    LOST_HIT_CAR_OFF_ROAD = "lost.hit_car_off_road"
    LOST_OVER_REVVING = "lost.over_revving"
    LOST_OVER_REVVING_7_2 = "lost.over_revving_7_2"
    LOST_PEDAL_METAL = "lost.pedal_metal"

    O_LOG_PLAYS_OPTIONS_SEASON = "o.log_plays_options_season"
    O_UNKNOWN_OPTION_ACTION = "o.unknown_option_action"

    OPTION_NOT_IN_FORCE = "option.not_in_force"
    OPTION_WING_NOT_IN_FORCE = "option.wing_not_in_force"

    OUT_BLOCKED_7_OR_MORE = "out.blocked_7_or_more"
    OUT_BLOCKED_CANNOT_PAY = "out.blocked_cannot_pay"
    OUT_ENGINE_BROKEN_INERTIA_MOVE = "out.engine_broken_inertia_move"
    OUT_NO_POINTS_LEFT = "out.no_points_left"

    PART_LOST_LOSES_POINTS = "part-lost.loses_points"

    PATH_LEFT_TRACK = "path.left_track"
    PATH_NOT_ONE_SQUARE_FORWARD = "path.not_one_square_forward"
    PATH_STOPS_SHORT = "path.stops_short"

    PIT_STOP = "pit.stop"

    RED_FLAG_LAST_LAP = "red-flag.last_lap"
    RED_FLAG_RESTART = "red-flag.restart"

    S1_ENTERS_CORNER_SLIPSTREAM_BRAKE = "s1.enters_corner_slipstream_brake"
    S1_SLIPSTREAM_BEHIND_CAR_BOTH = "s1.slipstream_behind_car_both"
    S1_SLIPSTREAM_BEHIND_CAR_WHICH = "s1.slipstream_behind_car_which"
    S1_SLIPSTREAM_CANNOT_COMBINED_PIT = "s1.slipstream_cannot_combined_pit"
    S1_SLIPSTREAM_GEAR_ONLY_4TH = "s1.slipstream_gear_only_4th"
    S1_SLIPSTREAM_MUST_PULL_OUT = "s1.slipstream_must_pull_out"
    S1_SLIPSTREAM_NO_CAR_DIRECTLY = "s1.slipstream_no_car_directly"
    S1_SLIPSTREAM_OVER_FOLLOWS_NONE = "s1.slipstream_over_follows_none"
    S1_SLIPSTREAM_PATH_ENDS_AFTER = "s1.slipstream_path_ends_after"

    S2_CAR_HAS_NO_STAND = "s2.car_has_no_stand"
    S2_CAR_STAYS_STAND_LEAVES = "s2.car_stays_stand_leaves"
    S2_CAR_WAITS_PITS = "s2.car_waits_pits"
    S2_CAR_WAITS_THOUGH_LANE = "s2.car_waits_though_lane"
    S2_PATH_NOT_INTO_PIT_LANE = "s2.path_not_into_pit_lane"
    S2_PATH_NOT_TO_STAND = "s2.path_not_to_stand"
    S2_PIT_ROLL_COULD_MOVE_MORE = "s2.pit_roll_could_move_more"
    S2_PIT_ROLL_LEAVES_STAND = "s2.pit_roll_leaves_stand"
    S2_PIT_ROLL_MISSED_STOP = "s2.pit_roll_missed_stop"

    STAND_LEAVES_ABOVE_4TH = "stand.leaves_above_4th"
    S3_LONG_STOP_CAR_WAITS = "s3.long_stop_car_waits"
    S3_REPAIRS_NEED_LONG_STOP = "s3.repairs_need_long_stop"
    S3_REPAIRS_OVER_KEYS = "s3.repairs_over_keys"
    S3_REPAIRS_OVER_PIT_POINTS = "s3.repairs_over_pit_points"
    S3_REPAIRS_POINT_ABOVE_BUILD = "s3.repairs_point_above_build"
    S3_TYRE_POINTS_ARE_REGENERATED = "s3.tyre_points_are_regenerated"

    SPARE_CAR_NOT_OUT = "spare.car_not_out"
    SPARE_NO_SUCH_CAR = "spare.no_such_car"
    SPARE_NOT_NOW = "spare.not_now"
    SPARE_TAKEN = "spare.taken"

    STALLED_SITS_OUT = "stalled.sits_out"

    STOPPED_REPLAY_STOPPED = "stopped.replay_stopped"

    SUPER_TOP_SAVED = "super-top.saved"

    T1_NO_LEGAL_PATH_SQUARES = "t1.no_legal_path_squares"
    T1_NOT_SQUARE = "t1.not_square"
    T1_NOT_SQUARE_CAR_LEFT = "t1.not_square_car_left"
    T1_NOT_SQUARE_STEP_PATH = "t1.not_square_step_path"
    T1_PASSES_THROUGH_CAR = "t1.passes_through_car"
    T1_STOPS_WHERE_CAR_STAND = "t1.stops_where_car_stand"

    T2_SHIFTS_MORE_THAN_LANES = "t2.shifts_more_than_lanes"
    T2_ZIG_ZAGS_WAY_THOUGH = "t2.zig_zags_way_though"

    T4_CAR_PASSED_LEADER_AGAIN = "t4.car_passed_leader_again"
    T4_CAR_PLAYED_BEFORE_CAR = "t4.car_played_before_car"
    T4_CAR_WAS_LAPPED_TURN = "t4.car_was_lapped_turn"

    T5_CAR_DID_NOT_MOVE = "t5.car_did_not_move"
    T5_CAR_ELIMINATED_MOVES_NO_MORE = "t5.car_eliminated_moves_no_more"
    T5_CAR_FINISHED_MOVES_NO_MORE = "t5.car_finished_moves_no_more"
    T5_CAR_MOVES_TWICE_TURN = "t5.car_moves_twice_turn"

    TEAM_XP_WEAR_POINT = "team-xp.wear_point"

    TEST_CAR_NOT_IN_5TH_6TH = "test.car_not_in_5th_6th"
    TEST_CAR_NOT_RISK_COLLISION = "test.car_not_risk_collision"
    TEST_CAR_ROLLED_ENGINE_TEST = "test.car_rolled_engine_test"
    TEST_COLLISION_AFTER_CAUSER = "test.collision_after_causer"
    TEST_COLLISION_MISSING = "test.collision_missing"
    TEST_COLLISION_MISSING_CAUSER = "test.collision_missing_causer"
    TEST_COLLISION_NO_TARGET = "test.collision_no_target"
    TEST_COLLISION_TWICE = "test.collision_twice"
    TEST_ENGINE_MISSING = "test.engine_missing"
    TEST_ENGINE_TEST_CAR_NOT = "test.engine_test_car_not"
    TEST_HANDLING_TEST_DANGEROUS_SQUARE = "test.handling_test_dangerous_square"
    TEST_HANDLING_TEST_ROLL_NO = "test.handling_test_roll_no"
    TEST_HANDLING_TEST_ROLLED_CAR = "test.handling_test_rolled_car"
    TEST_NO_DEBRIS_ROLL_D20 = "test.no_debris_roll_d20"
    TEST_NO_HANDLING_TEST_ROLLED = "test.no_handling_test_rolled"
    TEST_NO_PIT_ROLL_D20 = "test.no_pit_roll_d20"
    TEST_NO_PUSH_ROLLED = "test.no_push_rolled"
    TEST_NO_SCATTER_ROLL_DAMAGE = "test.no_scatter_roll_damage"
    TEST_NO_SPIN_ROLL_D20 = "test.no_spin_roll_d20"
    TEST_NO_WEATHER_ROLL_AFTER = "test.no_weather_roll_after"
    TEST_NOT_CALLED_FOR = "test.not_called_for"
    TEST_NOT_CALLED_FOR_SQUARE = "test.not_called_for_square"
    TEST_SCATTER_ROLL_NO_DAMAGE = "test.scatter_roll_no_damage"
    TEST_SECOND_DEBRIS_ROLL = "test.second_debris_roll"
    TEST_SECOND_PIT_ROLL_ONE = "test.second_pit_roll_one"
    TEST_SECOND_SPIN_ROLL = "test.second_spin_roll"
    TEST_SECOND_WEATHER_ROLL_ONE = "test.second_weather_roll_one"

    UNLAPPED_MOVE_BACK = "unlapped.move_back"

    W1_NO_WEATHER_ROLL_AFTER = "w1.no_weather_roll_after"
    W1_WEATHER_ROLL_NOT_D20 = "w1.weather_roll_not_d20"

    W2_BONUS_TOO_MANY_CORNER = "w2.bonus_too_many_corner"
    W2_BONUS_TOO_MANY_STRAIGHT = "w2.bonus_too_many_straight"

    WEATHER_ROLL = "weather.roll"
    WEATHER_ROLL_A9 = "weather.roll_a9"

    X2_SPENDS_1_0_DRIVER = "x2.spends_1_0_driver"
    X2_SPENDS_DRIVER_EXPERIENCE_EXPERIENCE = "x2.spends_driver_experience_experience"
    X2_SPENDS_DRIVER_EXPERIENCE_SECOND = "x2.spends_driver_experience_second"
    X2_SPENDS_DRIVER_EXPERIENCE_TWO = "x2.spends_driver_experience_two"

    X3_FAST_STOP_TEAM_POINT = "x3.fast_stop_team_point"
    X3_SECOND_TEAM_WEAR_POINT = "x3.second_team_wear_point"
    X3_SPENDS_TEAM_EXPERIENCE_EXPERIENCE = "x3.spends_team_experience_experience"
    X3_TEAM_POINT_TURNS_TYRE = "x3.team_point_turns_tyre"
    X3_TEAM_SPENDS_1_0 = "x3.team_spends_1_0"
    X3_TEAM_WEAR_POINT_NAMES = "x3.team_wear_point_names"


# corner exits that end in a spin (C6): the replay viewer shows them as spins
SPINS = frozenset({Code.CORNER_NO_TYRES_SPIN, Code.CORNER_LAST_TYRES_SPIN})
