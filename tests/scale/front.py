"""What the scale tests put in front of the replicas, and under them: nginx configured as
docs/deploy.md says, and a PostgreSQL database of the test's own (created and dropped here; the
shared test database of the other suites is never touched)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.conftest import absent, require_service

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres"


def require_nginx() -> None:
    """Skip with a reason when the nginx binary is absent; under CI=true, fail."""
    if not Path(NGINX).exists():
        absent("nginx is not installed (apt-get install nginx-light)")


def nginx_conf(folder: Path, port: int, upstreams: list[int]) -> Path:
    """nginx on 127.0.0.1:`port` in front of the replicas, with the deployment's proxy headers:
    X-Forwarded-For gets the address each client connected from (`$proxy_add_x_forwarded_for`)."""
    servers = "\n".join(f"    server 127.0.0.1:{p} max_fails=1 fail_timeout=30s;" for p in upstreams)
    user = "user root;" if os.geteuid() == 0 else ""
    conf = folder / "nginx.conf"
    conf.write_text(f"""{user}
daemon off;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/nginx-error.log warn;
events {{ worker_connections 256; }}
http {{
  log_format front '$remote_addr $upstream_addr $status "$request"';  # which replica answered
  access_log {folder}/nginx-access.log front;
  client_body_temp_path {folder}/nginx-body;
  proxy_temp_path {folder}/nginx-proxy;
  fastcgi_temp_path {folder}/nginx-fastcgi;
  uwsgi_temp_path {folder}/nginx-uwsgi;
  scgi_temp_path {folder}/nginx-scgi;
  client_max_body_size 60m;
  upstream league {{
{servers}
  }}
  server {{
    listen 127.0.0.1:{port};
    location / {{
      proxy_pass http://league;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
    }}
  }}
}}
""")
    return conf


def nginx_command(folder: Path, port: int, upstreams: list[int]) -> str:
    """The command line that runs nginx in the foreground with that configuration."""
    return f"{NGINX} -c {nginx_conf(folder, port, upstreams)} -p {folder}"


@contextmanager
def own_database(prefix: str) -> Iterator[str]:
    """A database `<prefix>_<pid>` on the shared PostgreSQL server, dropped afterwards: its URL."""
    require_service("PostgreSQL", "127.0.0.1", 5432)
    import psycopg

    name = f"{prefix}_{os.getpid()}"
    with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgres://postgres@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
