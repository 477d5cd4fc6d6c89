"""Why a sheet could not be judged (status `error`): stored as a code with its detail, told in each
reader's language.

The sheet keeps the reason three ways: `error_code` (a `Failure`), `error_params` (`{"detail": …}`,
what the exception said) and `error`, the English sentence the API documents. Pages render the
code in the reader's language; nothing reads the English back. Rows stored before the code
existed were given theirs by migration races/0010; a row with no code shows its text as stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from django.utils import translation
from django.utils.translation import gettext, gettext_noop


class Failure(StrEnum):
    """What stopped the judging (`RaceSheet.error_code`)."""

    TIMEOUT = "timeout"
    INTERNAL = "internal"
    TASK = "task"
    CIRCUIT = "circuit"
    RULES = "rules"


# The sentences (English: gettext's ids); `%(detail)s` is what the exception said.
TEMPLATES: dict[Failure, str] = {
    Failure.TIMEOUT: gettext_noop("the replay took too long and was stopped"),
    Failure.INTERNAL: gettext_noop("internal error: %(detail)s"),
    Failure.TASK: gettext_noop("validation failed: %(detail)s"),
    Failure.CIRCUIT: gettext_noop("the circuit of this race is broken: %(detail)s"),
    Failure.RULES: gettext_noop("the rules of this race's season cannot be read: %(detail)s"),
}


@dataclass(frozen=True)
class FailureReason:
    """A reason as data: the failure and its detail."""

    failure: Failure
    detail: str = ""

    @property
    def params(self) -> dict[str, Any]:
        return {"detail": self.detail} if "%(detail)s" in TEMPLATES[self.failure] else {}

    def text(self) -> str:
        """The reason in the active language."""
        words = gettext(TEMPLATES[self.failure])
        return words % self.params if self.params else words

    def english(self) -> str:
        """The reason as `RaceSheet.error` stores it for the API."""
        with translation.override("en"):
            return self.text()


def failure_text(*, code: str, params: dict[str, Any] | None, stored: str) -> str:
    """A stored reason in the active language: from its code, or as stored when it has none."""
    if code in Failure.__members__.values():
        return FailureReason(Failure(code), str((params or {}).get("detail", ""))).text()
    return stored or ""


def sheet_failure_text(sheet: Any) -> str:
    """The reason a sheet could not be judged, in the active language."""
    return failure_text(
        code=getattr(sheet, "error_code", ""), params=getattr(sheet, "error_params", None), stored=sheet.error
    )
