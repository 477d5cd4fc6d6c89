"""Shared body of `manage.py replay` and `manage.py qualify`: the engine's CLI with the site's circuits."""

from __future__ import annotations

import sys
from argparse import ArgumentParser

from django.core.management.base import BaseCommand

from circuits.lookup import circuit_document
from rules.cli import main as engine_main


class EngineCommand(BaseCommand):
    verb = ""
    requires_system_checks: list = []  # a replay must answer even on a half-configured site

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", help="the JSON file to check ('-' for standard input)")
        parser.add_argument("--json", action="store_true", help="print the verdict as JSON")
        if self.verb == "replay":
            parser.add_argument("--circuit", help="a circuit@1 file instead of the site's circuit")

    def handle(self, *args: object, **options: object) -> None:
        argv = [self.verb, str(options["file"])]
        if options.get("circuit"):
            argv += ["--circuit", str(options["circuit"])]
        if options["json"]:
            argv.append("--json")
        # The engine writes plain text; Django's OutputWrapper would add a newline per write.
        code = engine_main(
            argv, circuit_resolver=circuit_document, stdout=self.stdout._out, stderr=self.stderr._out
        )
        if code:
            sys.exit(code)
