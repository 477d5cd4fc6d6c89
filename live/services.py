"""Writes of race-night tables: create one from a header, play a step, undo it, finish the race.

Each write locks the table's row (`select_for_update`) and checks the caller's precondition
(`expected`: the steps the caller last saw), so two devices sending the same move at once store
it once: the second finds the move already stored and gets the same state back (`created`
False), or, if another move came first, a `TableConflict`. The unique (table, index) of the
steps backs this up where the lock is a no-op (SQLite serialises the writes instead).
"""

from __future__ import annotations

import json
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from live import engine, remote_rules
from live.dice import dice_problems, fair_header, log_moves, log_rolls, mark_used, rolled_exists
from live.errors import Refusal, TableConflict, unreadable
from live.header import header_judged
from live.models import LiveStep, LiveTable
from live.permissions import entrant_exists, table_writer_allowed
from live.rolls import SiteRoll, site_roll
from live.serializers import ConflictSerializer, as_json
from live.signals import changed
from races.models import Race
from races.presence import race_presence_set
from rules.formats import LogFormatError, read_move, read_restart
from rules.log import Move
from rules.play import Table, play, restart, undo
from rules.play.due import due_of, is_missing_test, missing
from rules.verdict import Event, Violation
from sheets.audit import audit_record
from sheets.models import RaceEvent, RaceSheet
from sheets.selectors import steward_may
from sheets.services import SubmissionRefused, race_sheet_submit

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

Kind = LiveStep.Kind
Status = LiveTable.Status


class TableRefused(Refusal, ValidationError):
    """The input is refused and nothing is stored (`live.errors.Refusal`)."""


class TableTaken(TableRefused):
    """No new table: the race has one open already (only a steward replaces it), or the user has
    as many open as allowed (`LIVE_TABLES_PER_USER`). The API's 409 (`code` `live.table_open` or
    `live.table_quota`); a refusal like any other on the set-up page."""

    @property
    def payload(self) -> dict[str, Any]:
        return as_json(ConflictSerializer, self.answer)


TABLE_OPEN = "live.table_open"
TABLE_QUOTA = "live.table_quota"
TABLE_CLOSED = "live.table_closed"
REMOTE_RACE = "live.remote_race"


def _may_write(race: Race, user: AbstractBaseUser) -> None:
    if not table_writer_allowed(race=race, user=user):
        _refuse_writer(race)


def _table_writer(table: LiveTable, user: AbstractBaseUser) -> None:
    """`_may_write` for a table's race, asked by its id: a move loads no race row."""
    if not table_writer_allowed(race=table.race_id, user=user, entrant=getattr(table, "entrant", None)):
        _refuse_writer(table.race)


def _refuse_writer(race: Race) -> None:
    raise PermissionDenied(
        _("Only the drivers entered in %(race)s (and the stewards) may record its race.") % {"race": race}
    )


