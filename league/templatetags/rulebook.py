"""`{{ violation.rule|rule_url }}`: the rules page's anchor for a rule id; `rule_text` for its paragraphs."""

from __future__ import annotations

import re

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from league.rulebook.anchors import rule_anchor as _anchor
from league.rulebook.anchors import rule_url as _url

register = template.Library()

_CODE = re.compile(r"`([^`]+)`")


@register.filter
def rule_url(rule_id: str | None) -> str:
    return _url(rule_id) if rule_id else ""


@register.filter
def rule_anchor(rule_id: str | None) -> str:
    return _anchor(rule_id) if rule_id else ""


@register.filter
def rule_text(paragraph: str) -> SafeString:
    """A paragraph of the rules with its `log fields` set as code (the rest escaped)."""
    return mark_safe(_CODE.sub(r"<code>\1</code>", escape(paragraph)))  # noqa: S308 - escaped first
