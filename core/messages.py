"""Messages in the reader's language: the engine's (`rules.messages`) and the site's own checks
(`core.site_messages`), rendered from their code and params with gettext.

The English templates are the msgids (`makemessages` finds them: `gettext_noop` in rules/ and in
the site catalogue); a param that is a word (a part, a cause, a weather…) is translated in its
vocabulary's context (`pgettext`), ordinals as "gear" words, plurals by the catalogue's plural
rule, decimals with the locale's separator. Another language is one more .po file."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils import formats
from django.utils.translation import gettext, ngettext, pgettext

from core.read_errors import reading_message
from core.site_messages import SITE_TEMPLATES, SiteCode
from rules.messages import Code, Params, Renderer
from rules.messages.reading import ReadCode

_DECIMALS = re.compile(r"\.(\d+)f")
_SITE = {code.value: code for code in SiteCode}
_READ = {code.value: code for code in ReadCode}
# `{n:s}`: the plural suffix, as the active catalogue's plural rule has it (English: "s" unless 1)
_SUFFIX = "(plural suffix)"


class _Reader(Renderer):
    def template(self, code: Code) -> str:
        return gettext(super().template(code))

    def word(self, vocabulary: str, word: str) -> str:
        return pgettext(vocabulary, word)

    def ordinal(self, n: int) -> str:
        return pgettext("gear", super().ordinal(n))

    def plural(self, n: int) -> str:
        return ngettext("(plural suffix)", "(plural suffix)s", n).removeprefix(_SUFFIX)

    def format_field(self, value: Any, format_spec: str) -> str:
        decimals = _DECIMALS.fullmatch(format_spec)
        if decimals and isinstance(value, int | float):
            return formats.number_format(value, decimal_pos=int(decimals.group(1)))
        return super().format_field(value, format_spec)

    def render(self, code: Code | str, values: Params | Mapping[str, Any] = ()) -> str:
        site = _SITE.get(code)
        if site is not None:
            return self.vformat(gettext(SITE_TEMPLATES[site]), (), self._filled(values))
        read = _READ.get(code)
        if read is not None:
            return self._reading(read, dict(values))
        return super().render(code, values)

    def _filled(self, values: Params | Mapping[str, Any]) -> dict[str, Any]:
        """A site message's params, a nested message among them rendered first (why a log is unreadable)."""
        pairs = values.items() if isinstance(values, Mapping) else values
        return {
            name: self.render(value["code"], value["params"])
            if isinstance(value, Mapping) and value.keys() == {"code", "params"}
            else value
            for name, value in pairs
        }

    def _reading(self, code: ReadCode, values: dict[str, Any]) -> str:
        return reading_message(code, values)


_READER = _Reader()


def message_text(code: Code | SiteCode | str, params: Params | Mapping[str, Any] = ()) -> str:
    """A message in the active language."""
    return _READER.render(code, params)


def verdict_text(entry: Mapping[str, Any]) -> str:
    """A stored violation or event (`to_json`'s dict) in the active language. A verdict judged
    before messages had codes has only its English `message`: shown as it is (`manage.py rejudge`
    gives it codes)."""
    code = entry.get("code")
    if code:
        try:
            return message_text(code, entry.get("params") or {})
        except (KeyError, ValueError, IndexError, TypeError):  # a code or params this site does not know
            pass
    return entry.get("message") or ""


def refusal_text(exc: Exception) -> str:
    """What a refused service call tells the person: a ValidationError's messages, or what the
    exception says (a PermissionDenied's reason)."""
    return " ".join(getattr(exc, "messages", [str(exc)]))
