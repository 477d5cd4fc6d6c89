"""Where a rule id (G2, T1, C2, A13, M6-2-5…) is explained on the rules pages."""

from __future__ import annotations

import re

from django.urls import reverse

_UNSAFE = re.compile(r"[^A-Za-z0-9-]+")


def rule_anchor(rule_id: str) -> str:
    """The fragment id of a rule on the rules page: `rule-G2`."""
    return "rule-" + _UNSAFE.sub("-", str(rule_id).strip()).strip("-")


def rule_url(rule_id: str) -> str:
    """The address of a rule's explanation: `/rules/#rule-G2`."""
    return f"{reverse('league:rules')}#{rule_anchor(rule_id)}"
