"""A small detector of English left in a French page.

A page is cut into its visible text pieces (text nodes, and the `title`, `alt`, `placeholder`,
`aria-label` and `value` of buttons people read). A piece is English when, once the proper names the
caller knows are taken out, it either holds two of the words only English sentences use ("the",
"with", "has"…), or it is word for word the same in the English rendering of the page and holds
one of the English words of the league's pages ("running", "Submit", "laps"…): the same text in
both languages that is no proper name is a sentence nobody translated."""

from __future__ import annotations

import re
from collections.abc import Iterable
from html.parser import HTMLParser


def _words_list(text: str) -> list[str]:
    return text.split()


# Words a French sentence never uses (no French homograph worth keeping: "on", "a", "as", "an",
# "son", "pour"… are left out).
FUNCTION_WORDS = frozenset(
    _words_list(
        """the and of with this that these those is are was were has have had been be from by not
    your you it its into which who what when where there their they them than then only should
    would could will cannot can't don't doesn't isn't aren't here yet every each any already
    must may might being does did done other shows after before about"""
    )
)

# English words of the league's pages that are not French words as well.
SITE_WORDS = frozenset(
    _words_list(
        """running finished eliminated validated pending submitted rejected withdrawn open closed draft
    scheduled planned cancelled postponed error invalid valid accepted declined upheld dismissed
    home seasons season standings races race drivers driver teams team calendar experience rules
    rule login logout sign up password username email submit save cancel delete edit search filter
    next previous back show hide more less none yes no true false round rounds lap laps turn turns
    gear gears car cars status wins win when where winner results result replay sheet
    sheets qualifying grid speed step play pause follow view download export feed protest protests
    confirm confirmed stewards steward penalty penalties chosen log unknown missing entered entries
    entry welcome account accounts league rank length corners corner squares square tyres tyre
    brakes gearbox body engine handling weather rain sun dry wet spent earned ledger"""
    )
)

_WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ'’]+")
_READ_ATTRIBUTES = ("title", "alt", "placeholder", "aria-label")
_SKIPPED = frozenset({"script", "style", "template", "code", "pre", "kbd", "samp", "svg"})


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.pieces: list[str] = []
        self._skip = 0
        self._lang_stack: list[str] = []
        self._page_lang = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag in _SKIPPED:
            self._skip += 1
        lang = (values.get("lang") or "").split("-")[0]
        if tag == "html":
            self._page_lang = lang
        elif values.get("translate") == "no" or (lang and lang != self._page_lang):
            # a language switch names each language in itself ("English"): not a leak
            self._skip += 1
            self._lang_stack.append(tag)
        for name in _READ_ATTRIBUTES:
            if values.get(name):
                self.pieces.append(values[name] or "")
        if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
            self.pieces.append(values["value"] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIPPED and self._skip:
            self._skip -= 1
        if self._lang_stack and self._lang_stack[-1] == tag:
            self._lang_stack.pop()
            self._skip = max(0, self._skip - 1)

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.pieces.append(" ".join(data.split()))


def text_pieces(html: str) -> list[str]:
    """The visible text of a page, piece by piece, whitespace folded."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    return parser.pieces


def _words(text: str) -> list[str]:
    # "IT", "BE", "DE": country codes, not words
    return [w.lower().replace("’", "'") for w in _WORD.findall(text) if not (w.isupper() and len(w) <= 3)]


def _without_names(text: str, names: Iterable[str]) -> str:
    for name in sorted(names, key=len, reverse=True):
        if name:
            text = text.replace(name, " ")
    return text


# A piece is read clause by clause: "Le journal est illisible : race log: not JSON (…)" holds two
# English clauses after a French one.
_CLAUSE = re.compile(r"\s*(?:[.:;!?](?:\s|$)|\s—\s|\s·\s)\s*")


def _clauses(piece: str) -> list[str]:
    return [c for c in _CLAUSE.split(piece) if c.strip()]


def _english(clause: str, in_english: set[str], names: tuple[str, ...]) -> bool:
    words = _words(_without_names(clause, names))
    function = sum(1 for w in words if w in FUNCTION_WORDS)
    same = clause in in_english and any(w in SITE_WORDS or w in FUNCTION_WORDS for w in words)
    return function >= 2 or same


def english_pieces(french_html: str, english_html: str = "", names: Iterable[str] = ()) -> list[str]:
    """The pieces of `french_html` that read as English (see the module's docstring)."""
    names = tuple(names)
    in_english = {c for p in text_pieces(english_html) for c in (p, *_clauses(p))} if english_html else set()
    return [
        piece
        for piece in text_pieces(french_html)
        if any(_english(clause, in_english, names) for clause in {piece, *_clauses(piece)})
    ]