def table_create(
    *,
    race: Race,
    user: AbstractBaseUser,
    header: Any,
    absent: Collection[str] = (),
    replace: bool = False,
    site_weather: bool = False,
    site: bool = False,
    mode: str = LiveTable.Mode.TABLE,
) -> LiveTable:
    """A new table for `race` from a race-log@1 header (no turns, no result), checked against the
    race's entries, circuit and season options like a sheet's header. `absent`: the entries whose
    drivers did not come (non-partants), marked so on the race (`races.presence`); every other
    entry must be among the header's cars. A race has one open table:
    while it has one, only a steward opens another, with `replace`, which closes the first
    (`replaced_by`). Raises `TableTaken` otherwise, or past the user's quota of open tables.
    The table's fair dice are drawn here (`live.dice.fair_header`; `site_weather`: the weather
    roll is the seed's). `site`: the site opens it (a remote race at its start, `mode` remote),
    `user` None."""
    if not site:
        _may_write(race, user)
    header, seed = fair_header(header, race, site_weather=site_weather)
    if race.status == Race.Status.OFFICIAL:
        raise TableRefused(_("The results of %(race)s are official: no more sheets.") % {"race": race})
    if race.is_remote and not site:
        raise TableRefused(
            _("%(race)s is played remotely: the site opens its table at its start.") % {"race": race},
            code=REMOTE_RACE,
        )
    steward = site or steward_may(user, "add_racesheet")
    with transaction.atomic():
        if not steward:
            _within_quota(user)
        # locked: a steward's replacement and a finish of the same table wait for each other
        open_now = list(LiveTable.objects.select_for_update().filter(race=race, status__in=LiveTable.OPEN))
        if open_now and not (steward and replace):
            raise _taken(race, open_now[0], steward)
        built, problems, unread = header_judged(race, header, absent=absent)
        if built is None:
            reason = unread.to_json() if unread is not None else {}
            raise TableRefused(_("The header does not fit this race."), **reason, violations=problems)
        now = timezone.now()
        LiveTable.objects.filter(pk__in=[t.pk for t in open_now]).update(
            status=Status.CLOSED, revision=models.F("revision") + 1, updated_at=now
        )
        table = LiveTable(race=race, created_by=user, header=header, dice_seed=seed, mode=mode)
        table.full_clean(validate_constraints=False)  # the database's constraint decides, below
        try:
            with transaction.atomic():  # a savepoint: the winner is read after the refusal
                table.save()
        except IntegrityError as exc:  # someone else opened one in the same instant
            winner = LiveTable.objects.filter(race=race, status__in=LiveTable.OPEN).first()
            raise _taken(race, winner, steward) from exc
        LiveTable.objects.filter(pk__in=[t.pk for t in open_now]).update(replaced_by=table)
        race_presence_set.within(race=race, absent=absent)  # the sheet and the results read them there
    table.replaced = tuple(t.pk for t in open_now)
    engine.remember(table, built)
    changed(table, "created")
    return table


def _within_quota(user: AbstractBaseUser) -> None:
    """At most `LIVE_TABLES_PER_USER` open tables made by `user` on races still open; the user's
    row is locked so that a burst of posts counts one after another."""
    list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk"))
    limit = settings.LIVE_TABLES_PER_USER
    mine = (
        LiveTable.objects.filter(created_by=user, status__in=LiveTable.OPEN)
        .exclude(race__status=Race.Status.OFFICIAL)
        .values_list("pk", flat=True)
    )
    tables = sorted(mine)
    if len(tables) >= limit:
        raise TableTaken(
            ngettext(
                "You have %(n)d race-night table open already, the most allowed: finish it "
                "(or ask a steward to close it) before opening another.",
                "You have %(n)d race-night tables open already, the most allowed: finish one "
                "(or ask a steward to close it) before opening another.",
                len(tables),
            )
            % {"n": len(tables)},
            code=TABLE_QUOTA,
            params={"limit": limit, "tables": tables},
        )


def _taken(race: Race, table: LiveTable | None, steward: bool) -> TableTaken:
    pk = table.pk if table is not None else None
    if steward:
        detail = _(
            "%(race)s is being recorded on table %(table)s. A steward replaces it by sending the "
            'header again with "replace": true; the table open now is then closed.'
        )
    else:
        detail = _(
            "%(race)s is being recorded on table %(table)s: join it there. Only a steward may open "
            "another table for this race."
        )
    return TableTaken(detail % {"race": race, "table": pk}, code=TABLE_OPEN, params={"table": pk})


def table_move(
    *,
    table: LiveTable | int,
    user: AbstractBaseUser | None,
    move: Any,
    expected: int | None = None,
    site: bool = False,
    auto: str = "",
) -> tuple[LiveTable, Table, bool]:
    """Play one race-log@1 move object. Returns the table, the engine's table after it, and
    whether a step was stored (False: the same move was already the last one, `expected` one
    step behind). `table` may be its id: the row is then read once, locked. `site`: the site
    plays it (a remote table's autopilot, `auto` saying why), `user` None."""
    return _step(table=table, user=user, kind=Kind.MOVE, body=move, expected=expected, site=site, auto=auto)


