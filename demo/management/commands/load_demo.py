"""`manage.py load_demo`: the demo league, for `make run` and for trying the site out."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser

from demo.services import demo_load


class Command(BaseCommand):
    help = (
        "Load the demo league (circuits, teams, drivers, accounts with password 'demo', a finished "
        "and a running season). Running it again changes nothing."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--reset", action="store_true", help="Wipe the league data and demo accounts first."
        )
        parser.add_argument(
            "--circuits",
            type=Path,
            default=None,
            help="Folder of circuit JSON files (default: fixtures/circuits).",
        )

    def handle(self, *args: Any, reset: bool, circuits: Path | None, **options: Any) -> None:
        folder = circuits or Path(settings.BASE_DIR) / "fixtures" / "circuits"
        if not folder.is_dir():
            raise CommandError(f"{folder}: no such folder of circuits.")
        try:
            demo_load(circuits_dir=folder, write=self.stdout.write, reset=reset)
        except ValidationError as exc:
            raise CommandError("; ".join(exc.messages)) from exc
