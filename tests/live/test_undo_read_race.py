"""Watchers read a table while the recorder undoes and replays moves: every read answers 200 with
one consistent state, the state the table had after that many steps, never a 500 (it once was:
the steps, read one by one, vanished under an undo) nor a mix of two moments.

The readers forget the engine's cache before each read, as another process would have nothing
cached: each read rebuilds the table from its rows while the writer deletes and inserts them."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.db import connection

from live import engine
from tests.live.conftest import build_night, moves_of

READERS = 4
ROUNDS = 12  # the writer's rounds: undo BACK moves, then play them again
BACK = 3


@pytest.fixture
def threaded_night(transactional_db):
    return build_night(laps=1, seed=3)


def _state(client: Any, table: int) -> tuple[int, Any]:
    response = client.get(f"/api/tables/{table}/")
    return response.status_code, (response.json() if response.status_code == 200 else response.content)


def test_reads_racing_undos_answer_each_a_consistent_state(threaded_night):
    night = threaded_night
    recorder = night.client(night.entrant)
    table = recorder.post(
        f"/api/races/{night.race.pk}/tables/", {"header": night.header}, format="json"
    ).json()["id"]
    moves = [move for (_, restart, move) in moves_of(night.log) if restart is None][:10]
    # the state after each number of steps, read when nothing else happens
    reference = {0: _state(night.client(), table)[1]}
    for n, move in enumerate(moves, start=1):
        assert recorder.post(f"/api/tables/{table}/moves/", move, format="json").status_code == 201
        reference[n] = _state(night.client(), table)[1]
    last = len(moves)

    stop = threading.Event()
    seen: list[tuple[int, Any]] = []
    failures: list[BaseException] = []

    def read() -> None:
        watcher = night.client()
        try:
            while not stop.is_set():
                engine.forget_all()  # as another process: rebuilt from the rows
                seen.append(_state(watcher, table))
        except BaseException as exc:  # reported below
            failures.append(exc)
        finally:
            connection.close()

    def write() -> None:
        try:
            for _ in range(ROUNDS):
                for n in range(last, last - BACK, -1):
                    answer = recorder.delete(f"/api/tables/{table}/moves/last/?expected={n}")
                    assert answer.status_code == 200, answer.content
                for n in range(last - BACK, last):
                    answer = recorder.post(
                        f"/api/tables/{table}/moves/", {"move": moves[n], "expected": n}, format="json"
                    )
                    assert answer.status_code == 201, answer.content
                time.sleep(0.001)  # let the readers in
        except BaseException as exc:
            failures.append(exc)
        finally:
            stop.set()
            connection.close()

    threads = [threading.Thread(target=read) for _ in range(READERS)] + [threading.Thread(target=write)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert not any(t.is_alive() for t in threads), "a thread is still waiting"
    assert not failures, failures

    assert seen, "no read ran"
    errors = [(code, body) for code, body in seen if code != 200]
    assert not errors, errors[:3]
    steps_seen = set()
    for _, state in seen:
        steps = state["steps"]
        steps_seen.add(steps)
        assert last - BACK <= steps <= last
        assert state == reference[steps], f"a read at {steps} steps is not the table after {steps} steps"
    assert len(steps_seen) > 1, "the reads never saw the table move: no race was run"
