"""The race page: entries, results, penalties, the sheets sent and the public stewarding history."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from races.models import Race, RaceEntry
from races.penalties import grid_penalties_for, race_penalties
from races.selectors import race_results
from sheets.audit import race_history
from sheets.replay.views import race_replay_context
from sheets.selectors import race_sheets, sheet_submitter_allowed


def race_detail(request: HttpRequest, pk: int) -> HttpResponse:
    race = get_object_or_404(Race.objects.select_related("season", "circuit"), pk=pk)
    entries = RaceEntry.objects.filter(race=race).select_related("season_entry__driver", "season_entry__team")
    results = list(race_results(race=race))
    return render(
        request,
        "races/race_detail.html",
        {
            "race": race,
            "entries": entries,
            "results": results,
            "eliminations": [r for r in results if r.status == r.Status.ELIMINATED],
            "penalties": race_penalties(race=race),
            "recorded_penalties": [r for r in results if r.penalty_points or r.penalty_places],
            "grid_penalties": grid_penalties_for(race=race),
            "history": race_history(race=race, public_only=True),
            "sheets": list(race_sheets(race=race)),
            "can_submit": sheet_submitter_allowed(race=race, user=request.user),
            "replay": race_replay_context(race=race),
        },
    )
