"""The rules reference as data: chapters of numbered rules, each with the decisions that settle it.

The text lives in one module per language (`en.py`, `fr.py`), written for this league in plain
words; the rule ids are the engine's (`G2`, `T4`, `A13`, `SITE-grid`…), so a verdict's `rule`
field finds its explanation at `rule_url(id)`. A language without its module reads the English.
"""

from __future__ import annotations

from league.rulebook import en, fr
from league.rulebook.entries import Chapter

_BOOKS = {"en": en.CHAPTERS, "fr": fr.CHAPTERS}
_KNOWN = frozenset(r.id for c in en.CHAPTERS for r in c.rules)


def book(language: str | None) -> tuple[Chapter, ...]:
    """The chapters in `language` ("fr", "en", "fr-be"…), English when there is no such text."""
    return _BOOKS.get((language or "en").split("-")[0], en.CHAPTERS)


def rule_ids(chapters: tuple[Chapter, ...]) -> list[str]:
    return [r.id for c in chapters for r in c.rules]


def known(rule_id: str) -> bool:
    """Whether the rules pages explain `rule_id` (both languages hold the same ids; a test checks it)."""
    return rule_id in _KNOWN
