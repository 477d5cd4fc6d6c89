"""The player's profile page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.forms import ProfileForm
from accounts.middleware import language_cookie
from accounts.profiles import profile_for, profile_update


@login_required
def profile_edit(request: HttpRequest) -> HttpResponse:
    profile = profile_for(request.user)
    form = ProfileForm(request.POST or None, request.FILES or None, instance=profile)
    if request.method == "POST" and form.is_valid():
        profile = profile_update(profile=form.save(commit=False))
        if "language" in form.changed_data:
            translation.activate(profile.language)  # the site speaks it from this answer on
        messages.success(request, _("Your profile is saved."))
        response = redirect("accounts:profile")
        if "language" in form.changed_data:
            language_cookie(response, profile.language)
        return response
    return render(request, "accounts/profile.html", {"form": form, "profile": profile})
