"""Forms of the accounts app: what sign-up asks beyond allauth's, and the profile a player edits."""

from __future__ import annotations

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from accounts.models import Profile
from accounts.profiles import profile_for


class SignupExtraForm(forms.Form):
    """allauth's ACCOUNT_SIGNUP_FORM_CLASS: its fields are added to the sign-up form."""

    display_name = forms.CharField(
        label=_("Display name"),
        max_length=80,
        required=False,
        help_text=_("How the standings will show you; your user name if empty."),
    )

    def signup(self, request, user) -> None:  # noqa: ANN001
        profile = profile_for(user)
        profile.display_name = self.cleaned_data.get("display_name", "")
        # Told in the language the visitor signed up in.
        profile.language = (get_language() or profile.language)[:2]
        profile.save()


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Profile
        fields = ["display_name", "avatar", "country", "language", "notify_email", "notify_webhook"]
