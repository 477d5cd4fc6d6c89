"""End to end with a real Celery worker on Redis: over HTTP in, a verdict and the standings out.

A worker subprocess validates what the site queues; a worker killed in the middle
of a sheet leaves it to the next one; twice the same task, or two sheets at once,
count once.
"""

from __future__ import annotations

import threading
import time

import pytest
import redis
from django.db import connection
from rest_framework.test import APIClient

from config.celery_app import app as celery_app
from races.standings import driver_standings
from sheets.models import RaceSheet
from sheets.tasks import validate_race_sheet
from tests.sheets.conftest import build_oval
from tests.sheets.worker import REDIS_DB, WorkerRig, restore_broker, use_broker, wait_for, worker_database_url

pytestmark = [pytest.mark.redis, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def rig(redis_server, transactional_db, tmp_path):
    redis_url = f"{redis_server.rsplit('/', 1)[0]}/{REDIS_DB}"
    rig = WorkerRig(redis_url=redis_url, database_url=worker_database_url(), logs=tmp_path)
    saved = use_broker(celery_app, broker_url=redis_url, queue=rig.queue)
    yield rig
    rig.stop_all()  # before pytest-django empties the database under the worker
    restore_broker(celery_app, saved)
    client = redis.Redis.from_url(redis_url)
    client.delete(rig.queue)
    client.close()


@pytest.fixture
def oval(transactional_db):
    return build_oval()


def api(user) -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    token = client.post("/api/auth/token/", {"username": user.username, "password": "demo"}, format="json")
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.json()['token']}")
    return client


def post_log(client: APIClient, race, raw: bytes) -> dict:
    response = client.post(f"/api/races/{race.pk}/sheets/", {"log": raw.decode()}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def judged(client: APIClient, body: dict, rig: WorkerRig, timeout: float = 60) -> dict:
    def done():
        sheet = client.get(body["url"]).json()
        return sheet if sheet["status"] not in ("pending", "validating") else None

    return wait_for(done, timeout=timeout, what=f"sheet {body['id']} to be judged", rig=rig)


def driver_points(season) -> dict[str, int]:
    return {row.driver.slug: row.points for row in driver_standings(season=season)}


def test_a_worker_validates_sheets_posted_over_http_and_the_standings_follow(rig, oval, example):
    rig.start()
    client = api(oval.alice)
    before = driver_points(oval.season)

    invalid = judged(client, post_log(client, oval.race, example("race-ovale-gear-skip.json")), rig)

    assert invalid["status"] == "invalid"
    first = invalid["verdict"]["violations"][0]
    assert (first["turn"], first["car"], first["rule"]) == (3, "7", "G2")
    assert driver_points(oval.season) == before

    valid = judged(client, post_log(client, oval.race, example("race-ovale-valid.json")), rig)

    assert valid["status"] == "valid" and valid["chosen"]
    earned = {row["car"]: row["points"] for row in valid["verdict"]["classification"]}
    assert earned == {"7": 10, "3": 8}
    after = driver_points(oval.season)
    changed = {slug: after[slug] - before[slug] for slug in after if after[slug] != before[slug]}
    assert changed == {"alice": earned["7"], "bruno": earned["3"]}


def test_the_same_task_twice_changes_the_standings_once(rig, oval, example):
    client = api(oval.alice)
    body = post_log(client, oval.race, example("race-ovale-valid.json"))
    validate_race_sheet.delay(body["id"])  # a duplicate delivery, queued before any worker runs
    worker = rig.start(pool="prefork", concurrency=2)

    judged(client, body, rig)
    wait_for(lambda: rig.log(worker).count("succeeded") >= 2, what="both deliveries to be processed", rig=rig)

    assert driver_points(oval.season)["alice"] == 10
    assert driver_points(oval.season)["bruno"] == 8


def test_two_sheets_sent_at_the_same_moment_are_both_stored_and_judged(rig, oval, example):
    rig.start(pool="prefork", concurrency=2)
    clients = [api(oval.alice), api(oval.bruno)]
    raw = example("race-ovale-valid.json")
    start = threading.Barrier(2)
    bodies: list[dict] = []
    errors: list[BaseException] = []

    def send(client: APIClient) -> None:
        try:
            start.wait()
            bodies.append(post_log(client, oval.race, raw))
        except BaseException as exc:  # reported by the main thread
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(client,)) for client in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert not errors, errors
    verdicts = [judged(clients[0], body, rig) for body in bodies]
    assert [v["status"] for v in verdicts] == ["valid", "valid"]
    sheets = RaceSheet.objects.filter(race=oval.race).order_by("version")
    assert [s.version for s in sheets] == [1, 2]
    assert sum(s.chosen for s in sheets) == 1
    assert driver_points(oval.season)["alice"] == 10


def test_a_worker_killed_in_the_middle_of_a_sheet_leaves_it_to_the_next(rig, oval, example):
    # The first worker sleeps 30 s once it holds the sheet; Redis hands an unacknowledged
    # message back after the visibility timeout (3 s here), to the worker started next.
    first = rig.start(delay=30, visibility_timeout=3)
    client = api(oval.alice)
    body = post_log(client, oval.race, example("race-ovale-valid.json"))
    wait_for(
        lambda: RaceSheet.objects.get(pk=body["id"]).status == "validating",
        what="the first worker to take the sheet",
        rig=rig,
    )

    rig.kill(first)
    taken = RaceSheet.objects.get(pk=body["id"])
    assert (taken.status, taken.attempts) == ("validating", 1)
    assert driver_points(oval.season)["alice"] == 0
    time.sleep(3.5)  # past the visibility timeout
    rig.start(visibility_timeout=3)

    verdict = judged(client, body, rig)

    assert verdict["status"] == "valid"
    assert RaceSheet.objects.get(pk=body["id"]).attempts == 2
    points = driver_points(oval.season)
    assert (points["alice"], points["bruno"]) == (10, 8)


def test_a_replay_that_never_ends_is_stopped_by_the_time_limit(rig, oval, example):
    # The engine is made slow (30 s); the task's soft time limit, here 2 s, stops it.
    rig.start(pool="prefork", concurrency=1, delay=30)
    sheet = RaceSheet.objects.create(
        race=oval.race, version=1, submitted_by=oval.alice, raw=example("race-ovale-valid.json")
    )

    validate_race_sheet.apply_async(args=[sheet.pk], soft_time_limit=2, time_limit=20)

    wait_for(
        lambda: RaceSheet.objects.get(pk=sheet.pk).status == "error",
        what="the time limit to stop it",
        rig=rig,
    )
    assert RaceSheet.objects.get(pk=sheet.pk).error == "the replay took too long and was stopped"
    assert driver_points(oval.season)["alice"] == 0
