"""A PostgreSQL server of a test's own: initdb into a temporary folder with this machine's server
binaries (/usr/lib/postgresql/*/bin), on a free port, started, restarted and stopped by the test.
The shared server on 5432 is never touched. As root the binaries run as the `postgres` user
(the server refuses to run as root)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.scale.processes import free_port


def server_binaries() -> Path | None:
    """The newest installed server's bin folder, or None."""
    found = [Path(p).parent for p in glob.glob("/usr/lib/postgresql/*/bin/pg_ctl")]
    found = [b for b in found if (b / "initdb").exists() and (b / "postgres").exists()]
    if not found:
        return None
    return max(found, key=lambda b: int(b.parent.name) if b.parent.name.isdigit() else 0)


def missing() -> str | None:
    """Why an own cluster cannot run here, or None."""
    if server_binaries() is None:
        return "no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root without a `postgres` user to run the server as"
    return None


class OwnCluster:
    def __init__(self) -> None:
        bins = server_binaries()
        assert bins is not None, missing()
        self.bin = bins
        # /tmp: the postgres user must reach it (a TMPDIR under root's home it could not)
        self.folder = Path(tempfile.mkdtemp(prefix="fdleague-pg-", dir="/tmp" if os.geteuid() == 0 else None))
        self.data = self.folder / "data"
        self.port = free_port()
        if os.geteuid() == 0:
            account = pwd.getpwnam("postgres")
            os.chown(self.folder, account.pw_uid, account.pw_gid)

    @property
    def admin_url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"

    def url(self, database: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def _run(self, tool: str, *args: str, timeout: float = 60) -> str:
        command = [str(self.bin / tool), *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=self.folder)
        assert done.returncode == 0, f"{tool} {args}: {done.stdout}{done.stderr}\n{self.server_log()}"
        return done.stdout

    def start(self) -> None:
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                  "--locale=C", "--no-sync")  # fmt: skip
        # fsync off: nothing here must survive a machine crash, only a server restart (which
        # writes everything out at its shutdown checkpoint).
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c full_page_writes=off -c max_connections=60"
        )
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "server.log"), "-o", options,
                  "-w", "-t", "60", "start")  # fmt: skip

    def restart(self) -> None:
        """What an operator's restart does: the server ends every session at once (fast mode) and
        starts again with the same options."""
        # -l again: without it the server would write to (and hold open) this call's output pipe
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "server.log"), "-m", "fast",
                  "-w", "-t", "60", "restart")  # fmt: skip

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)

    def server_log(self) -> str:
        log = self.folder / "server.log"
        return log.read_text(errors="replace")[-3000:] if log.exists() else ""
