"""Markers for the site's translation catalogue. They do nothing here: `makemessages` (xgettext)
finds the strings they wrap by the function's name, so the site can translate the engine's
English without the engine knowing Django."""

from __future__ import annotations


def gettext_noop(text: str) -> str:
    """A message template, to be translated where it is shown."""
    return text


def pgettext(context: str, text: str) -> str:
    """A word a message param carries, in its context ("part", "cause", …): the same English
    word may read differently in another language depending on what it names."""
    return text
