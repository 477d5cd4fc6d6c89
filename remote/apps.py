from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RemoteConfig(AppConfig):
    name = "remote"
    verbose_name = _("Remote races")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # a step stored moves the clocks on; the notices' words and tasks are registered
        from remote import notices, receivers, tasks  # noqa: F401
