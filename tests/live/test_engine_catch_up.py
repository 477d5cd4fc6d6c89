"""A process that kept an older revision of a table (another process played since) plays only
the steps added since; after an undo in between it replays the table from its start."""

from __future__ import annotations

import pytest

from live import engine
from live.models import LiveTable
from live.services import table_move, table_undo
from tests.live.conftest import build_night, moves_of, new_table

pytestmark = pytest.mark.django_db


def _counting(monkeypatch) -> dict[str, int]:
    calls = {"start": 0, "play": 0}
    start, play = engine.start, engine.play

    def counted_start(*args, **kw):
        calls["start"] += 1
        return start(*args, **kw)

    def counted_play(*args, **kw):
        calls["play"] += 1
        return play(*args, **kw)

    monkeypatch.setattr(engine, "start", counted_start)
    monkeypatch.setattr(engine, "play", counted_play)
    return calls


def _play(night, table: int, moves: list, first: int, n: int) -> None:
    for i in range(first, first + n):
        _turn, _restart, move = moves[i]
        table_move(table=table, user=night.entrant, move=move, expected=i)


def test_an_older_revision_kept_plays_only_the_steps_added_since(monkeypatch):
    night = build_night("ovale", cars=3, laps=1, seed=2)
    moves = [m for m in moves_of(night.log) if m[2] is not None]
    table = new_table(night)
    _play(night, table, moves, 0, 4)
    old = engine._TABLES[table]  # this process's copy at 4 steps
    _play(night, table, moves, 4, 3)  # "another process" plays three more
    engine._TABLES[table] = old
    calls = _counting(monkeypatch)

    built = engine.engine_table(LiveTable.objects.get(pk=table))

    assert calls == {"start": 0, "play": 3}
    engine.forget_all()
    assert built.log() == engine.engine_table(LiveTable.objects.get(pk=table)).log()
    assert built.moves() == 7


def test_an_undo_in_between_replays_the_table_from_its_start(monkeypatch):
    night = build_night("ovale", cars=3, laps=1, seed=2)
    moves = [m for m in moves_of(night.log) if m[2] is not None]
    table = new_table(night)
    _play(night, table, moves, 0, 4)
    old = engine._TABLES[table]
    table_undo(table=table, user=night.entrant)
    _play(night, table, moves, 3, 2)  # same count of steps as an older copy could not tell
    engine._TABLES[table] = old
    calls = _counting(monkeypatch)

    built = engine.engine_table(LiveTable.objects.get(pk=table))

    assert calls["start"] == 1 and calls["play"] == 5
    assert built.moves() == 5
