from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RacesConfig(AppConfig):
    name = "races"
    verbose_name = _("Races")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_save

        from races.entry_lists import race_created
        from races.models import Race

        # Races added after the entry list is accepted get its cars, however they are added.
        post_save.connect(race_created, sender=Race, dispatch_uid="races.race_entries_on_create")
