"""`/races/<id>/live/presence/`: who came to the table, saved as soon as it is ticked on the set-up
page, so that qualifying at the table (before the set-up is sent) times only the drivers present
and a reload keeps the ticks. The table's creation saves them again (`live.services.table_create`).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from live.forms import absent_in, race_entries_in_grid_order
from live.views import may_record_race, open_table
from races.models import Race
from races.presence import race_presence_set


@require_POST
def race_night_presence(request: HttpRequest, pk: int) -> HttpResponse:
    """Save the set-up's ticks (the form's `car-N-races`, with `who-races`): JSON for the page's
    script, else back to the set-up."""
    race = get_object_or_404(Race.objects.select_related("season", "circuit"), pk=pk)
    if not may_record_race(race=race, user=request.user):
        raise PermissionDenied
    wants_json = "application/json" in request.headers.get("Accept", "")
    if race.status == Race.Status.OFFICIAL or open_table(race) is not None:
        # the table in play says who races; official results are not changed from here
        return _answer(wants_json, race, 409, _("The race is already recorded: who races is set."))
    absent = absent_in(request.POST, race_entries_in_grid_order(race))
    if absent is None:
        return _answer(wants_json, race, 400, _("Tick the drivers who race."))
    try:
        race_presence_set(race=race, absent=absent)
    except ValidationError as exc:
        return _answer(wants_json, race, 400, " ".join(exc.messages))
    return _answer(wants_json, race, 200, "", absent=absent)


def _answer(
    wants_json: bool, race: Race, status: int, detail: str, absent: list[str] | None = None
) -> HttpResponse:
    if wants_json:
        body = {"absent": absent} if status == 200 else {"detail": detail}
        return JsonResponse(body, status=status)
    if status != 200:
        return HttpResponse(detail, status=status, content_type="text/plain; charset=utf-8")
    return redirect("live:race-night", pk=race.pk)
