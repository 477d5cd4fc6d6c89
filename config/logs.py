"""Logs as JSON lines in production: one object a line, for a log collector to read without parsing prose."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

# What every LogRecord has; anything else on a record came through `extra=` and is kept.
_STANDARD = set(logging.makeLogRecord({}).__dict__) | {"message", "asctime"}


class JsonLinesFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "process": record.process,
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        for key, value in record.__dict__.items():
            if key not in _STANDARD and not key.startswith("_"):
                line[key] = value if isinstance(value, str | int | float | bool | None) else repr(value)
        return json.dumps(line, ensure_ascii=False)
