"""Settings: production passes Django's deployment checks; production refuses to start without a secret."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def run_manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    # The browser tests set DJANGO_ALLOW_ASYNC_UNSAFE for their session; no deployment has it.
    dropped = {"DJANGO_SETTINGS_MODULE", "SECRET_KEY", "DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    base = {k: v for k, v in os.environ.items() if k not in dropped}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=base | env,
        capture_output=True,
        text=True,
        timeout=120,
    )


# A key pair for Web Push (`python -m remote.vapid`), which production requires.
VAPID = {
    "VAPID_PRIVATE_KEY": "auBa_Dp7o7Llpnc7kNq0FYAAmLRt1VY_GTytXVgDLGs",
    "VAPID_PUBLIC_KEY": "BMWPa_Asi-DHR7nIKhg64DmxhJMIotVXjoprlpjckwY0WQ3c7H01icBYzZuC3go5_HYqrITEoBBQZxdA_id6wQw",
}


@pytest.mark.slow
def test_production_settings_pass_check_deploy() -> None:
    done = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        env={
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "SECRET_KEY": "a-long-random-production-secret-key-with-enough-entropy-0123456789",
            "ALLOWED_HOSTS": "league.example.org",
            "SITE_URL": "https://league.example.org",  # links in mails sent by the worker and beat
            "REDIS_URL": "redis://127.0.0.1:6379/0",
        }
        | VAPID,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_production_refuses_to_start_without_a_secret_key() -> None:
    done = run_manage("check", env={"DJANGO_SETTINGS_MODULE": "config.settings.production"})
    assert done.returncode != 0
    assert "SECRET_KEY" in done.stderr


PRODUCTION = {
    "DJANGO_SETTINGS_MODULE": "config.settings.production",
    "SECRET_KEY": "a-long-random-production-secret-key-with-enough-entropy-0123456789",
    "ALLOWED_HOSTS": "testserver",
    "REDIS_URL": "redis://127.0.0.1:1/0",  # nothing answers there: these checks need no Redis
} | VAPID


def test_production_refuses_to_start_without_a_broker() -> None:
    env = {k: v for k, v in PRODUCTION.items() if k != "REDIS_URL"}
    done = run_manage("check", env=env)
    assert done.returncode != 0
    assert "REDIS_URL is required in production" in done.stderr


def test_production_refuses_to_start_without_a_vapid_key_pair() -> None:
    env = {k: v for k, v in PRODUCTION.items() if k != "VAPID_PRIVATE_KEY"}
    done = run_manage("check", env=env)
    assert done.returncode != 0
    assert "VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY are required in production" in done.stderr


def test_the_probes_answer_over_plain_http_in_production() -> None:
    script = (
        "from django.test import Client; c = Client(); "
        "print(c.get('/healthz').status_code, c.get('/').status_code, c.get('/').get('Location'))"
    )
    done = run_manage("shell", "-c", script, env=PRODUCTION)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].split() == ["200", "301", "https://testserver/"]


def test_production_logs_json_lines_and_reports_to_sentry_when_a_dsn_is_set() -> None:
    script = (
        "import logging, sentry_sdk; from django.conf import settings; "
        "logging.getLogger('probe').warning('hello', extra={'sheet': 7}); "
        "print('sentry', settings.SENTRY_ENABLED, sentry_sdk.get_client().is_active())"
    )
    done = run_manage("shell", "-c", script, env=PRODUCTION | {"SENTRY_DSN": "https://key@sentry.example/1"})
    assert done.returncode == 0, done.stderr
    assert "sentry True True" in done.stdout
    import json

    lines = [json.loads(line) for line in done.stderr.splitlines() if line.startswith("{")]
    hello = next(line for line in lines if line["message"] == "hello")
    assert (hello["level"], hello["logger"], hello["sheet"]) == ("WARNING", "probe", 7)
    done = run_manage("shell", "-c", script, env=PRODUCTION)
    assert "sentry False False" in done.stdout
