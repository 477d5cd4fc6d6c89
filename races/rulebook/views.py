"""The rules pages."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def rules_page(request: HttpRequest) -> HttpResponse:
    return render(request, "rulebook/rules.html", {})
