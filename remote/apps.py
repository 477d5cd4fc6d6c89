from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RemoteConfig(AppConfig):
    name = "remote"
    verbose_name = _("Remote races")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from remote import receivers  # noqa: F401 (a step stored moves the clocks on)
