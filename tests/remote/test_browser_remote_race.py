"""A remote race on three phones (390 × 844): alice in French, bruno and chiara in English, each in
a browser of his own, each subscribed to Web Push at a fake push service. The site opens the 2-lap
oval race (`sweep()`); each driver is told "your move" by e-mail and by a push carrying the table's
address; each plays only his own car on the page: a tap on a gear, the site rolls its die, a tap on
a lit stop, the tests rolled by the server. One deadline passes (`sweep(now=due + 1 s)`): the
autopilot plays and the page flags its step. The first rounds are played through the pages (at
least three moves per driver), the rest through the API (`play_move`), to keep the test short. The
finished table is a VALID sheet whose results are on the season's page, and `python -m rules.dice
verify` finds every site roll in the revealed seed, and names the turn of a roll altered.

With SCREENSHOTS_DIR set, three phone screenshots for the README are written there:
remote-your-move.png, remote-stops.png, remote-notice.png."""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.core import mail
from playwright.sync_api import expect
from rest_framework.throttling import ScopedRateThrottle

from league.models import Driver
from live.models import LiveStep, LiveTable
from remote import vapid
from remote.models import CarClock
from remote.push import push_subscribe
from remote.tasks import sweep
from sheets.models import RaceSheet
from tests.remote.push_server import FakePushService
from tests.remote.remote_race import choose_gear, play_move, remote_oval
from tests.site.conftest import (  # noqa: F401 - pytest-playwright's fixtures, Chromium's
    browser_context_args,
    browser_page,
    browser_type_launch_args,
    session_cookie,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
BROWSER_ROUNDS = 3  # rounds of moves played on the phones; the rest through the API
WAIT_MS = 5000
LOCALES = {"7": "fr-FR", "3": "en-GB", "8": "en-GB"}


@pytest.fixture(autouse=True)
def remote_settings(settings, monkeypatch, tmp_path):
    monkeypatch.setattr(
        ScopedRateThrottle, "THROTTLE_RATES", {**ScopedRateThrottle.THROTTLE_RATES, "tables": None}
    )
    private, public = vapid.key_pair_new()
    settings.VAPID_PRIVATE_KEY = private
    settings.VAPID_PUBLIC_KEY = public
    settings.VAPID_KEY_FILE = tmp_path / "vapid.json"
    settings.VAPID_SUBJECT = "mailto:stewards@example.org"
    settings.PUSH_ALLOW_HTTP_ENDPOINTS = True
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")


def to_play(table: LiveTable) -> str | None:
    table.refresh_from_db()
    state = table_state(table)
    return state["to_play"]["car"] if state["to_play"] else None


def table_state(table: LiveTable) -> dict:
    from rest_framework.test import APIClient

    return APIClient().get(f"/api/tables/{table.pk}/").json()


def wait_steps(table: LiveTable, steps: int) -> None:
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        table.refresh_from_db()
        if table.steps >= steps:
            return
        time.sleep(0.05)
    raise AssertionError(f"the table is at step {table.steps}, {steps} awaited")


def told_by_push(service, phones, user, page_path: str) -> bool:
    """Whether `user`'s fake browser got a push, decrypted, pointing at the table's page."""
    sub = phones[user.pk]
    return any(page_path in sub.payload(r)["url"] for r in service.requests_for(sub.id))


def test_three_drivers_play_a_remote_race_on_their_phones(browser, live_server, tmp_path):
    shots = os.getenv("SCREENSHOTS_DIR")
    remote = remote_oval(laps=2)
    with FakePushService() as service:
        phones = {}
        for user in remote.drivers.values():
            sub = service.subscription()
            push_subscribe(user=user, endpoint=sub.endpoint, p256dh=sub.p256dh, auth=sub.auth)
            phones[user.pk] = sub

        assert sweep()["opened"] == 1
        table = remote.table()
        assert table.mode == "remote"
        page_path = f"/live/tables/{table.pk}/"
        url = live_server.url + page_path

        contexts = {
            car: browser_page(
                browser, locale=LOCALES[car], phone=True, cookies=session_cookie(live_server, user)
            )
            for car, user in remote.drivers.items()
        }
        pages = {car: ctx.__enter__() for car, ctx in contexts.items()}
        try:
            for page in pages.values():
                page.goto(url)
            told: set[str] = set()
            on_page = {car: 0 for car in remote.drivers}
            missed = None
            for _ in range(400):
                car = to_play(table)
                if car is None:
                    break
                user = remote.drivers[car]
                if car not in told:  # "your move": by e-mail and by push, with the table's address
                    assert [m for m in mail.outbox if m.to == [user.email] and page_path in m.body]
                    service.wait_for(1)
                    deadline = time.monotonic() + 5
                    while not told_by_push(service, phones, user, page_path):
                        assert time.monotonic() < deadline, f"no push for car {car}"
                        time.sleep(0.05)
                    told.add(car)
                if missed is None and car == "3" and on_page[car] >= 1:
                    clock = CarClock.objects.get(table=table, car=car)
                    assert sweep(now=clock.due_at + timedelta(seconds=1))["autopilot"] == 1
                    missed = LiveStep.objects.filter(table=table).order_by("-index").first()
                    assert missed.auto == "deadline" and missed.body["car"] == "3"
                    expect(pages["3"].locator(".live-autopilot").first).to_be_visible(timeout=WAIT_MS)
                    continue
                if on_page[car] < BROWSER_ROUNDS:
                    play_on_page(
                        pages, car, remote, table, shots if on_page[car] == 0 and car == "7" else None
                    )
                    on_page[car] += 1
                    continue
                answer = play_move(remote.client(user), table.pk)
                assert answer["status"] == 201, answer
            assert missed is not None and told == set(remote.drivers)
            assert all(n >= BROWSER_ROUNDS for n in on_page.values()), on_page
            if shots:
                sub = phones[remote.drivers["7"].pk]
                push = sub.payload(service.requests_for(sub.id)[0])
                notice(pages["7"], shots, user=remote.drivers["7"], page_path=page_path, push=push)
        finally:
            for ctx in contexts.values():
                ctx.__exit__(None, None, None)

    table.refresh_from_db()
    assert table.status == LiveTable.Status.FINISHED
    sheet = RaceSheet.objects.get(pk=table.sheet_id)
    assert sheet.status == RaceSheet.Status.VALID, sheet.verdict.get("violations", [])[:3]
    remote.race.refresh_from_db()
    assert remote.race.results.count() == 3
    from django.test import Client

    season = Client().get(remote.race.season.get_absolute_url()).content.decode()
    for driver in Driver.objects.filter(user__in=remote.drivers.values()):
        assert html.escape(driver.name) in season, driver.name
    # the season's standings count the race: each car's points the verdict's, someone scored
    standings = Client().get(f"/api/seasons/{remote.race.season_id}/standings/").json()
    rows = {str(row["car_number"]): row for row in standings["drivers"]}
    points = sheet.verdict["points"]
    assert {car: (rows[car]["races"], rows[car]["total_points"]) for car in points} == {
        car: (1, n) for car, n in points.items()
    }
    assert sum(points.values()) > 0, sheet.verdict["classification"]

    # every site roll of the log comes back from the revealed seed; one altered roll is named
    log_file = tmp_path / "race.json"
    log_file.write_text(json.dumps(sheet.log))
    verified = verify(log_file, table.dice_seed)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert re.search(r"All \d+ of the site's rolls match", verified.stdout), verified.stdout
    log = json.loads(json.dumps(sheet.log))
    turn = next(t for t in log["turns"] if t["moves"])
    move = turn["moves"][0]
    move["roll"] = move["roll"] % 2 + 1 if move["gear"] == 1 else 1
    log_file.write_text(json.dumps(log))
    altered = verify(log_file, table.dice_seed)
    assert altered.returncode == 1, altered.stdout + altered.stderr
    assert re.search(rf"\bturn {turn['turn']}\b", altered.stdout, re.IGNORECASE), altered.stdout


def verify(log: Path, seed: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rules.dice", "verify", str(log), "--seed", seed],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def play_on_page(pages, car: str, remote, table: LiveTable, shots: str | None) -> None:  # noqa: ANN001
    """The car's driver plays it on his phone: a gear, the site's die, a lit stop that keeps the
    car in the race (not the stand); the other drivers' pages offer no move."""
    page = pages[car]
    table.refresh_from_db()
    steps = table.steps
    choices = remote.client(remote.drivers[car]).get(f"/api/tables/{table.pk}/choices/").json()
    gear = choose_gear(choices)
    button = page.locator(f'.live-gear[data-gear="{gear}"]')
    expect(button).to_be_visible(timeout=WAIT_MS)
    for other, watcher in pages.items():
        if other != car:
            expect(watcher.locator(".live-gear")).to_have_count(0)
    expect(page.locator("#live-clock")).to_contain_text(car)
    expect(page.locator(".live-number input")).to_have_count(0)  # no number typed: the site rolls
    if shots:
        page.screenshot(path=str(Path(shots) / "remote-your-move.png"))
    button.tap()
    # before the die, race night's declarations (a pit stop, experience, options), then the roll
    expect(page.locator(".live-extras")).to_have_count(1)
    page.locator(".live-remote-roll").tap()
    expect(page.locator(".live-stops")).to_be_visible(timeout=WAIT_MS)
    expect(page.locator(".live-message")).to_contain_text(
        re.compile("rolled by the site|lancé par le site", re.I)
    )
    if shots:
        page.screenshot(path=str(Path(shots) / "remote-stops.png"))
    stops = page.locator('.live-stop[data-out="0"][data-stand="0"]')
    if stops.count() == 0:
        stops = page.locator(".live-stop")
    stop = stops.last
    if stop.get_attribute("data-out") == "1":
        stop.tap()
        page.locator(".live-out-confirm").tap()
    else:
        stop.tap()
    wait_steps(table, steps + 1)
    expect(page.locator(".live-message")).to_contain_text(re.compile("Move stored|Coup enregistré"))


def notice(page, shots: str, *, user, page_path: str, push: dict) -> None:  # noqa: ANN001
    """The "your move" push (decrypted) and e-mail as the phone shows them, for the README."""
    told = [m for m in mail.outbox if m.to == [user.email] and page_path in m.body][0]
    page.set_content(
        "<meta name=viewport content='width=device-width'>"
        "<body style='font:16px system-ui;margin:1rem'>"
        "<div style='border-radius:12px;background:#eee;padding:.75rem;margin-bottom:1.5rem'>"
        f"<b>{html.escape(push['title'])}</b><br>{html.escape(push['body'])}"
        f"<br><small>{html.escape(push['url'])}</small></div>"
        f"<p><b>{html.escape(told.subject)}</b></p><pre style='white-space:pre-wrap'>"
        f"{html.escape(told.body)}</pre></body>"
    )
    page.screenshot(path=str(Path(shots) / "remote-notice.png"))
