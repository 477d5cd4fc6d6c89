"""`{{ violation|verdict_message }}`: a stored violation or event in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template

from races.messages import verdict_text

register = template.Library()


@register.filter
def verdict_message(entry: Mapping[str, Any] | None) -> str:
    return verdict_text(entry or {})
