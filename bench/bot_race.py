"""What the play and race-night benches share: the bot's race they time, chosen on the command
line, and the quantiles they print."""

from __future__ import annotations

import argparse


def race_arguments(parser: argparse.ArgumentParser, circuit: str) -> None:
    """--circuit, --cars, --laps, --seed and --all-options: the race `rules.bot.write_race` writes."""
    parser.add_argument("--circuit", default=circuit)
    parser.add_argument("--cars", type=int, default=10)
    parser.add_argument("--laps", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--all-options", action="store_true", help="every option A1–A19 (default: A7)")


def quantile_ms(values: list[float], q: float) -> float:
    """The `q` quantile (0 to 1) of these times in seconds, in milliseconds."""
    values = sorted(values)
    return 1000 * values[min(len(values) - 1, int(len(values) * q))]
