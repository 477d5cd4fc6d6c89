"""How fast the rules engine replays race logs. Prints figures; asserts nothing.

    .venv/bin/python bench/replay.py [--circuit spa] [--cars 10] [--laps 1,3,10] [--runs 7]
                                     [--seed 1] [--all-options]

The seeded bot (`rules/bot.py`) writes one race per length; each is replayed
`--runs` times (each run repeats the replay until it has lasted 0.2 s) and the
median is printed:
- replay moves/s: validated moves per second, the log already read (`replay()`);
- read+replay moves/s: the same, starting from the JSON bytes (`read_race_log()` + `replay()`);
- µs/move: the replay's cost per move, to show it grows linearly with the race;
- × json.loads: replay time over the time `json.loads` takes on the same bytes.
One process, one thread (pinned to one core where the OS allows); times are the process's CPU
time, so other work on the machine disturbs them less.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules import load_circuit, read_race_log, replay  # noqa: E402
from rules.bot import write_race  # noqa: E402
from rules.ruleset import OPTIONS  # noqa: E402

TARGET = 65_000  # validated moves/s, pre-read log, 10 cars, 3 laps
MIN_SAMPLE = 0.2  # seconds per timed run
_clock = time.process_time


def _timed(fn: Callable[[], object], runs: int) -> float:
    """Median seconds per call of `fn` over `runs` runs."""
    fn()  # warm up
    n = 1
    while True:
        t = _clock()
        for _ in range(n):
            fn()
        if _clock() - t >= MIN_SAMPLE / 4:
            break
        n *= 2
    n = max(1, round(n * MIN_SAMPLE / max(_clock() - t, 1e-9)))
    samples = []
    for _ in range(runs):
        gc.collect()
        t = _clock()
        for _ in range(n):
            fn()
        samples.append((_clock() - t) / n)
    return statistics.median(samples)


def _options(all_options: bool) -> list[str]:
    """The options to race with: A7 (the league's default), or every one of A1–A19."""
    return sorted(OPTIONS, key=lambda o: int(o[1:])) if all_options else ["A7"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--circuit", default="spa", help="a circuit of fixtures/circuits (default spa)")
    parser.add_argument("--cars", type=int, default=10)
    parser.add_argument("--laps", default="1,3,10", help="race lengths, comma-separated")
    parser.add_argument("--runs", type=int, default=7, help="timed runs per figure (median)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--all-options", action="store_true", help="every option the engine plays")
    args = parser.parse_args(argv)

    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    track = load_circuit(json.loads((ROOT / "fixtures" / "circuits" / f"{args.circuit}.json").read_text()))
    options = _options(args.all_options)
    try:  # the bot must be able to race with them
        write_race(track, cars=2, laps=1, seed=args.seed, options=options)
    except (ValueError, RuntimeError) as exc:
        print(f"(the bot cannot race with options {','.join(options)}: {exc}; falling back to A7)")
        options = ["A7"]
    print(
        f"Replay benchmark: {track.id}, {args.cars} cars, bot seed {args.seed}, options {','.join(options)}; "
        f"Python {platform.python_version()}, one core, median of {args.runs} runs"
    )
    print()
    print(
        f"{'laps':>4} {'turns':>6} {'moves':>6} {'KiB':>6} {'replay moves/s':>15} {'read+replay moves/s':>20} "
        f"{'µs/move':>8} {'× json.loads':>13}"
    )
    figures = {}
    for laps in [int(x) for x in args.laps.split(",") if x]:
        doc = write_race(
            track, cars=args.cars, laps=laps, seed=args.seed, options=options, pits=args.all_options
        )
        data = json.dumps(doc).encode()
        log = read_race_log(data)
        verdict = replay(log, track)
        if not verdict.valid:
            print(f"the bot's {laps}-lap race does not replay as valid: {verdict.violations[0]}")
            return 1
        moves = log.move_count
        t_replay = _timed(lambda log=log: replay(log, track), args.runs)
        t_full = _timed(lambda data=data: replay(read_race_log(data), track), args.runs)
        t_json = _timed(lambda data=data: json.loads(data), args.runs)
        figures[laps] = moves / t_replay
        print(
            f"{laps:>4} {len(log.turns):>6} {moves:>6} {len(data) / 1024:>6.0f} {moves / t_replay:>15,.0f} "
            f"{moves / t_full:>20,.0f} {t_replay / moves * 1e6:>8.1f} {t_replay / t_json:>12.1f}×"
        )
    if 3 in figures and args.cars == 10:
        verdict_text = "reached" if figures[3] >= TARGET else "NOT reached"
        print(f"\ntarget ≥ {TARGET:,} validated moves/s (10 cars, 3 laps, pre-read log): {verdict_text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
