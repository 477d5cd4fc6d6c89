"""The API's JSON parser: the same strict reader as the race logs (`rules.strict_json`).

DRF's own parser lets NaN, keys given twice and nesting deep enough to exhaust the stack
through (a 500 on every JSON endpoint); this one answers 400 with a message naming the place.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from core.read_errors import reading_text
from rules.strict_json import JsonInputError, loads


class StrictJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: dict | None = None) -> Any:
        if stream is None:
            return None
        try:
            return loads(stream.read(), what="body")
        except JsonInputError as exc:
            # in the reader's language, from the error's code ("body: the key 'x' is given twice")
            raise ParseError(_("JSON parse error - %(error)s") % {"error": reading_text(exc)}) from None
