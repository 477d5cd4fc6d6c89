"""A player's profile: how the site shows him and how he wants to be told things."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django_countries.fields import CountryField


class Profile(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(_("display name"), max_length=80, blank=True)
    avatar = models.ImageField(_("avatar"), upload_to="avatars/", blank=True)
    country = CountryField(_("country"), blank=True)
    language = models.CharField(
        _("language"),
        max_length=8,
        choices=settings.LANGUAGES,
        default=settings.LANGUAGE_CODE,
        help_text=_("The language of the e-mails and messages the site sends you."),
    )
    notify_email = models.BooleanField(_("tell me by e-mail"), default=True)
    notify_webhook = models.BooleanField(
        _("mention me on the league's chat channel"),
        default=True,
        help_text=_("Discord or Slack, when the league has a webhook."),
    )

    class Meta:
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return self.display_name or self.user.get_username()
