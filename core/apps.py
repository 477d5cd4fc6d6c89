from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = _("Core")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from core.page_cache import connect_invalidation

        connect_invalidation()  # the cached pages follow every change of the league
