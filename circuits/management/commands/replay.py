"""`manage.py replay LOG.json [--circuit FILE] [--json]`: exit 0 valid, 1 rule broken, 2 unreadable."""

from __future__ import annotations

from circuits.management.commands._engine_cli import EngineCommand


class Command(EngineCommand):
    help = "Replay a race log (formule-de/race-log@1) against the rules and print the verdict."
    verb = "replay"
