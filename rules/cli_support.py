"""What the engine's command lines share: one clear line for bad input, never a traceback."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


class Unreadable(Exception):
    """Input a command cannot use; its text is the one line the command prints."""


class Parser(argparse.ArgumentParser):
    """argparse that raises `Unreadable` instead of printing its usage and exiting."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise Unreadable(f"{self.prog}: {message}")


def read_bytes(path: Path, what: str = "") -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise Unreadable(f"{_named(path, what)}: {exc.strerror or exc}") from None


def read_json(path: Path, what: str = "") -> Any:
    """The JSON in a file; `what` names the file in the message ("circuit file …")."""
    try:
        return json.loads(read_bytes(path, what))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise Unreadable(f"{_named(path, what)}: not JSON ({exc})") from None


def _named(path: Path, what: str) -> str:
    return f"{what} {path}" if what else str(path)
