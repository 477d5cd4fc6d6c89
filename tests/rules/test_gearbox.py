"""The gearbox: dice faces, shifting up and down, over-revving costs (G1–G4)."""

from __future__ import annotations

import pytest

from rules.gearbox import check_shift, is_face, pushes_engine
from rules.messages import Code, render
from rules.state import Wear

FULL = Wear(4, 3, 3, 3, 3, 4)


def test_it_knows_the_faces_of_each_gear_die():
    assert is_face(1, 2) and not is_face(1, 3)
    assert is_face(3, 4) and not is_face(3, 3)
    assert is_face(6, 30) and not is_face(6, 20)


def test_it_rejects_a_gear_skip_going_up():
    _, problem = check_shift(2, 4, FULL, spun=False)
    assert problem == ("G2", (Code.G2_SKIP_UP, (("previous", 2), ("gear", 4))))
    assert render(*problem[1]) == "gear 2 → 4 skips a gear going up"


def test_it_rejects_skipping_four_gears_going_down():
    _, problem = check_shift(6, 1, FULL, spun=False)
    assert problem[0] == "G2"


@pytest.mark.parametrize(
    ("before", "after", "costs"),
    [(6, 4, (1, 1, 0, 0)), (5, 2, (2, 1, 1, 0)), (6, 2, (3, 1, 1, 1)), (4, 3, (0, 0, 0, 0))],
)
def test_over_revving_costs_by_gears_skipped(before, after, costs):
    shift, problem = check_shift(before, after, FULL, spun=False)
    assert problem is None
    assert (shift.skipped, shift.gearbox, shift.brakes, shift.engine) == costs


def test_it_forbids_skipping_with_an_empty_gearbox():
    _, problem = check_shift(5, 3, FULL._replace(gearbox=0), spun=False)
    assert problem[0] == "G3"


def test_it_forbids_skipping_two_gears_without_brakes():
    assert check_shift(5, 2, FULL._replace(brakes=0), spun=False)[1][0] == "G3"
    assert check_shift(5, 3, FULL._replace(brakes=0), spun=False)[1] is None


def test_it_forbids_skipping_three_gears_on_the_last_engine_point():
    assert check_shift(6, 2, FULL._replace(engine=1), spun=False)[1][0] == "G3"


def test_the_first_move_and_the_move_after_a_spin_are_in_first():
    assert check_shift(0, 2, FULL, spun=False)[1][0] == "G4"
    assert check_shift(0, 1, FULL, spun=False)[1] is None
    assert check_shift(4, 2, FULL, spun=True)[1][0] == "G4"
    assert check_shift(4, 1, FULL, spun=True) == (check_shift(0, 1, FULL, spun=False))


def test_a_20_in_fifth_or_30_in_sixth_pushes_the_engine():
    assert pushes_engine(5, 20) and pushes_engine(6, 30)
    assert not pushes_engine(6, 20) and not pushes_engine(4, 12)


def test_the_options_read_the_dice_from_the_gearbox():
    """The faces are written once, here: 7th gear (A13) is the 5th and 6th dice together, A15's
    top half and A16's "a 20 or a 30 shown" in 7th are worked out from them."""
    from rules import gearbox
    from rules.options import a13_seventh_gear, a15_supercharging, a16_super_top

    assert gearbox.RANGES[7] == (32, 50) and gearbox.SEVENTH == (5, 6)
    assert gearbox.CORE_TOP_GEAR == 6 and a13_seventh_gear.TOP_GEAR == 7
    assert a15_supercharging.THRESHOLD == {4: 9, 5: 15, 6: 25, 7: 41}
    assert a16_super_top.PUSH_IN_SEVENTH == 49
    for gear, faces in gearbox.FACES.items():
        assert gearbox.RANGES[gear] == (min(faces), max(faces))
