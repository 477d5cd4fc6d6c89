"""A car's wear build (D1), entered by its driver before the race and checked by the engine itself.

The numbers (20 points, A11's structure points, a team point for one more under X3) are the
engine's: the build is handed to `rules.advanced.start_car`, as a replay would, and its D1
violations are the form's errors.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from core.messages import message_text
from core.permissions import staff_may
from league.selectors import team_experience
from races.models import RaceEntry
from races.services import OPEN_STATUSES
from rules.advanced import start_car
from rules.journal import Journal
from rules.ruleset import RuleSet
from rules.state import PARTS, Wear

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser


def wear_build_problems(*, race_entry: RaceEntry, wear: dict[str, int]) -> list[str]:
    """The engine's D1 messages for this build (empty: it may start), in the reader's language."""
    season = race_entry.race.season
    rules = RuleSet.from_options(season.options, points=season.points_table)
    team = race_entry.season_entry.team
    balance_tenths = int(team_experience(team=team) * 10)
    car = SimpleNamespace(
        car=race_entry.season_entry.car_id,
        team=team.slug,
        wear=Wear(*(int(wear.get(part, 0)) for part in PARTS)),
        wing=None,
        fuel=None,
    )
    problems = Journal()
    start_car(rules, car, {team.slug: balance_tenths}, problems)
    return [message_text(v.code, v.params) for v in problems if v.rule == "D1"]


def may_build(*, race_entry: RaceEntry, user: AbstractBaseUser) -> bool:
    """The car's driver, or a steward allowed to change race entries (not any staff account)."""
    return race_entry.season_entry.driver.user_id == user.pk or staff_may(user, "races.change_raceentry")


@transaction.atomic
def race_entry_wear_set(*, race_entry: RaceEntry, wear: dict[str, int], by: AbstractBaseUser) -> RaceEntry:
    if not may_build(race_entry=race_entry, user=by):
        raise ValidationError(_("Only the car's driver enters its wear build."))
    if race_entry.race.status not in OPEN_STATUSES:
        raise ValidationError(_("The race is run: its builds are what was raced."))
    problems = wear_build_problems(race_entry=race_entry, wear=wear)
    if problems:
        raise ValidationError(problems)
    race_entry.wear = {part: int(wear[part]) for part in PARTS}
    race_entry.full_clean()
    race_entry.save(update_fields=["wear"])
    return race_entry
