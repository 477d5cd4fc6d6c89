"""`{{ violation|verdict_message }}`: a stored violation or event in the reader's language;
`{{ violation|rule_link }}` (or `{{ "G2"|rule_link }}`): its rule id linked to the rules page."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext, pgettext

from core.messages import verdict_text
from core.site_messages import SiteCode
from league.rulebook.anchors import rule_url
from league.rulebook.book import known
from sheets.failures import sheet_failure_text

register = template.Library()


@register.filter
def verdict_message(entry: Mapping[str, Any] | None) -> str:
    return verdict_text(entry or {})


def entry_rule(entry: Mapping[str, Any] | str | None) -> str:
    """The rule id of a violation (its `rule`), or of an event whose code names one (`c2.…`, `a13.…`):
    "" when there is none the rules pages explain."""
    if isinstance(entry, str):
        rule = entry
    elif entry:
        rule = entry.get("rule") or str(entry.get("code") or "").partition(".")[0].upper()
    else:
        rule = ""
    return rule if rule and known(rule) else ""


@register.filter
def rule_link(entry: Mapping[str, Any] | str | None) -> SafeString | str:
    """`<a class="rule-id" href="/rules/#rule-G2">G2</a>` for a violation, an event or a rule id; a rule
    id the rules pages do not explain stays plain text, and nothing for an entry without one."""
    rule = entry_rule(entry)
    if not rule:
        return entry if isinstance(entry, str) else (entry or {}).get("rule") or ""
    return format_html(
        '<a class="rule-id" href="{}" title="{}" translate="no">{}</a>',
        rule_url(rule),
        gettext("Rule %(rule)s, on the rules page") % {"rule": rule},
        rule,
    )


@register.filter
def sheet_error(sheet: Any) -> str:
    """Why a sheet's log cannot be read, in the reader's language (`{{ sheet|sheet_error }}`): its
    SITE-format violation rendered from the reading error's code; otherwise the stored `error`
    (a sheet judged before reading errors had codes, or one the site could not judge)."""
    for violation in (getattr(sheet, "verdict", None) or {}).get("violations") or ():
        params = violation.get("params") or {}
        if violation.get("code") == SiteCode.UNREADABLE and isinstance(params.get("error"), Mapping):
            return verdict_text(violation)
    # A sheet that could not be judged: the worker's reason, said in the reader's language.
    return sheet_failure_text(sheet)


@register.filter(needs_autoescape=True)
def then_what(where: str, what: str, autoescape: bool = True) -> SafeString:
    """`{% filter then_what:message %}<strong>Turn 3</strong>, car 7{% endfilter %}`: the place, then
    what happened there, with the language's punctuation (French: a narrow no-break space before
    the colon). The place is the rendered block; the message is escaped."""
    escape = conditional_escape if autoescape else (lambda text: text)
    # Translators: a place in a race (turn, car, driver), then what went wrong there.
    template = pgettext("verdict line", "{where}: {what}")
    return format_html(template, where=escape(where), what=escape(what))
