"""The rules reference as data: chapters of numbered rules, each with the decisions that settle it.

The text lives in one module per language (`en.py`, `fr.py`), written for this league in plain
words; the rule ids are the engine's (`G2`, `T4`, `A13`, `SITE-grid`…), so a verdict's `rule`
field finds its explanation at `rule_url(id)`. A language without its module falls back to English.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from races.rulebook.anchors import rule_anchor


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    text: tuple[str, ...]  # paragraphs
    decisions: tuple[str, ...] = ()  # how the league plays what the rule leaves open

    @property
    def anchor(self) -> str:
        return rule_anchor(self.id)


@dataclass(frozen=True)
class Chapter:
    id: str  # the letter of its rules, "A" for the options, "SITE" for the site's checks
    title: str
    intro: tuple[str, ...]
    rules: tuple[Rule, ...] = field(default=())

    @property
    def anchor(self) -> str:
        return f"chapter-{self.id}"


def rule(rule_id: str, title: str, *text: str, decided: tuple[str, ...] | str = ()) -> Rule:
    """A rule in a language module: its id, title, paragraphs and (keyword) its decisions."""
    return Rule(rule_id, title, text, (decided,) if isinstance(decided, str) else decided)


def chapter(chapter_id: str, title: str, intro: str | tuple[str, ...], *rules: Rule) -> Chapter:
    return Chapter(chapter_id, title, (intro,) if isinstance(intro, str) else intro, rules)


def book(language: str | None) -> tuple[Chapter, ...]:
    """The chapters in `language` ("fr", "en", "fr-be"…), English when there is no such text."""
    from races.rulebook import en, fr

    return {"fr": fr.CHAPTERS}.get((language or "en").split("-")[0], en.CHAPTERS)


def rule_ids(chapters: tuple[Chapter, ...]) -> list[str]:
    return [r.id for c in chapters for r in c.rules]


def known(rule_id: str) -> bool:
    """Whether the rules pages explain `rule_id` (both languages hold the same ids; a test checks it)."""
    from races.rulebook import en

    global _KNOWN
    if _KNOWN is None:
        _KNOWN = frozenset(rule_ids(en.CHAPTERS))
    return rule_id in _KNOWN


_KNOWN: frozenset[str] | None = None
