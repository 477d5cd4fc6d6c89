"""The rules page: every rule the engine and the site judge by, in the reader's language."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language

from league.rulebook.book import book


def rules_page(request: HttpRequest) -> HttpResponse:
    return render(request, "rulebook/rules.html", {"chapters": book(get_language())})
