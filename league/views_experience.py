"""Public pages of the experience ledger: the balances, and the rows behind each one."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from league.models import Driver, Season, Team
from league.selectors.experience import experience_holdings, experience_ledger


def _season_filter(request: HttpRequest) -> Season | None:
    slug = request.GET.get("season")
    return get_object_or_404(Season, slug=slug) if slug else None


def experience_overview(request: HttpRequest) -> HttpResponse:
    season = _season_filter(request)
    holdings = experience_holdings(season=season)
    return render(
        request,
        "league/experience.html",
        {
            "season": season,
            "seasons": Season.objects.all(),
            "drivers": holdings["drivers"],
            "teams": holdings["teams"],
        },
    )


def _ledger_page(
    request: HttpRequest, *, driver: Driver | None = None, team: Team | None = None
) -> HttpResponse:
    season = _season_filter(request)
    lines = experience_ledger(driver=driver, team=team, season=season)
    return render(
        request,
        "league/experience_ledger.html",
        {
            "owner": driver or team,
            "driver": driver,
            "team": team,
            "season": season,
            "lines": lines,
            "balance": lines[-1].balance if lines else None,
        },
    )


def driver_ledger(request: HttpRequest, slug: str) -> HttpResponse:
    return _ledger_page(request, driver=get_object_or_404(Driver, slug=slug))


def team_ledger(request: HttpRequest, slug: str) -> HttpResponse:
    return _ledger_page(request, team=get_object_or_404(Team, slug=slug))
