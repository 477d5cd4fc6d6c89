"""The rules reference as data: chapters of numbered rules, each with the decisions that settle it.

The text lives in one module per language (`en.py`, `fr.py`), written for this league in plain
words; the rule ids are the engine's (`G2`, `T4`, `A13`, `SITE-grid`…), so a verdict's `rule`
field finds its explanation at `rule_url(id)`. A language without its module reads the English.
"""

from __future__ import annotations

from dataclasses import replace

from league.rulebook import en, fr
from league.rulebook.entries import Chapter, Rule
from league.rules_display import option_name, option_specs, option_summary

_BOOKS = {"en": en.CHAPTERS, "fr": fr.CHAPTERS}
_KNOWN = frozenset(r.id for c in en.CHAPTERS for r in c.rules)


def book(language: str | None) -> tuple[Chapter, ...]:
    """The chapters in `language` ("fr", "en", "fr-be"…), English when there is no such text; an
    option the engine plays that the text does not explain yet gets its name and summary."""
    return _with_every_option(_BOOKS.get((language or "en").split("-")[0], en.CHAPTERS))


def _with_every_option(chapters: tuple[Chapter, ...]) -> tuple[Chapter, ...]:
    missing = [spec for spec in option_specs() if spec.rule_ref not in _KNOWN]
    if not missing:
        return chapters
    added = tuple(Rule(spec.rule_ref, option_name(spec), (option_summary(spec),)) for spec in missing)
    return tuple(replace(c, rules=c.rules + added) if c.id == "A" else c for c in chapters)


def rule_ids(chapters: tuple[Chapter, ...]) -> list[str]:
    return [r.id for c in chapters for r in c.rules]


def known(rule_id: str) -> bool:
    """Whether the rules pages explain `rule_id` (both languages hold the same ids; a test checks it)."""
    return rule_id in _KNOWN or any(spec.rule_ref == rule_id for spec in option_specs())
