"""`{{ event|event_with_rules }}`: a race-night event (the state's JSON) in words, each rule it is
about linked to the rules page, as `static/js/live.js` draws it after the first paint."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@register.filter
def event_with_rules(event: Mapping[str, Any]) -> SafeString:
    text = str(event.get("message") or event.get("kind") or "")
    links = {r["rule"]: r["url"] for r in event.get("rules") or ()}
    if not links:
        return escape(text)
    pattern = re.compile(r"\b(" + "|".join(re.escape(rule) for rule in links) + r")\b")
    out: list[str] = []
    last = 0
    linked: set[str] = set()
    for found in pattern.finditer(text):
        rule = found.group(1)
        out += [escape(text[last : found.start()]), _link(rule, links[rule])]
        linked.add(rule)
        last = found.end()
    out.append(escape(text[last:]))
    out += [" " + _link(rule, url) for rule, url in links.items() if rule not in linked]
    return mark_safe("".join(out))  # noqa: S308 - every piece is escaped or format_html's


def _link(rule: str, url: str) -> str:
    return format_html('<a class="rule-id" href="{}" translate="no">{}</a>', url, rule)