def table_restart(
    *,
    table: LiveTable | int,
    user: AbstractBaseUser | None,
    restart: Any,
    expected: int | None = None,
    site: bool = False,
) -> tuple[LiveTable, Table, bool]:
    """A5: the restart (`{"pits": [...]}`) the turn after a red flag starts with."""
    auto = LiveStep.Auto.SITE if site else ""
    return _step(
        table=table, user=user, kind=Kind.RESTART, body=restart, expected=expected, site=site, auto=auto
    )


def _locking(table: LiveTable | int, user: AbstractBaseUser | None = None) -> LiveTable:
    """The table's row, locked (its race's rows are not: the caller's copy of the race is kept).
    Its header (a JSON document) is read only if the engine's table must be rebuilt. Given an id,
    the row is read once, here (raises `LiveTable.DoesNotExist`). With the row, in the same
    query: whether `user` is an entrant of its race, and whether site dice bind its next step."""
    pk = table if isinstance(table, int) else table.pk
    rows = LiveTable.objects.select_for_update(of=("self",)).defer("header")
    if user is not None:
        rows = rows.annotate(entrant=entrant_exists(user), site_rolled=rolled_exists())
    locked = rows.get(pk=pk)
    if not isinstance(table, int) and LiveTable.race.is_cached(table):
        locked.race = table.race
    return locked


def _locked(table: LiveTable | int, user: AbstractBaseUser | None, site: bool = False) -> LiveTable:
    locked = _locking(table, user)  # the row first: the writer is checked by its race id
    if not site:
        _table_writer(locked, user)
    if locked.status == Status.FINISHED:
        raise TableConflict(_("This race has been turned into a race sheet: it can no longer change."))
    if locked.status == Status.CLOSED:
        raise _closed(locked)
    return locked


def _closed(table: LiveTable) -> TableConflict:
    return TableConflict(
        _("A steward closed this table: the race is recorded on table %(table)s.")
        % {"table": table.replaced_by_id},
        code=TABLE_CLOSED,
        params={"table": table.replaced_by_id},
    )


def _read(engine_table: Table, kind: str, body: Any) -> Move | dict[str, Any]:
    """The step read once (raises `LogFormatError`): a move as the engine's `Move`; a restart as
    sent (JSON), once the reader has accepted it (`rules.play.restart` takes the JSON object)."""
    cars = set(engine_table.game.entries)
    if kind == Kind.RESTART:
        read_restart(body, "restart", cars)  # read only to refuse it here
        return json.loads(json.dumps(body))
    return read_move(body, "move", cars)


def _stored(step: Move | dict[str, Any]) -> dict[str, Any]:
    """The step as its row stores it: a move as the log will hold it, a restart as sent."""
    return step.to_json() if isinstance(step, Move) else step


def _step(
    *,
    table: LiveTable | int,
    user: AbstractBaseUser | None,
    kind: str,
    body: Any,
    expected: int | None,
    site: bool = False,
    auto: str = "",
):
    with transaction.atomic():
        locked = _locked(table, user, site)
        now = engine.engine_table(locked)
        try:
            step = _read(now, kind, body)
        except LogFormatError as exc:
            raise _unreadable(exc) from exc
        normal = _stored(step)
        if expected is not None and expected != locked.steps:
            if expected == locked.steps - 1 and _is_last(locked, kind, normal):
                return locked, now, False  # the other device's post of this very move
            raise _behind(locked)
        if locked.remote:
            step = _remote_step(locked, now, step, user, site)
            normal = _stored(step)  # with the tests the site rolled
            locked.site_rolled = True  # rolled since the row was read: the dice checks read them
        if isinstance(step, Move):
            wrong = dice_problems(locked, step, now.to_play.turn if now.to_play else 0)
            if wrong:
                raise TableRefused(_("The move is not what the site's dice said."), violations=wrong)
        try:
            after, events = play(now, step) if isinstance(step, Move) else restart(now, step)
        except LogFormatError as exc:
            raise _unreadable(exc) from exc
        if after is now:
            raise _refused(now, step, events)
        try:  # no savepoint: the refusal leaves the whole transaction, rolled back
            row = LiveStep.objects.create(
                table=locked, index=locked.steps, kind=kind, body=normal, by=user, auto=auto
            )
        except IntegrityError as exc:  # a backstop: the lock (BEGIN IMMEDIATE on SQLite) serialises
            raise _behind(locked) from exc
        mark_used(row)  # the site's dice this move used: the finished log lists them
        locked.steps += 1
        locked.revision += 1
        locked.status = Status.OVER if after.over else Status.PLAYING
        locked.updated_at = timezone.now()
        locked.save(update_fields=["steps", "revision", "status", "updated_at"])
    engine.remember(locked, after)
    changed(locked, "step", {"car": normal.get("car"), "auto": auto, "kind": kind})
    return locked, after, True


