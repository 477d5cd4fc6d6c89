"""`manage.py check --deploy`: a site without `SITE_URL` links the mails its worker and beat send
(no request to take the host from) to the first of `ALLOWED_HOSTS`; say so."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Tags, Warning, register

from notifications.links import site_address


@register(Tags.security, deploy=True)
def site_url_set(app_configs: Any = None, **kwargs: Any) -> list[Warning]:
    if settings.SITE_URL:
        return []
    return [
        Warning(
            "SITE_URL is not set: mails sent outside a request (the reminders, sheets judged on a "
            f"worker) link to {site_address()}.",
            hint="Set SITE_URL to the site's public address, e.g. https://league.example.org.",
            id="notifications.W001",
        )
    ]
