"""`{{ message|engine_message }}`: a rules engine message in the reader's language."""

from __future__ import annotations

from django import template

from races.engine_messages import translate_engine_message

register = template.Library()


@register.filter
def engine_message(message: str | None) -> str:
    return translate_engine_message(message or "")
