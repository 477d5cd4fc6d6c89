"""The player's own page, "My races": what the league expects of him next."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


@login_required
def my_races(request: HttpRequest) -> HttpResponse:
    return render(request, "league/my_races.html", {})
