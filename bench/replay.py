"""How fast the rules engine replays race logs. Prints figures; asserts nothing.

    .venv/bin/python bench/replay.py [--circuit spa] [--cars 10] [--laps 1,3,10] [--runs 7]
                                     [--seed 1] [--all-options] [--v2]

The seeded bot (`rules/bot.py`) writes one race per length; each is replayed
`--runs` times (each run repeats the replay until it has lasted 0.2 s) and the
median is printed:
- replay moves/s: validated moves per second, the log already read (`replay()`);
- read+replay moves/s: the same, starting from the JSON bytes (`read_race_log()` + `replay()`);
- µs/move: the replay's cost per move, to show it grows linearly with the race;
- × json.loads: replay time over the time `json.loads` takes on the same bytes.
`--v2` replays each log on the circuit as given (`formule-de/circuit@1`) and on its
`formule-de/circuit@2` compilation written as JSON and read back, their runs interleaved, one row
each and the ratio, and prints how long loading each circuit takes.
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
from rules.circuits import compile_v1  # noqa: E402
from rules.ruleset import OPTIONS  # noqa: E402

TARGET = 65_000  # validated moves/s, pre-read log, 10 cars, 3 laps
MIN_SAMPLE = 0.2  # seconds per timed run
_clock = time.process_time


def _calls_per_sample(fn: Callable[[], object]) -> int:
    """How many calls of `fn`, warmed up, take about MIN_SAMPLE seconds."""
    fn()  # warm up
    n = 1
    while True:
        t = _clock()
        for _ in range(n):
            fn()
        if _clock() - t >= MIN_SAMPLE / 4:
            break
        n *= 2
    return max(1, round(n * MIN_SAMPLE / max(_clock() - t, 1e-9)))


def _timed(fn: Callable[[], object], runs: int) -> float:
    """Median seconds per call of `fn` over `runs` runs."""
    n = _calls_per_sample(fn)
    samples = []
    for _ in range(runs):
        gc.collect()
        t = _clock()
        for _ in range(n):
            fn()
        samples.append((_clock() - t) / n)
    return statistics.median(samples)


def _interleaved(fns: list[Callable[[], object]], runs: int) -> list[float]:
    """Median seconds per call of each of `fns`, their timed runs taken in turn (a load that comes
    and goes weighs on each alike)."""
    counts = [_calls_per_sample(fn) for fn in fns]
    samples: list[list[float]] = [[] for _ in fns]
    for _ in range(runs):
        for k, (fn, n) in enumerate(zip(fns, counts, strict=True)):
            gc.collect()
            t = _clock()
            for _ in range(n):
                fn()
            samples[k].append((_clock() - t) / n)
    return [statistics.median(s) for s in samples]


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
    parser.add_argument("--v2", action="store_true", help="also on the circuit compiled to @2, side by side")
    args = parser.parse_args(argv)

    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    v1_text = (ROOT / "fixtures" / "circuits" / f"{args.circuit}.json").read_text()
    track = load_circuit(json.loads(v1_text))
    v2_text = json.dumps(compile_v1(json.loads(v1_text)))
    tracks = [("@1", track)] + ([("@2", load_circuit(json.loads(v2_text)))] if args.v2 else [])
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
    if args.v2:
        t1, t2 = _interleaved(
            [lambda: load_circuit(json.loads(v1_text)), lambda: load_circuit(json.loads(v2_text))], args.runs
        )
        print(f"loading the circuit from JSON: @1 {t1 * 1e3:.2f} ms, @2 {t2 * 1e3:.2f} ms ({t2 / t1:.2f}×)")
        print()
    print(
        f"{'laps':>4} {'turns':>6} {'moves':>6} {'KiB':>6} {'replay moves/s':>15} {'read+replay moves/s':>20} "
        f"{'µs/move':>8} {'× json.loads':>13}" + (f" {'circuit':>8} {'@2/@1':>6}" if args.v2 else "")
    )
    figures = {}
    for laps in [int(x) for x in args.laps.split(",") if x]:
        doc = write_race(
            track, cars=args.cars, laps=laps, seed=args.seed, options=options, pits=args.all_options
        )
        data = json.dumps(doc).encode()
        log = read_race_log(data)
        for _, each in tracks:
            verdict = replay(log, each)
            if not verdict.valid:
                print(f"the bot's {laps}-lap race does not replay as valid: {verdict.violations[0]}")
                return 1
        moves = log.move_count
        t_replays = _interleaved([lambda log=log, t=t: replay(log, t) for _, t in tracks], args.runs)
        t_fulls = _interleaved(
            [lambda data=data, t=t: replay(read_race_log(data), t) for _, t in tracks], args.runs
        )
        t_json = _timed(lambda data=data: json.loads(data), args.runs)
        figures[laps] = moves / t_replays[0]
        for (name, _), t_replay, t_full in zip(tracks, t_replays, t_fulls, strict=True):
            ratio = f" {t_replays[0] / t_replay:>6.1%}" if name == "@2" else ""
            print(
                f"{laps:>4} {len(log.turns):>6} {moves:>6} {len(data) / 1024:>6.0f} {moves / t_replay:>15,.0f} "
                f"{moves / t_full:>20,.0f} {t_replay / moves * 1e6:>8.1f} {t_replay / t_json:>12.1f}×"
                + (f" {name:>8}{ratio}" if args.v2 else "")
            )
    if 3 in figures and args.cars == 10:
        verdict_text = "reached" if figures[3] >= TARGET else "NOT reached"
        print(f"\ntarget ≥ {TARGET:,} validated moves/s (10 cars, 3 laps, pre-read log): {verdict_text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
