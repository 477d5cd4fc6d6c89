"""Why a sheet could not be judged (status `error`), stored once and told in each reader's language.

The worker stores `sheet.error` in English, which the API documents as it is. Each reason is one of
a few fixed templates, so the English template is the reason's code: `failure_text` recognises it
at read time and says it in the active language. The sentences the worker wrote before this module
existed are the same templates, so old rows read the same way; text that matches none (a reason
from a newer or older site) is shown as stored.
"""

from __future__ import annotations

import re
from enum import StrEnum

from django.utils.translation import gettext, gettext_noop


class Failure(StrEnum):
    """The templates of the stored reasons (English; `%(detail)s` what the exception said)."""

    TIMEOUT = gettext_noop("the replay took too long and was stopped")
    INTERNAL = gettext_noop("internal error: %(detail)s")
    TASK = gettext_noop("validation failed: %(detail)s")
    CIRCUIT = gettext_noop("the circuit of this race is broken: %(detail)s")
    RULES = gettext_noop("the rules of this race's season cannot be read: %(detail)s")


def _pattern(template: str) -> re.Pattern[str]:
    return re.compile(re.escape(template).replace(re.escape("%(detail)s"), "(?P<detail>.*)") + r"\Z", re.S)


_PATTERNS = [(failure, _pattern(failure.value)) for failure in Failure]


def failure_reason(failure: Failure, detail: str = "") -> str:
    """The reason to store in `sheet.error`: the English template filled in."""
    return failure.value % {"detail": detail} if "%(detail)s" in failure.value else failure.value


def failure_text(stored: str) -> str:
    """A stored reason in the active language; text that is none of the templates, as stored."""
    for failure, pattern in _PATTERNS:
        match = pattern.match(stored or "")
        if match:
            text = gettext(failure.value)
            return text % {"detail": match.group("detail")} if "detail" in pattern.groupindex else text
    return stored or ""
