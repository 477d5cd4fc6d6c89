"""Production: secrets, hosts and the broker must come from the environment; HTTPS everywhere."""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

from config.env import envbool, envint
from config.sentry import init_sentry
from config.settings.base import *  # noqa: F403

DEBUG = False
SECRET_KEY = os.environ["SECRET_KEY"]  # no default: refuse to start without one

# Without a broker, sheets would be judged inside the web request and nothing would be cached
# across processes: refuse to start rather than run like that.
if not REDIS_URL:  # noqa: F405
    raise ImproperlyConfigured(
        "REDIS_URL is required in production: the Celery broker and the shared cache (docs/deploy.md)."
    )
CELERY_TASK_ALWAYS_EAGER = False

# Web Push: a key pair made on the fly would change with each server and each deployment, and
# every phone's subscription (made for the old public key) would be refused by its push service.
if not (VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY):  # noqa: F405
    raise ImproperlyConfigured(
        "VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY are required in production: the key pair push "
        "notices are signed with (`python -m remote.vapid` makes one; docs/deploy.md)."
    )

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", "True")
# The probes answer over plain HTTP: a load balancer asks them on the inside, without TLS.
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
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

# One JSON object a line on standard error, for the log collector.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"json": {"()": "config.logs.JsonLinesFormatter"}},
    "filters": {"client": {"()": "core.client_address.ClientAddressFilter"}},  # a request's `client`
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "json", "filters": ["client"]}},
    "root": {"handlers": ["console"], "level": os.getenv("LOG_LEVEL", "INFO")},
    "loggers": {"axes": {"level": "WARNING"}},
}

CELERY_WORKER_HIJACK_ROOT_LOGGER = False  # workers log through LOGGING too: JSON lines

SENTRY_ENABLED = init_sentry()
