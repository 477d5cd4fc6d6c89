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
        },
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_production_refuses_to_start_without_a_secret_key() -> None:
    done = run_manage("check", env={"DJANGO_SETTINGS_MODULE": "config.settings.production"})
    assert done.returncode != 0
    assert "SECRET_KEY" in done.stderr
