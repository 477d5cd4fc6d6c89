"""A JSON document stored as its text and encoded and decoded by orjson: for the large documents the
judging writes (a sheet's log, its verdict), which the site stores and reads whole.

A 10-car race log is about 70 KB. Django's JSONField encodes it with `json.dumps` twice on its way to
the database (the field's validation, the driver's adapter), PostgreSQL parses it into `jsonb`, and
every read turns it back into text for `json.loads`. Here orjson encodes in a tenth of the time
(0.1 ms against 0.9 ms for a log), and PostgreSQL keeps the text as it comes (a column of type
`text`): storing a log costs its server half the CPU. The price: no query can look inside the
document (`log__cars__0`); none does, and `isnull` works as before.

What orjson cannot encode (an integer beyond 64 bits, a type it does not know) falls back to the
standard module, so the field accepts what JSONField accepts. Forms, the admin and the API see a
JSONField.
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from django.core import exceptions
from django.db import models


def dumps(value: Any) -> str:
    try:
        return orjson.dumps(value).decode()
    except TypeError:  # orjson.JSONEncodeError is one: a huge integer, a type orjson does not know
        return json.dumps(value)


def loads(text: str | bytes) -> Any:
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:  # an integer beyond 64 bits, stored before: the standard module reads it
        return json.loads(text)


class JSONDocumentField(models.JSONField):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if kwargs.get("encoder") or kwargs.get("decoder"):
            raise TypeError("JSONDocumentField encodes with orjson: it takes no encoder or decoder")
        super().__init__(*args, **kwargs)

    def db_type(self, connection: Any) -> str:
        return "text"  # SQLite's JSONField is text already; PostgreSQL's would be jsonb

    def get_lookup(self, lookup_name: str) -> Any:
        if lookup_name != "isnull":
            return None  # the document is text to the database: nothing inside it can be queried
        return super().get_lookup(lookup_name)

    def get_transform(self, name: str) -> Any:
        return None

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        if value is None:
            return value
        try:
            return loads(value)
        except json.JSONDecodeError:
            return value  # as JSONField does with what is not JSON

    def get_db_prep_value(self, value: Any, connection: Any, prepared: bool = False) -> Any:
        if not prepared:
            value = self.get_prep_value(value)
        return dumps(value)

    def validate(self, value: Any, model_instance: models.Model | None) -> None:
        models.Field.validate(self, value, model_instance)  # choices, null, blank: JSONField's own
        try:
            dumps(value)
        except TypeError:
            raise exceptions.ValidationError(
                self.error_messages["invalid"], code="invalid", params={"value": value}
            ) from None
