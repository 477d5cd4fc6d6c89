"""The league's events, who hears of each, and on which channel they chose.

Every event is queued with `transaction.on_commit`: a write that rolls back tells nobody. The
delivery task records each message sent (`Notice`), so an event raised twice, or a task run
twice, still sends it once.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.urls import reverse
from django.utils import formats, timezone

from league.models import EntryRequest
from notifications.links import with_origin
from notifications.recipients import display_name

logger = logging.getLogger(__name__)

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

    from races.models import Race, RaceEntry
    from sheets.models import Protest, RaceSheet


def announce(
    *,
    key: str,
    kind: str,
    params: dict[str, Any],
    users: Iterable[AbstractBaseUser | int | None],
    batched: bool = False,
) -> None:
    """After commit: an e-mail to each recipient who wants one, one webhook call naming the others.

    `users`: users or their ids (they are read, with their preferences, when the write commits).
    `batched`: see announce_all()."""
    announce_all([Event(key, kind, params, users)], batched=batched)


@dataclass(frozen=True)
class Event:
    """One thing to tell (`key`: its identity, so that it is told once; `kind`: its message)."""

    key: str
    kind: str
    params: dict[str, Any]
    users: Iterable[AbstractBaseUser | int | None]

    def to_json(self) -> dict[str, Any] | None:
        ids = sorted({u if isinstance(u, int) else u.pk for u in self.users if u is not None})
        return {"key": self.key, "kind": self.kind, "params": self.params, "user_ids": ids} if ids else None


def announce_all(events: Iterable[Event], *, batched: bool = False) -> None:
    """After commit, each event to its users. `batched`: all the events' messages sent by one task of
    their own (`announce_events`, queued at commit) rather than a task each: for a caller that is
    itself a task on a worker (the judging), which should neither wait on a mail server nor queue
    one task per recipient."""
    # the request's address travels with the event (links when no SITE_URL is set)
    told = [
        {**event, "params": with_origin(event["params"])} for event in (e.to_json() for e in events) if event
    ]
    if not told:
        return
    if batched:
        transaction.on_commit(lambda: _queue_events(told), robust=True)
        return
    from notifications.tasks import announce_send

    def send() -> None:
        for event in told:
            try:
                announce_send(**event)
            except Exception:  # the broker is down (kombu's errors vary): the write stands
                logger.warning(
                    "notification %s: could not be queued, sent from here", event["key"], exc_info=True
                )
                announce_send(**event, inline=True)

    # robust: whatever becomes of a notice, the write it tells of has committed and its answer stands
    transaction.on_commit(send, robust=True)


def _queue_events(events: list[dict[str, Any]]) -> None:
    """The events' task queued; if the broker will not take it, their messages sent from here."""
    from notifications.tasks import announce_events, announce_send

    try:
        announce_events.delay(events=events)
    except Exception:  # kombu's errors vary by transport
        keys = ", ".join(event["key"] for event in events)
        logger.warning("notifications %s: could not be queued, sent from this process", keys, exc_info=True)
        for event in events:
            announce_send(**event, inline=True)


def _race_params(race: Race) -> dict[str, Any]:
    return {"season": race.season.name, "round": race.round, "circuit": race.circuit.name}


def _entrant_users(race: Race, entries: Iterable[RaceEntry] | None = None) -> list[int]:
    """The ids of the users driving in the race; `entries`: its entries when the caller holds them
    with their drivers (no query then)."""
    if entries is None:
        entries = race.entries.select_related("season_entry__driver")
    return [e.season_entry.driver.user_id for e in entries if e.season_entry.driver.user_id]


# -- entry list -----------------------------------------------------------------------------------
def entry_decided(request: EntryRequest) -> None:
    """Entry accepted or refused: the player (or the manager who asked) is told."""
    player = request.user or (request.driver.user if request.driver else None) or request.requested_by
    accepted = request.status == EntryRequest.Status.ACCEPTED
    params = {
        "season": request.season.name,
        "team": request.team.name,
        "car": request.car_number,
        "reason": request.reason,
        "my_races": reverse("sheets:my-races"),
    }
    announce(
        key=f"entry-{request.status}:{request.pk}",
        kind="entry_accepted" if accepted else "entry_refused",
        params=params,
        users=[player],
    )


