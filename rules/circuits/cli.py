"""Command line: `python -m rules.circuits import FILE --from gpo|v1 [--id ID] [--name NAME]
[--weather 1-4,5-8,9-20]` prints the `formule-de/circuit@2` document; `python -m rules.circuits
check FILE` lists every problem of a board (exit 1 if any).

Exit status: 0 done (no problem), 1 the board has problems (`check`), 2 unreadable input or
options. Bad input is one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any, TextIO

from rules.circuits import compile_v1, problems
from rules.cli_support import Parser, Unreadable, read_bytes, read_json
from rules.messages.reading import ReadingError

EXIT_OK, EXIT_PROBLEMS, EXIT_UNREADABLE, EXIT_BUG = 0, 1, 2, 3
_WEATHER = re.compile(r"^(\d+)-(\d+),(\d+)-(\d+),(\d+)-(\d+)$")


def _parser() -> argparse.ArgumentParser:
    parser = Parser(prog="python -m rules.circuits", description="Formule Dé boards (formule-de/circuit@2)")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    imp = sub.add_parser("import", help="print a board file as a formule-de/circuit@2 document")
    imp.add_argument("file", help="the file to import")
    imp.add_argument("--from", dest="source", required=True, choices=("gpo", "v1"), help="its format")
    imp.add_argument("--id", help="the circuit id (default: from the file name, or the @1 document's)")
    imp.add_argument("--name", help="the circuit's display name")
    imp.add_argument("--weather", help="the d20 scale rain,variable,sun as ranges, e.g. 1-4,5-8,9-20")
    chk = sub.add_parser("check", help="list every problem of a board (formule-de/circuit@1 or @2)")
    chk.add_argument("file", help="the board's JSON file")
    return parser


def slug_of(path: Path) -> str:
    """A circuit id from a file name: "Petit Stade.dat" -> "petit-stade"."""
    found = re.sub(r"[^a-z0-9_-]+", "-", path.stem.lower()).strip("-_")
    if not found:
        raise Unreadable(f"{path}: no circuit id in the file name; give --id")
    return found


def weather_of(text: str) -> dict[str, list[int]]:
    match = _WEATHER.match(text.replace(" ", ""))
    if not match:
        raise Unreadable(
            f"--weather: expected three d20 ranges rain,variable,sun like 1-4,5-8,9-20, got {text!r}"
        )
    n = [int(g) for g in match.groups()]
    return {"rain": n[0:2], "variable": n[2:4], "sun": n[4:6]}


def imported(args: argparse.Namespace) -> dict[str, Any]:
    path = Path(args.file)
    weather = weather_of(args.weather) if args.weather else None
    if args.source == "v1":
        doc = compile_v1(read_json(path))
        doc.update((k, v) for k, v in (("id", args.id), ("name", args.name), ("weather", weather)) if v)
        return doc
    from rules.circuits.gpo import image_name, png_size, read_gpo

    try:
        text = read_bytes(path).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Unreadable(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    size = None
    try:
        picture = path.with_name(Path(image_name(text)).name)
        if picture.is_file():
            size = png_size(picture.read_bytes())
    except (ReadingError, ValueError, OSError):
        pass  # read_gpo says what is wrong with the header
    return read_gpo(
        text, circuit_id=args.id or slug_of(path), name=args.name, weather=weather, image_size=size
    )


def dumps(doc: dict[str, Any]) -> str:
    """The document as JSON, one square, arrow or corner a line: readable and easy to diff."""
    lines = []
    for key, value in doc.items():
        if isinstance(value, list) and value and key in ("squares", "edges", "corners", "grid"):
            items = ",\n".join(f"    {json.dumps(v, ensure_ascii=False)}" for v in value)
            lines.append(f"  {json.dumps(key)}: [\n{items}\n  ]")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n}"


def main(argv: list[str] | None = None, *, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    out = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    try:
        args = _parser().parse_args(argv)
        if args.command == "import":
            doc = imported(args)
            found = problems(doc)
            if found:
                more = f" ({len(found)} problems; the first)" if len(found) > 1 else ""
                raise Unreadable(f"{args.file}: the board it makes cannot be used{more}: {found[0]}")
            print(dumps(doc), file=out)
            return EXIT_OK
        found = problems(read_json(Path(args.file)))
        for problem in found:
            print(f"{problem}" + (f"  [square {problem.square}]" if problem.square else ""), file=out)
        if found:
            print(f"{args.file}: {len(found)} problem{'s' if len(found) > 1 else ''}", file=err)
            return EXIT_PROBLEMS
        print(f"{args.file}: no problem", file=out)
        return EXIT_OK
    except (Unreadable, ReadingError) as exc:
        print(f"error: {exc}", file=err)
        return EXIT_UNREADABLE
    except Exception as exc:  # a bug: one line, never a traceback
        print(f"internal error: {type(exc).__name__}: {exc}", file=err)
        return EXIT_BUG
