"""`manage.py rejudge [--race ID] [--sheet ID] [--dry-run]`: judge stored sheets again from their raw bytes.

Exit 0 when every sheet kept its outcome, 1 when at least one would change (nothing is written for
those: the report says what differs, for the stewards).
"""

from __future__ import annotations

import sys
from argparse import ArgumentParser

from django.core.management.base import BaseCommand

from sheets.rejudge import race_sheet_rejudge, sheets_to_rejudge


class Command(BaseCommand):
    help = "Judge stored race sheets again from their raw bytes; refresh verdicts whose outcome is unchanged."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--race", type=int, action="append", default=[], help="only this race's sheets")
        parser.add_argument("--sheet", type=int, action="append", default=[], help="only this sheet")
        parser.add_argument("--dry-run", action="store_true", help="report, write nothing")

    def handle(self, *args: object, **options: object) -> None:
        counts = {"refreshed": 0, "unchanged": 0, "changed": 0}
        for sheet_id in sheets_to_rejudge(race_ids=options["race"], sheet_ids=options["sheet"]):
            done = race_sheet_rejudge(sheet_id=sheet_id, write=not options["dry_run"])
            counts[done.outcome] += 1
            if done.outcome == "changed":
                self.stdout.write(f"sheet {sheet_id}: outcome would change, left as it is")
                for line in done.differences:
                    self.stdout.write(f"  {line}")
        verb = "would be refreshed" if options["dry_run"] else "refreshed"
        self.stdout.write(
            f"{counts['refreshed']} {verb}, {counts['unchanged']} unchanged, "
            f"{counts['changed']} with a different outcome"
        )
        if counts["changed"]:
            sys.exit(1)
