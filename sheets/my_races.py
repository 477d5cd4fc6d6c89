"""What the league expects of one player: the reads behind "My races" and the header's badge."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING

from django.db.models import Q
from django.utils import timezone

from league.models import Driver, EntryRequest
from league.selectors import driver_experience
from races.models import Penalty, Race, RaceEntry
from races.services import OPEN_STATUSES
from sheets.models import Protest, RaceSheet

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser


@dataclass
class NextRace:
    entry: RaceEntry
    needs_qualifying: bool
    needs_wear: bool


@dataclass
class Dashboard:
    driver: Driver | None
    next_race: NextRace | None = None
    upcoming: list[RaceEntry] = field(default_factory=list)
    sheets_owed: list[RaceEntry] = field(default_factory=list)
    to_confirm: list[RaceSheet] = field(default_factory=list)
    protests_by_me: list[Protest] = field(default_factory=list)
    protests_against_me: list[Protest] = field(default_factory=list)
    penalties: list[Penalty] = field(default_factory=list)
    experience: Decimal = Decimal("0")
    # entry requests the stewards have not decided (or put on the waiting list): shown, not asked again
    requests: list[EntryRequest] = field(default_factory=list)

    @property
    def todo_count(self) -> int:
        """What waits on the player: a build or a qualifying sheet, sheets owed or to confirm, open protests."""
        nxt = self.next_race
        open_against = sum(1 for p in self.protests_against_me if p.status == Protest.Status.OPEN)
        return (
            (int(nxt.needs_wear) + int(nxt.needs_qualifying) if nxt else 0)
            + len(self.sheets_owed)
            + len(self.to_confirm)
            + open_against
        )


_ENTRY_JOINS = ("race__season", "race__circuit", "season_entry__driver", "season_entry__team")


def _to_confirm(user: AbstractBaseUser, driver: Driver, now: datetime) -> list[RaceSheet]:
    """Valid race sheets of my races, sent by someone else, not confirmed by me, protests still open."""
    sheets = (
        RaceSheet.objects.filter(
            race__entries__season_entry__driver=driver,
            kind=RaceSheet.Kind.RACE,
            status=RaceSheet.Status.VALID,
            chosen=True,
        )
        .exclude(submitted_by=user)
        .exclude(confirmations__user=user)
        .exclude(race__status=Race.Status.OFFICIAL)
        .select_related("race__season", "race__circuit")
        .distinct()
    )
    return [
        s
        for s in sheets
        if s.validated_at is None
        or now <= s.validated_at + timedelta(hours=s.race.season.protest_window_hours)
    ]


def _waiting_requests(user: AbstractBaseUser, driver: Driver | None) -> list[EntryRequest]:
    """The player's entry requests still waiting for the stewards (his own, or his manager's for him)."""
    mine = Q(user=user) | Q(driver=driver) if driver is not None else Q(user=user)
    return list(
        EntryRequest.objects.filter(
            mine, status__in=[EntryRequest.Status.PENDING, EntryRequest.Status.WAITING]
        )
        .select_related("season", "team")
        .order_by("requested_at", "pk")
    )


def player_dashboard(*, user: AbstractBaseUser, now: datetime | None = None) -> Dashboard:
    now = now or timezone.now()
    driver = Driver.objects.filter(user=user).first()
    board = Dashboard(driver=driver, requests=_waiting_requests(user, driver))
    if driver is None:
        board.protests_by_me = list(
            Protest.objects.filter(filed_by=user).select_related("sheet__race__circuit")
        )
        return board
    mine = RaceEntry.objects.filter(season_entry__driver=driver).select_related(*_ENTRY_JOINS)
    board.upcoming = list(
        mine.filter(race__status__in=OPEN_STATUSES).order_by("race__scheduled_at", "race__round")
    )
    if board.upcoming:
        entry = board.upcoming[0]
        qualified = entry.race.sheets.filter(
            kind=RaceSheet.Kind.QUALIFYING, status=RaceSheet.Status.VALID
        ).exists()
        board.next_race = NextRace(
            entry=entry,
            needs_qualifying=entry.race.status == Race.Status.QUALIFYING and not qualified,
            needs_wear=not entry.wear,
        )
    board.sheets_owed = [
        e
        for e in mine.filter(race__status=Race.Status.RUN).exclude(
            race__sheets__kind=RaceSheet.Kind.RACE,
            race__sheets__status__in=[*RaceSheet.DONE, *RaceSheet.WAITING],
        )
    ]
    board.to_confirm = _to_confirm(user, driver, now)
    protests = Protest.objects.select_related(
        "sheet__race__circuit", "against__season_entry__driver", "filed_by"
    )
    board.protests_by_me = list(protests.filter(filed_by=user))
    board.protests_against_me = list(
        protests.filter(Q(against__season_entry__driver=driver)).exclude(filed_by=user)
    )
    board.penalties = list(
        Penalty.objects.filter(race_entry__season_entry__driver=driver).select_related(
            "race_entry__race__circuit"
        )
    )
    board.experience = driver_experience(driver=driver)
    return board
