"""`manage.py qualify SHEET.json [--json]`: the grid from a qualifying sheet; exit statuses as replay."""

from __future__ import annotations

from circuits.management.commands._engine_cli import EngineCommand


class Command(EngineCommand):
    help = "Compute absolute times and the grid from a qualifying sheet (formule-de/qualifying@1)."
    verb = "qualify"
