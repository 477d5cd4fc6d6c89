"""How fast the play API offers its choices. Prints figures; asserts nothing.

    .venv/bin/python bench/play.py [--circuit spa] [--cars 10] [--laps 3] [--seed 1] [--all-options]

The seeded bot (`rules/bot.py`) writes one race. The race is then played again move by move
through a `rules.play.Table`. Before each move, the choices a phone at the table asks for are
timed: `gears`, `stops` for the bot's gear and roll, and `tests_due` for its move. Printed: the
median, 95th percentile and worst of those per move, and the median of `play` itself. The times
are the process's CPU time.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bot_race import quantile_ms, race_arguments  # noqa: E402
from rules.bot import write_race  # noqa: E402
from rules.formats import read_move  # noqa: E402
from rules.play import Table, gears, play, restart, stops, tests_due  # noqa: E402
from rules.ruleset import OPTIONS, RuleSet  # noqa: E402
from rules.track import load_circuit  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench/play.py", description=__doc__.splitlines()[0])
    race_arguments(parser, circuit="spa")
    args = parser.parse_args(argv)
    options = sorted(OPTIONS, key=lambda o: int(o[1:])) if args.all_options else ["A7"]
    track = load_circuit(json.loads((ROOT / "fixtures" / "circuits" / f"{args.circuit}.json").read_text()))
    doc = write_race(track, cars=args.cars, laps=args.laps, seed=args.seed, options=options, pits=True)
    header = {k: v for k, v in doc.items() if k not in ("turns", "result")}
    table = Table.start(header, track, RuleSet.from_options(options))
    ids = set(table.game.entries)
    choices: list[float] = []
    plays: list[float] = []
    clock = time.process_time
    for turn in doc["turns"]:
        if "restart" in turn:
            table, _ = restart(table, turn["restart"])
        for raw in turn["moves"]:
            move = read_move(raw, "bench", ids)
            if move.wait is None and not (move.option and "spare" in move.option):
                t0 = clock()
                gears(table)
                stops(table, move.gear, move.roll, option=move.option, xp=move.xp, pit=move.pit)
                tests_due(table, raw)
                choices.append(clock() - t0)
            t0 = clock()
            table, _ = play(table, raw)
            plays.append(clock() - t0)
    print(
        f"{args.circuit}, {args.cars} cars, {args.laps} laps, {'all options' if args.all_options else 'A7'}: "
        f"{len(choices)} moves; gears+stops+tests_due p50 {quantile_ms(choices, 0.5):.2f} ms, "
        f"p95 {quantile_ms(choices, 0.95):.2f} ms, max {quantile_ms(choices, 1):.1f} ms; play p50 {quantile_ms(plays, 0.5):.3f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
