"""On real workers started from the Procfile's lines (`worker`: the sheets, `notify`: the notices), a
chat webhook that hangs leaves the verdicts' latency where it is.

Each valid sheet sends two webhook calls (its verdict, and the request to confirm). The webhook
takes them and answers after 30 s; the webhook's timeout is set to 10 s (the old default, so that
a notice in a sheet's way would show as a 10 s wait or more). Four sheets are sent one after the
other while it hangs: each verdict is stored within a second or two of its submission. Before
issue 25 the notices shared the sheets' queue and the second sheet waited behind the first's two
calls (about 20 s).
"""

from __future__ import annotations

import os
import signal
import subprocess
import uuid
from pathlib import Path

import pytest
import redis
from rest_framework.test import APIClient

from config.celery_app import app as celery_app
from sheets.models import RaceSheet
from tests.conftest import ROOT
from tests.factories import build_oval
from tests.notifications.hanging_webhook import hanging_webhook
from tests.sheets.worker import REDIS_DB, restore_broker, use_broker, wait_for, worker_database_url

pytestmark = [pytest.mark.redis, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SHEETS = 4
BOUND = 3.0  # seconds from submission to verdict, on a loaded 2-core machine; the webhook holds 10


def _procfile() -> dict[str, str]:
    lines = (ROOT / "Procfile").read_text().splitlines()
    return dict(line.split(": ", 1) for line in lines if line and not line.startswith("#"))


class Workers:
    def __init__(self, folder: Path, env: dict[str, str]) -> None:
        self.folder, self.env, self.procs = folder, env, {}

    def start(self, name: str) -> None:
        log = (self.folder / f"{name}.log").open("wb")
        self.procs[name] = subprocess.Popen(
            ["bash", "-c", f"exec {_procfile()[name]}"], cwd=ROOT, env=self.env,
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip

    def log(self, name: str) -> str:
        return (self.folder / f"{name}.log").read_text(errors="replace")

    def stop(self) -> None:
        for proc in self.procs.values():
            os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs.values():
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


@pytest.fixture
def hook():
    with hanging_webhook(hold=30) as server:
        yield server


@pytest.fixture
def workers(redis_server, transactional_db, tmp_path, hook):
    redis_url = f"{redis_server.rsplit('/', 1)[0]}/{REDIS_DB}"
    tag = f"fdleague-hang-{os.getpid()}-{uuid.uuid4().hex[:6]}"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "REDIS_URL": redis_url,
        "DATABASE_URL": worker_database_url(),
        "CELERY_TASK_ALWAYS_EAGER": "False",
        "CELERY_QUEUE": tag,
        "CELERY_NOTIFICATIONS_QUEUE": f"{tag}-notices",
        "WORKER_NAME": tag,
        "WORKER_CONCURRENCY": "1",  # one process judges: a notice in its way would show
        "NOTIFY_CONCURRENCY": "2",
        "LEAGUE_WEBHOOK_URL": hook.url,
        "LEAGUE_WEBHOOK_TIMEOUT": "10",
        "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        "PYTHONUNBUFFERED": "1",
    }
    saved = use_broker(celery_app, broker_url=redis_url, queue=tag)
    procs = Workers(tmp_path, env)
    try:
        procs.start("worker")
        procs.start("notify")
        wait_for(lambda: all("ready." in procs.log(name) for name in procs.procs), what="the workers")
        yield procs
    finally:
        procs.stop()  # before pytest-django empties the database under them
        restore_broker(celery_app, saved)
        client = redis.Redis.from_url(redis_url)
        client.delete(tag, f"{tag}-notices")
        client.close()


def _verdict_latency(client: APIClient, race_id: int, raw: bytes) -> float:
    response = client.post(f"/api/races/{race_id}/sheets/", {"log": raw.decode()}, format="json")
    assert response.status_code == 201, response.content
    sheet_id = response.json()["id"]

    def judged() -> RaceSheet | None:
        sheet = RaceSheet.objects.get(pk=sheet_id)
        return sheet if sheet.status not in RaceSheet.WAITING else None

    sheet = wait_for(judged, timeout=60, what=f"sheet {sheet_id}'s verdict")
    assert sheet.status == "valid"
    return (sheet.validated_at - sheet.submitted_at).total_seconds()


def test_a_webhook_that_hangs_leaves_the_verdicts_latency_unchanged(workers, hook, examples_dir):
    oval = build_oval()
    raw = (examples_dir / "race-ovale-valid.json").read_bytes()
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    token = client.post("/api/auth/token/", {"username": "alice", "password": "demo"}, format="json")
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.json()['token']}")

    latencies = [_verdict_latency(client, oval.race.pk, raw)]
    wait_for(lambda: hook.holding, timeout=30, what="the first notice to reach the webhook")
    held = []
    for _ in range(SHEETS - 1):
        latencies.append(_verdict_latency(client, oval.race.pk, raw))
        held.append(hook.holding)

    print(f"verdict latencies with the webhook hanging: {[round(s, 3) for s in latencies]} s")
    assert max(latencies) < BOUND, latencies
    assert all(held), held  # every one of them while the webhook held a call
    assert "Task league.notifications.announce_events[" in workers.log("notify")  # their own way
    assert "Task league.notifications" not in workers.log("worker")  # none on the sheets' worker