def _remote_step(
    locked: LiveTable, now: Table, step: Move | dict[str, Any], user: AbstractBaseUser | None, site: bool
) -> Move | dict[str, Any]:
    """A remote table's step (`live.remote_rules`): the caller's own car, in its turn, with the
    site's dice; the d20 tests it lacks rolled by the site. A restart is the site's or a
    steward's."""
    steward = site or steward_may(user, "add_racesheet")
    if not isinstance(step, Move):
        if not steward:
            raise PermissionDenied(_("On a remote table the site plays the restart after a red flag."))
        return step
    remote_rules.check_car(locked, user, step.car, steward=steward)
    remote_rules.check_turn(now, step.car)
    turn = now.to_play.turn if now.to_play else 0
    wrong = remote_rules.dice_problems(locked, step, turn, site=site)
    if wrong:
        raise TableRefused(_("The move is not what the site's dice said."), violations=wrong)
    return remote_rules.fill_tests(locked, now, step, user)


def _unreadable(exc: LogFormatError) -> TableRefused:
    """A move or restart the engine cannot read: the reading error's code and params, and the
    `SITE-format` violation the page lists, in the reader's language."""
    return TableRefused(_("The move cannot be read."), **exc.to_json(), violations=[unreadable(exc)])


def _is_last(table: LiveTable, kind: str, normal: dict[str, Any]) -> bool:
    last = table.rows.filter(index=table.steps - 1).first()
    return last is not None and last.kind == kind and last.body == normal


def _behind(table: LiveTable) -> TableConflict:
    return TableConflict(
        _("The table has moved on (%(n)d steps played): reload it and play again.") % {"n": table.steps},
        steps=table.steps,
    )


def _refused(now: Table, step: Move | dict[str, Any], events: tuple[Event | Violation, ...]) -> TableRefused:
    refused = [e for e in events if isinstance(e, Violation)]
    answer: dict[str, Any] = {"violations": refused}
    move = step if isinstance(step, Move) else None
    if move is not None and refused and all(is_missing_test(v) for v in refused) and now.to_play is not None:
        answer["tests_due"] = due_of(now.game, now.state, move, missing(refused))
    detail = _("The move is refused.") if move is not None else _("The restart is refused.")
    return TableRefused(detail, **answer)


def table_undo(
    *, table: LiveTable | int, user: AbstractBaseUser, expected: int | None = None, reason: str = ""
) -> tuple[LiveTable, Table]:
    """Take back the last step (a move or a restart). On a remote table only a steward does, with
    a reason, recorded in the race's public history."""
    with transaction.atomic():
        locked = _locked(table, user)
        if expected is not None and expected != locked.steps:
            raise _behind(locked)
        if locked.steps == 0:
            raise TableConflict(_("Nothing to undo: no move has been played."), steps=0)
        now = engine.engine_table(locked)
        if locked.remote:
            _remote_undo(locked, user, reason)
        before = undo(now)
        LiveStep.objects.filter(table=locked, index=locked.steps - 1).delete()
        locked.steps -= 1
        locked.revision += 1
        locked.status = Status.PLAYING
        locked.updated_at = timezone.now()
        locked.save(update_fields=["steps", "revision", "status", "updated_at"])
    engine.remember(locked, before)
    changed(locked, "undo")
    return locked, before


