"""`makemessages`, with the message templates (rules/messages/english.py, the site's checks in
core/site_messages.py) left out of msgfmt's brace-format check. They are `str.format`
strings with specs of their own (`{gear:nth}`, `{n:s}`), and a translation may need a spec its
English does without (French "en {gear:nth}" for "in gear {gear}"), which that check refuses.
tests/races/test_message_catalogue.py checks every translation against the engine's params instead.
(xgettext's `--flag=…:no-python-brace-format` would do it, but gettext 0.21 reads it wrongly.)"""

from __future__ import annotations

from pathlib import Path

from django.core.management.commands import makemessages

TEMPLATE_FILES = ("rules/messages/english.py", "core/site_messages.py")


def _unflag(block: str) -> str:
    refs = [line for line in block.splitlines() if line.startswith("#:")]
    if not any(name in line for line in refs for name in TEMPLATE_FILES):
        return block
    return block.replace("#, python-brace-format", "#, no-python-brace-format").replace(
        ", python-brace-format", ", no-python-brace-format"
    )


class Command(makemessages.Command):
    def build_potfiles(self) -> list[str]:
        potfiles = super().build_potfiles()
        for potfile in potfiles:
            path = Path(potfile)
            path.write_text(
                "\n\n".join(map(_unflag, path.read_text(encoding="utf-8").split("\n\n"))), encoding="utf-8"
            )
        return potfiles