# -- races -------------------------------------------------------------------------------------
def race_tomorrow(race: Race) -> None:
    when = formats.date_format(timezone.localtime(race.scheduled_at), "DATETIME_FORMAT")
    announce(
        key=f"race-tomorrow:{race.pk}:{race.scheduled_at:%Y%m%d%H%M}",
        kind="race_tomorrow",
        params={**_race_params(race), "when": when, "my_races": reverse("sheets:my-races")},
        users=_entrant_users(race),
    )


def races_tomorrow(now: Any = None) -> int:
    """Every race starting within the next 24 hours; returns how many were announced."""
    from races.models import Race
    from races.services import OPEN_STATUSES

    now = now or timezone.now()
    races = Race.objects.filter(
        scheduled_at__gt=now, scheduled_at__lte=now + timedelta(hours=24), status__in=OPEN_STATUSES
    ).select_related("season", "circuit")
    count = 0
    for race in races:
        with transaction.atomic():
            race_tomorrow(race)
        count += 1
    return count


def results_published(race: Race) -> None:
    announce(
        key=f"results-published:{race.pk}",
        kind="results_published",
        params={**_race_params(race), "url": race.get_absolute_url()},
        users=_entrant_users(race),
    )


# -- race sheets -------------------------------------------------------------------------------
def sheets_judged(sheets: Iterable[RaceSheet], *, entries: Mapping[int, Mapping[str, RaceEntry]]) -> None:
    """Each sender hears the verdict; on a valid race sheet the other entrants are asked to confirm
    it. All the events of a worker's batch of sheets are sent by one task of their own, queued at
    commit (announce_all(batched=True)): the judging neither waits on a mail server nor queues a
    task per recipient. `entries`: each race's entries by car, by race id, with their drivers' users."""
    events = [event for sheet in sheets for event in _judged_events(sheet, entries[sheet.race_id].values())]
    announce_all(events, batched=True)


def _judged_events(sheet: RaceSheet, entries: Iterable[RaceEntry] | None) -> list[Event]:
    from sheets.models import RaceSheet

    race = sheet.race
    violations = (sheet.verdict or {}).get("violations") or []
    head = violations[0] if violations and isinstance(violations[0], dict) else {}
    first = head.get("message", "")
    params = {
        **_race_params(race),
        "url": sheet.get_absolute_url(),
        "valid": sheet.status == RaceSheet.Status.VALID,
        "first": first or sheet.error,
        "first_code": head.get("code", "") if first else "",  # told in the recipient's language
        "first_params": (head.get("params") or {}) if first else {},
        "rule": head.get("rule", ""),
    }
    events = [Event(f"sheet-judged:{sheet.pk}", "sheet_judged", params, [sheet.submitted_by_id])]
    if sheet.status == RaceSheet.Status.VALID and sheet.kind == RaceSheet.Kind.RACE:
        others = [u for u in _entrant_users(race, entries) if u != sheet.submitted_by_id]
        confirm = {**_race_params(race), "url": sheet.get_absolute_url()}
        events.append(Event(f"sheet-to-confirm:{sheet.pk}", "sheet_to_confirm", confirm, others))
    return events


def _protest_news(protest: Protest, kind: str, key: str, *, to_filer: bool, **params: Any) -> None:
    """A protest's news to the driver it is against (and, `to_filer`, to its filer), with its race
    and sheet."""
    against = protest.against.season_entry.driver.user if protest.against_id else None
    params = {**_race_params(protest.sheet.race), **params, "url": protest.sheet.get_absolute_url()}
    users = [protest.filed_by, against] if to_filer else [against]
    announce(key=f"{key}:{protest.pk}", kind=kind, params=params, users=users)


def protest_filed(protest: Protest) -> None:
    by = display_name(protest.filed_by) if protest.filed_by else "—"
    _protest_news(protest, "protest_against", "protest-against", to_filer=False, by=by, reason=protest.reason)


def protest_decided(protest: Protest) -> None:
    from sheets.models import Protest as ProtestModel

    upheld = protest.status == ProtestModel.Status.UPHELD
    _protest_news(
        protest, "protest_decided", "protest-decided", to_filer=True, upheld=upheld, decision=protest.decision
    )
