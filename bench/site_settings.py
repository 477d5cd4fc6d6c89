"""Settings of `bench/site.py`: production's, plus a URLconf with a minimal view to measure against.

Production reads SECRET_KEY, ALLOWED_HOSTS and DATABASE_URL from the environment;
the bench sets them, and SECURE_SSL_REDIRECT=False so plain-HTTP GETs on 127.0.0.1 are served.
"""

from __future__ import annotations

from config.settings.production import *  # noqa: F403

ROOT_URLCONF = "bench.site_urls"
