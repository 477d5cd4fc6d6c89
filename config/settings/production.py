"""Production: secrets and hosts must come from the environment; HTTPS everywhere."""

from __future__ import annotations

import os

from config.env import envbool, envint
from config.settings.base import *  # noqa: F403

DEBUG = False
SECRET_KEY = os.environ["SECRET_KEY"]  # no default: refuse to start without one

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", "True")
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", "31536000")
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"

# Reuse database connections between requests (a new PostgreSQL connection per request
# doubled page latency in bench/site.py); health checks drop connections that went stale.
DATABASES["default"]["CONN_MAX_AGE"] = envint("DB_CONN_MAX_AGE", "60")  # noqa: F405
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True  # noqa: F405

# allauth's mailed links (confirmation, password reset) use HTTPS.
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https"