def table_roll(
    *, table: LiveTable | int, user: AbstractBaseUser | None, die: str, site: bool = False
) -> SiteRoll:
    """The site rolls `die` ("d20" or a gear "1"–"6") for the table's next step, recorded
    (`live.rolls`). On a remote table only for the car to play, by its driver (a steward, or the
    site itself): a gear's die once per move (`live.remote_rules.roll_for`). Raises `NoSuchDie`."""
    with transaction.atomic():
        locked = _locked(table, user, site)
        if not locked.remote:
            return site_roll(table=locked, die=die, by=user)
        now = engine.engine_table(locked)
        to = now.to_play
        car = to.car if to is not None and to.car else None
        if car is None:
            raise TableConflict(_("No car is to play now: there is nothing to roll."), steps=locked.steps)
        remote_rules.check_car(locked, user, car, steward=site or steward_may(user, "add_racesheet"))
        return remote_rules.roll_for(locked, die, user, car)


def autopilot_moves(table: LiveTable, log: dict[str, Any]) -> list[dict[str, Any]]:
    """The log's `autopilot`: each move the site played for its driver, by its place in `log`."""
    rows = table.rows.filter(kind=Kind.MOVE).order_by("index").values_list("auto", flat=True)
    return [
        {"turn": turn, "move": n, "car": move["car"], "why": auto}
        for auto, (turn, n, move) in zip(rows, log_moves(log), strict=False)
        if auto
    ]


def _remote_undo(table: LiveTable, user: AbstractBaseUser, reason: str) -> None:
    if not steward_may(user, "add_racesheet"):
        raise PermissionDenied(_("On a remote table only a steward takes a move back."))
    if not reason.strip():
        raise TableRefused(_("Say why the move is taken back: the reason is kept in the race's history."))
    last = table.rows.filter(index=table.steps - 1).first()
    audit_record(
        race=table.race,
        kind=RaceEvent.Kind.MOVE_UNDONE,
        by=user,
        why=reason.strip()[:500],
        data={"table": table.pk, "step": table.steps - 1, "move": last.body if last else None},
    )


def table_finish(*, table: LiveTable, user: AbstractBaseUser) -> tuple[LiveTable, RaceSheet, bool]:
    """The finished race's log as the race's next sheet version (stored, then validated by the
    worker like any sheet). Returns the table, the sheet and whether it was made now."""
    with transaction.atomic():
        _table_writer(table, user)
        locked = _locking(table)
        if locked.status == Status.FINISHED and locked.sheet is not None:
            return locked, locked.sheet, False
        if locked.status == Status.CLOSED:
            raise _closed(locked)
        now = engine.engine_table(locked)
        if not now.over:
            raise TableConflict(_("The race is not over: every car must finish or be out first."))
        log = now.log()
        if isinstance(log.get("dice"), dict):  # which of the log's rolls the site made
            log["dice"]["rolls"] = log_rolls(locked, log)
        played = autopilot_moves(locked, log)
        if played:  # remote races: the moves the site played for their drivers
            log["autopilot"] = played
        raw = json.dumps(log, ensure_ascii=False).encode("utf-8")
        try:
            sheet = race_sheet_submit(race=locked.race, raw=raw, by=user)
        except SubmissionRefused as exc:
            refused = exc  # raised once this block commits: the attempt it recorded is kept
        else:
            refused = None
            locked.sheet = sheet
            locked.status = Status.FINISHED
            locked.revision += 1
            locked.updated_at = timezone.now()
            locked.save(update_fields=["sheet", "status", "revision", "updated_at"])
    if refused is not None:
        raise TableRefused(" ".join(refused.messages))
    engine.remember(locked, now)
    changed(locked, "finished")
    return locked, sheet, True


__all__ = [
    "TableConflict",
    "TableRefused",
    "TableTaken",
    "table_create",
    "table_finish",
    "table_move",
    "table_restart",
    "table_roll",
    "table_undo",
]
