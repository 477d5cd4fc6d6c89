"""The player's own page, "My races": what the league expects of him next."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from races.views_wear import wear_form_for
from sheets.my_races import player_dashboard


@login_required
def my_races(request: HttpRequest) -> HttpResponse:
    board = player_dashboard(user=request.user)
    nxt = board.next_race
    wear_form = wear_form_for(nxt.entry) if nxt else None
    return render(request, "league/my_races.html", {"board": board, "wear_form": wear_form})
