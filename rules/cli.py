"""Command line: `python -m rules replay LOG.json [--circuit FILE] [--json]`, `... qualify SHEET.json [--json]`.

Exit status: 0 valid, 1 a rule is broken, 2 unreadable input (not JSON, wrong
format, unknown circuit or field). Never a traceback for bad input.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TextIO

from rules.cli_support import Parser, Unreadable, read_json
from rules.formats import LogFormatError, read_qualifying, read_race_log
from rules.qualifying import qualify
from rules.replay import replay
from rules.track import CircuitError, Track, load_circuit

EXIT_VALID, EXIT_INVALID, EXIT_UNREADABLE, EXIT_BUG = 0, 1, 2, 3
PACKAGE = Path(__file__).resolve().parent
_SAFE_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")

Resolver = Callable[[str], Mapping[str, Any] | None]


def circuit_paths(circuit_id: str) -> list[Path]:
    """Where the default resolver looks: the project's circuits, then its worked examples."""
    root = PACKAGE.parent
    return [
        root / "fixtures" / "circuits" / f"{circuit_id}.json",
        root / "fixtures" / "examples" / f"circuit-{circuit_id}.json",
    ]


def default_resolver(circuit_id: str) -> dict | None:
    """A circuit document by id from the files next to the package, or None."""
    if not _SAFE_ID.match(circuit_id):
        return None
    for path in circuit_paths(circuit_id):
        if path.is_file():
            return read_json(path, "circuit file")
    return None


def _read_bytes(path: str) -> bytes:
    try:
        if path == "-":
            return sys.stdin.buffer.read()
        return Path(path).read_bytes()
    except OSError as exc:
        raise Unreadable(f"{path}: {exc.strerror or exc}") from None


def resolve_track(circuit_id: str, circuit_file: str | None, resolver: Resolver | None) -> Track:
    if circuit_file is not None:
        doc = read_json(Path(circuit_file), "circuit file")
        where = f"circuit file {circuit_file}"
    else:
        doc = None
        try:
            doc = resolver(circuit_id) if resolver is not None else None
        except (KeyError, LookupError):
            doc = None
        if doc is None:
            doc = default_resolver(circuit_id)
        if doc is None:
            raise Unreadable(f"circuit: unknown circuit {circuit_id!r}")
        where = f"circuit {circuit_id!r}"
    try:
        track = load_circuit(doc)
    except CircuitError as exc:
        raise Unreadable(f"{where}: {exc}") from None
    if track.id != circuit_id:
        raise Unreadable(f"circuit: the log is for circuit {circuit_id!r}, {where} is {track.id!r}")
    return track


def _parser() -> argparse.ArgumentParser:
    parser = Parser(prog="python -m rules", description="Formule Dé rules engine")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    rp = sub.add_parser("replay", help="replay a race log and print the verdict")
    rp.add_argument("log", help="race log (formule-de/race-log@1), - for stdin")
    rp.add_argument(
        "--circuit",
        help="circuit file (formule-de/circuit@1 or @2) instead of looking up the log's circuit id",
    )
    rp.add_argument("--json", action="store_true", help="print the verdict as JSON")
    qp = sub.add_parser("qualify", help="compute the starting grid from a qualifying sheet")
    qp.add_argument("sheet", help="qualifying sheet (formule-de/qualifying@1), - for stdin")
    qp.add_argument("--json", action="store_true", help="print the grid as JSON")
    return parser


def main(
    argv: list[str] | None = None,
    *,
    circuit_resolver: Resolver | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    out = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    try:
        args = _parser().parse_args(argv)
        if args.command == "replay":
            log = read_race_log(_read_bytes(args.log))
            track = resolve_track(log.circuit, args.circuit, circuit_resolver)
            verdict = replay(log, track)
            if args.json:
                print(json.dumps(verdict.to_json(), ensure_ascii=False, indent=2), file=out)
            else:
                print("\n".join(verdict.lines()), file=out)
            return EXIT_VALID if verdict.valid else EXIT_INVALID
        sheet = read_qualifying(_read_bytes(args.sheet))
        resolve_track(sheet.circuit, None, circuit_resolver)
        result = qualify(sheet)
        if args.json:
            print(json.dumps(result.to_json(), ensure_ascii=False, indent=2), file=out)
        else:
            print("\n".join(result.lines()), file=out)
        return EXIT_VALID
    except (Unreadable, LogFormatError) as exc:
        print(f"error: {exc}", file=err)
        return EXIT_UNREADABLE
    except Exception as exc:  # an engine bug: say so in one line, never a traceback
        print(f"internal error: {type(exc).__name__}: {exc}", file=err)
        return EXIT_BUG
