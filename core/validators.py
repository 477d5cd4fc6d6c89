"""Text people type that others see: no control characters in names, a cap on every stored text.

A name shows in pages, CSV, calendars and feeds: a newline, a NUL or a bidi override in one
breaks a calendar line, hides text or reorders what a reader sees. Longer texts (a protest's
reason) may hold line breaks and tabs, nothing else invisible.
"""

from __future__ import annotations

import re
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

# C0 and C1 controls, DEL, zero-width and bidi controls, the byte order mark.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")
_CONTROL_IN_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

# The most a person's free text may hold when stored: a protest's reason, a decision.
TEXT_MAX_CHARS = 4000


def control_character_message(found: str) -> str:
    return str(
        _("The character U+%(code)04X (a control character) is not allowed here.") % {"code": ord(found)}
    )


def plain_name_validator(value: Any) -> None:
    if isinstance(value, str) and (found := _CONTROL.search(value)):
        raise ValidationError(control_character_message(found.group()), code="control_character")


def free_text_validator(value: Any) -> None:
    if not isinstance(value, str):
        return
    if found := _CONTROL_IN_TEXT.search(value):
        raise ValidationError(control_character_message(found.group()), code="control_character")
    if len(value) > TEXT_MAX_CHARS:
        raise ValidationError(
            _("At most %(max)d characters (this has %(n)d).") % {"max": TEXT_MAX_CHARS, "n": len(value)},
            code="too_long",
        )


class PlainNames:
    """Model mixin: the fields in `plain_name_fields` refuse control characters on `full_clean()`.

    Checked here rather than as field validators so no migration is needed and every service,
    serializer and admin form (they all call `full_clean()`) refuses them alike.
    """

    plain_name_fields: tuple[str, ...] = ("name",)
    free_text_fields: tuple[str, ...] = ()

    def clean_fields(self, exclude: Any = None) -> None:
        errors: dict[str, list[str]] = {}
        try:
            super().clean_fields(exclude=exclude)  # type: ignore[misc]
        except ValidationError as exc:
            errors = exc.message_dict
        checks = [(f, plain_name_validator) for f in self.plain_name_fields]
        checks += [(f, free_text_validator) for f in self.free_text_fields]
        for name, check in checks:
            if (exclude and name in exclude) or name in errors:
                continue
            try:
                check(getattr(self, name))
            except ValidationError as exc:
                errors.setdefault(name, []).extend(exc.messages)
        if errors:
            raise ValidationError(errors)
