from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = _("Notifications")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from notifications import checks, receivers  # noqa: F401 (the deploy check; the rooms' events)
