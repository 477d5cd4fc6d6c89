"""Re-judging stored sheets from their raw bytes, after the engine or the site's checks changed.

A stored verdict is the record of what the stewards and the standings rely on, so a re-judgement
never rewrites results: when the outcome is the same (valid or not, the same broken rules at the
same turns and cars, the same classification or grid), the fresh verdict replaces the stored one
(new fields, new wording); when the outcome differs, nothing is written and the difference is
reported for the stewards to decide on.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from sheets.judging import _judge
from sheets.models import RaceSheet

Status = RaceSheet.Status
DONE = (Status.VALID, Status.INVALID)


@dataclass(frozen=True)
class Rejudged:
    sheet_id: int
    outcome: str  # "refreshed", "unchanged", "changed"
    differences: tuple[str, ...] = field(default=())


def _violations(verdict: dict[str, Any]) -> list[tuple[Any, Any, Any]]:
    return [(v.get("turn"), v.get("car"), v.get("rule")) for v in verdict.get("violations", [])]


def _placings(verdict: dict[str, Any]) -> list[dict[str, Any]]:
    keys = ("position", "car", "status", "turn", "points", "cause")
    return [{k: p.get(k) for k in keys} for p in verdict.get("classification", [])]


def outcome_differences(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """What a re-judgement would change that matters to results: empty when only the words differ."""
    out = []
    if bool(before.get("valid")) != bool(after.get("valid")):
        out.append(f"valid: {before.get('valid')} -> {after.get('valid')}")
    if _violations(before) != _violations(after):
        out.append(f"violations: {_violations(before)} -> {_violations(after)}")
    if _placings(before) != _placings(after):
        out.append("classification differs")
    if before.get("grid") != after.get("grid"):
        out.append("grid differs")
    return out


def race_sheet_rejudge(*, sheet_id: int, write: bool = True) -> Rejudged:
    """Judge a done sheet again; store the fresh verdict only when its outcome is the same."""
    sheet = RaceSheet.objects.select_related("race__season", "race__circuit").get(pk=sheet_id)
    if sheet.status not in DONE:
        return Rejudged(sheet_id, "unchanged", (f"status is {sheet.status}: not judged yet",))
    judgement = _judge(sheet)
    before = sheet.verdict or {}
    differences = outcome_differences(before, judgement.verdict)
    if differences:
        return Rejudged(sheet_id, "changed", tuple(differences))
    if before == judgement.verdict:
        return Rejudged(sheet_id, "unchanged")
    if write:
        with transaction.atomic():
            locked = RaceSheet.objects.select_for_update().get(pk=sheet_id)
            locked.verdict = judgement.verdict
            if judgement.log is not None:
                locked.log = judgement.log
            locked.save(update_fields=["verdict", "log", "updated_at"])
    return Rejudged(sheet_id, "refreshed")


def sheets_to_rejudge(*, race_ids: Iterable[int] = (), sheet_ids: Iterable[int] = ()) -> list[int]:
    sheets = RaceSheet.objects.filter(status__in=DONE)
    race_ids, sheet_ids = list(race_ids), list(sheet_ids)
    if race_ids:
        sheets = sheets.filter(race_id__in=race_ids)
    if sheet_ids:
        sheets = sheets.filter(pk__in=sheet_ids)
    return list(sheets.order_by("pk").values_list("pk", flat=True))
