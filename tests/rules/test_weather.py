"""Weather and tyres (W1–W3)."""

from __future__ import annotations

from rules.replay import apply
from rules.weather import Tyres, Weather, WeatherKind, WeatherScale, slide_for_gear, tyre_effect
from tests.rules.conftest import move, placed, rules_of

SCALE = WeatherScale((1, 4), (5, 8), (9, 20))


def test_the_scale_gives_the_weather_for_a_roll():
    assert [SCALE.kind_for(r) for r in (1, 4, 5, 9, 20)] == [
        WeatherKind.RAIN,
        WeatherKind.RAIN,
        WeatherKind.VARIABLE,
        WeatherKind.SUN,
        WeatherKind.SUN,
    ]


def test_variable_weather_starts_dry_and_turns_temporary_then_fixed():
    w = Weather.start(WeatherKind.VARIABLE)
    assert not w.is_rain and w.evolves
    w = w.after_roll(WeatherKind.RAIN)
    assert w.is_rain and not w.fixed
    assert not w.after_roll(WeatherKind.VARIABLE).is_rain
    assert w.after_roll(WeatherKind.SUN).current is WeatherKind.SUN
    fixed = w.after_roll(WeatherKind.RAIN)
    assert fixed.is_rain and fixed.fixed and not fixed.evolves


def test_sun_or_rain_from_the_start_never_evolves():
    assert not Weather.start(WeatherKind.SUN).evolves
    assert Weather.start(WeatherKind.RAIN).after_roll(WeatherKind.SUN).is_rain


def test_the_tyre_table():
    assert tyre_effect(Tyres.SOFT, False, 1).straight == 1
    assert (
        tyre_effect(Tyres.SOFT, False, 3).straight == -1 and tyre_effect(Tyres.SOFT, False, 3).multiplier == 3
    )
    assert tyre_effect(Tyres.HARD, True, 2).corner == 3 and tyre_effect(Tyres.HARD, True, 2).corner_is_slide
    assert tyre_effect(Tyres.RAIN, False, 1).multiplier == 2
    assert tyre_effect(Tyres.RAIN, True, 1).corner == 1


def test_option_a8_reduces_the_slide_in_low_gears():
    rain_hard = tyre_effect(Tyres.HARD, True, 1)
    assert slide_for_gear(rain_hard, Tyres.HARD, 1, a8=True) == 1
    assert slide_for_gear(rain_hard, Tyres.HARD, 2, a8=True) == 2
    assert slide_for_gear(rain_hard, Tyres.HARD, 1, a8=False) == 3


def test_hard_tyres_in_the_rain_slide_three_squares_in_a_corner(ovale):
    game, state = placed(ovale, {"7": "S1-b7"}, weather=2)
    _, events = apply(game, state, move("7", 3, 4, "S1-b8", "T1-b1", "T1-b2", "T1-b3"))
    assert rules_of(events) == ["C7"]
    state, events = apply(
        game, state, move("7", 3, 4, "S1-b8", "T1-b1", "T1-b2", "T1-b3", "T1-b4", "S2-b1", "S2-b2")
    )
    assert "C7" not in rules_of(events)


def test_soft_tyres_give_an_optional_bonus_square_on_the_first_lap(ovale):
    game, state = placed(ovale, {"7": "S1-b1"}, tyres={"7": "soft"})
    _, events = apply(game, state, move("7", 3, 4, "S1-b2", "S1-b3", "S1-b4", "S1-b5", "S1-b6", bonus=1))
    assert rules_of(events) == []
    _, events = apply(game, state, move("7", 3, 4, "S1-b2", "S1-b3", "S1-b4", "S1-b5"))
    assert rules_of(events) == []


def test_hard_tyres_give_no_bonus(ovale):
    game, state = placed(ovale, {"7": "S1-b1"})
    _, events = apply(game, state, move("7", 3, 4, "S1-b2", "S1-b3", "S1-b4", "S1-b5", "S1-b6", bonus=1))
    assert rules_of(events) == ["W2"]
