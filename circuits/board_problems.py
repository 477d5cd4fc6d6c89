"""The engine's problems with a board, kept as codes and rendered in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.read_errors import reading_message


def board_problems(document: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every problem `rules.circuits.problems` finds, as JSON: code, where, square, params."""
    from rules.circuits import problems

    return [
        {"code": str(p.code), "where": p.where, "square": p.square, "params": dict(p.params)}
        for p in problems(document)
    ]


def problem_words(stored: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The stored problems with their `text` in the active language."""
    out = []
    for problem in stored:
        try:
            text = reading_message(
                problem["code"], {**problem.get("params", {}), "where": problem.get("where", "")}
            )
        except (ValueError, KeyError):  # a code this site does not know (yet): its raw form still helps
            text = f"{problem.get('where')}: {problem.get('code')} {problem.get('params')}"
        out.append({**problem, "text": text})
    return out
