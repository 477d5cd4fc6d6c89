"""The README's command blocks run as written, on a copy of the repository as a clone has it.

Every ```sh block of README.md is split into commands and run with bash (`set -euo pipefail`), in
README order, block by block (a block's variables carry from one command to the next), in a
temporary copy of the tracked files with its own SQLite database. `make run`, which serves until
stopped, is started first, probed until the demo's home page answers, and stopped at the end: the
API recipes run against it. The commands that are not run are the ones of `NOT_RUN`, each with its
reason; an entry there that no longer matches a README command fails too, so the list stays true.

The one rewrite: the README's address 127.0.0.1:8000 becomes a free port (another server may hold
8000). The copy's `.venv` is this checkout's, already installed, so `make` installs nothing.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import absent

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
ADDRESS = "127.0.0.1:8000"
SERVE = "make run"  # started, probed, stopped
# Commands not run here, by their start, and why.
NOT_RUN = {
    "make test": "the whole suite, which includes this test",
    "REDIS_URL=redis://127.0.0.1:6379/0 make run": "a second site on Redis; tests/sheets' worker tests run it",
    "REDIS_URL=redis://127.0.0.1:6379/0 make worker": "a Celery worker on Redis, serves forever; tests/sheets",
    "export DJANGO_SETTINGS_MODULE=config.settings.production": "production settings; tests/scale runs them",
    "make prod": "PostgreSQL, Redis and gunicorn, serves forever; tests/scale runs the same Procfile",
}
SERVE_SECONDS = 240  # migrate and load the demo on a busy machine
BLOCK_SECONDS = 180


@dataclass(frozen=True)
class Block:
    line: int  # where it starts in README.md
    commands: tuple[str, ...]  # backslash continuations joined, comments and blank lines dropped


def readme_blocks(text: str) -> list[Block]:
    blocks = []
    for match in re.finditer(r"^```(?:sh|bash|shell)\n(.*?)^```", text, re.M | re.S):
        commands: list[str] = []
        pending = ""
        for raw in match.group(1).splitlines():
            if not pending and (not raw.strip() or raw.lstrip().startswith("#")):
                continue
            pending += raw + "\n"
            # A command goes on while a line ends with a backslash or a pipe, or a quote is open.
            if raw.endswith(("\\", "|")) or pending.count("'") % 2:
                continue
            commands.append(pending.rstrip("\n"))
            pending = ""
        assert not pending, f"README.md line {text[: match.start()].count(chr(10)) + 1}: unfinished command"
        blocks.append(Block(line=text[: match.start()].count("\n") + 1, commands=tuple(commands)))
    return blocks


def bare(command: str) -> str:
    """A one-line command without its trailing comment (`make run    # creates .venv…`)."""
    return command.split(" #")[0].strip()


def not_run(command: str) -> str | None:
    first = bare(command)
    return next((start for start in NOT_RUN if first == start or first.startswith(start + " ")), None)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def copy_of_the_repository(target: Path) -> None:
    """The files a clone has (tracked, and new ones not ignored), with this checkout's venv."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    for name in filter(None, listed):
        source = ROOT / name.decode()
        if source.is_file() and not source.is_symlink():
            destination = target / name.decode()
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination)
    (target / ".venv").symlink_to((ROOT / ".venv").resolve(), target_is_directory=True)
    # make reinstalls when requirements*.txt is newer than its stamp: the venv is installed already.
    for requirements in target.glob("requirements*.txt"):
        os.utime(requirements, (0, 0))


def wait_for_home(url: str, server: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + SERVE_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"`make run` stopped with status {server.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    pytest.fail(f"`make run` did not serve {url} within {SERVE_SECONDS} s:\n{log.read_text()[-3000:]}")


def test_the_readme_points_only_at_files_of_the_repository():
    text = README.read_text()

    # README.md is at the top: a path starting with ../ points outside the repository (a clone
    # has nothing there), and so does a path of this machine's
    assert re.findall(r"(?<![\w.])\.\./[\w./-]+", text) == []
    assert "/work/" not in text
    for target in re.findall(r"\]\((?!https?://|#)([^)#\s]+)", text):
        assert (ROOT / target).exists(), f"README.md links to {target}, which is not in the repository"


def test_the_not_run_list_names_only_commands_of_the_readme():
    commands = [c for block in readme_blocks(README.read_text()) for c in block.commands]

    assert SERVE in map(bare, commands)
    for start in NOT_RUN:
        assert any(not_run(command) == start for command in commands), f"{start!r} is no longer in README.md"


def test_every_readme_command_block_runs_on_a_copy_of_the_repository(tmp_path: Path):
    if not (ROOT / ".venv" / ".installed-dev").exists():
        absent("the checkout's .venv is not installed (make install-dev)")
    if shutil.which("curl") is None:
        absent("curl is missing")
    repo = tmp_path / "clone"
    copy_of_the_repository(repo)
    port = free_port()
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "PYTEST", "CELERY_"))},
        "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3",
        "REDIS_URL": "",
        "MEDIA_ROOT": str(tmp_path / "media"),
        "PORT": str(port),
    }
    plan = subprocess.run(["make", "-n", "run"], cwd=repo, env=env, capture_output=True, text=True)
    assert "-m venv" not in plan.stdout and "pip install" not in plan.stdout, (
        f"make would reinstall:\n{plan.stdout}"
    )

    log = tmp_path / "make-run.log"
    with log.open("w") as out:
        server = subprocess.Popen(
            ["bash", "-c", SERVE],
            cwd=repo,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        wait_for_home(f"http://127.0.0.1:{port}/", server, log)
        ran = 0
        for block in readme_blocks(README.read_text()):
            commands = [c for c in block.commands if bare(c) != SERVE and not_run(c) is None]
            if not commands:
                continue
            script = "set -euo pipefail\n" + "\n".join(commands).replace(ADDRESS, f"127.0.0.1:{port}")
            done = subprocess.run(
                ["bash", "-c", script],
                cwd=repo,
                env=env,
                capture_output=True,
                text=True,
                timeout=BLOCK_SECONDS,
            )
            where = f"README.md line {block.line}"
            assert done.returncode == 0, (
                f"{where}: status {done.returncode}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
            )
            assert "Traceback" not in done.stdout + done.stderr, f"{where}:\n{done.stderr[-3000:]}"
            ran += len(commands)
        assert ran >= 20  # the recipes of the rules engine and of both API sections at least
    finally:
        os.killpg(server.pid, 15)
        server.wait(timeout=20)

    # The recipes did what they say: the oval's sheet was judged valid, the cup and circuit exist.
    check = (
        "from circuits.models import Circuit; from sheets.models import RaceSheet; "
        "from league.models import Season; "
        "print(RaceSheet.objects.filter(race__circuit__slug='ovale', status='valid').exists(), "
        "Season.objects.filter(slug='coupe-hiver').exists(), Circuit.objects.filter(slug='ovale-bis').exists())"
    )
    shell = subprocess.run(
        [str(repo / ".venv" / "bin" / "python"), "manage.py", "shell", "-c", check],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
    )
    assert shell.stdout.split()[-3:] == ["True", "True", "True"], shell.stdout + shell.stderr
