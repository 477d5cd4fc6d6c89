"""What the rules reference is made of: chapters of numbered rules, each rule with the decisions
that settle what it leaves open. The language modules (`en.py`, `fr.py`) build theirs with
`chapter()` and `rule()`."""

from __future__ import annotations

from dataclasses import dataclass, field

from league.rulebook.anchors import rule_anchor


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
