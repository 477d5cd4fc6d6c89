"""A driver's page: his seasons, results, experience, statistics, dice luck and penalties."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from league.models import Driver
from league.selectors import driver_experience
from races.penalties import driver_penalties
from races.selectors import driver_results
from races.stats import driver_stats
from sheets.selectors import driver_dice_luck


def driver_detail(request: HttpRequest, slug: str) -> HttpResponse:
    driver = get_object_or_404(Driver, slug=slug)
    entries = driver.entries.select_related("season", "team").order_by("-season__year", "season__name")
    return render(
        request,
        "league/driver_detail.html",
        {
            "driver": driver,
            "entries": entries,
            "results": driver_results(driver=driver),
            "experience": driver_experience(driver=driver),
            "stats": driver_stats(driver=driver),
            "luck": driver_dice_luck(driver=driver),
            "penalties": driver_penalties(driver=driver),
        },
    )
