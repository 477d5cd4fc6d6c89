"""`{{ violation.rule|rule_url }}`: the rules page's anchor for a rule id."""

from __future__ import annotations

from django import template

from races.rulebook.anchors import rule_anchor as _anchor
from races.rulebook.anchors import rule_url as _url

register = template.Library()


@register.filter
def rule_url(rule_id: str | None) -> str:
    return _url(rule_id) if rule_id else ""


@register.filter
def rule_anchor(rule_id: str | None) -> str:
    return _anchor(rule_id) if rule_id else ""
