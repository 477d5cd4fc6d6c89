"""Settings shared by every environment. Everything site-specific comes from the environment."""

from __future__ import annotations

import os
from datetime import timedelta
from email.utils import parseaddr
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

from config.env import envbool, envint, envlist

BASE_DIR = Path(__file__).resolve().parent.parent.parent

SECRET_KEY = os.getenv("SECRET_KEY", "dev-only-insecure-key-change-me")
DEBUG = envbool("DEBUG", "False")
ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI's files, served by us: /api/docs/ works offline
    "simple_history",
    "allauth",
    "allauth.account",
    "django_countries",
    # The project's rooms, lowest first: each imports only those above it in this list
    # (docs/architecture.md; the `layers` contract and tests/site/test_rooms.py hold it).
    "core",
    "accounts",
    "axes",  # lockout after failed logins, on every authenticate(): the login page, the admin, the API token
    "csp",
    "league",
    "circuits",
    "races",
    "sheets",
    "live",
    "notifications",
    "remote",
    "demo",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "core.api_errors.ApiJsonErrors",  # under /api/, every error in JSON (413, 404, 429…)
    "config.outage.DatabaseOutageMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "config.middleware.RefuseNulMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.ProfileLanguageMiddleware",  # a signed-in player's language, from his profile
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "csp.middleware.CSPMiddleware",
    "config.middleware.PermissionsPolicyMiddleware",
    "notifications.links.RequestOrigin",  # the address mailed links start with, without SITE_URL
    # Last: it turns a lockout flagged by the authentication backend into its 429 answer.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "sheets.context_processors.my_races",
                "remote.context_processors.my_moves",
            ],
        },
    },
]

# SQLite by default so a newcomer needs nothing installed; DATABASE_URL for PostgreSQL.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=envint("DB_CONN_MAX_AGE", "0"),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A web request and a Celery worker share the file: writers take the lock when their
    # transaction begins and wait for each other, instead of failing with "database is locked".
    DATABASES["default"].setdefault("OPTIONS", {}).update({"transaction_mode": "IMMEDIATE", "timeout": 20})
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# French by default, English switchable.
LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", _("French")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = os.getenv("TIME_ZONE", "Europe/Paris")
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.getenv("MEDIA_ROOT", str(BASE_DIR / "media")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Accounts (django-allauth): sign-up confirmed by e-mail, login by user name or e-mail.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: a locked-out client gets no further (allauth's login too)
    "django.contrib.auth.backends.ModelBackend",  # the admin and the API's token by user name
    "allauth.account.auth_backends.AuthenticationBackend",
]
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_SIGNUP_FORM_CLASS = "accounts.forms.SignupExtraForm"
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_CONFIRM_EMAIL_ON_GET = False  # a link scanner opening the mail must not confirm it
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = os.getenv("EMAIL_SUBJECT_PREFIX", "[Formule Dé] ")
ACCOUNT_LOGOUT_REDIRECT_URL = "home"

# E-mail: printed on the console unless an SMTP server is named (EMAIL_HOST); sent from Celery.
EMAIL_HOST = os.getenv("EMAIL_HOST", "")
EMAIL_BACKEND = os.getenv(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = envint("EMAIL_PORT", "587")
EMAIL_HOST_USER = os.getenv("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.getenv("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = envbool("EMAIL_USE_TLS", "True" if EMAIL_HOST else "False")
EMAIL_USE_SSL = envbool("EMAIL_USE_SSL", "False")
EMAIL_TIMEOUT = envint("EMAIL_TIMEOUT", "20")
# Notifications: links point here (e.g. https://league.example.org); unset, to the host the event's
# request came through (notifications/links.py). The league's Discord or Slack channel, if any.
SITE_URL = os.getenv("SITE_URL", "")
# The right-hand part of every calendar event's UID: fixed, so an event keeps its UID whatever
# host name the feed was fetched through (a subscriber would otherwise see every race twice).
CALENDAR_UID_DOMAIN = os.getenv("CALENDAR_UID_DOMAIN", "formule-de-league.invalid")
LEAGUE_WEBHOOK_URL = os.getenv("LEAGUE_WEBHOOK_URL", "")
LEAGUE_WEBHOOK_KIND = os.getenv("LEAGUE_WEBHOOK_KIND", "discord")  # or "slack" (found from the URL too)
# A webhook silent this long counts as down: the message is retried later, with back-off
# (notifications/tasks.py), on the notifications' own workers.
LEAGUE_WEBHOOK_TIMEOUT = envint("LEAGUE_WEBHOOK_TIMEOUT", "3")
DEFAULT_FROM_EMAIL = os.getenv("DEFAULT_FROM_EMAIL", "Formule Dé league <league@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# Web Push (remote races: "your move" on a driver's phone). The VAPID key pair the notices are
# signed with, base64url (`python -m remote.vapid` makes one); unset, a pair is made once into
# VAPID_KEY_FILE, outside git (remote/vapid.py). Production requires it (production.py).
VAPID_PRIVATE_KEY = os.getenv("VAPID_PRIVATE_KEY", "")
VAPID_PUBLIC_KEY = os.getenv("VAPID_PUBLIC_KEY", "")
VAPID_KEY_FILE = Path(os.getenv("VAPID_KEY_FILE", str(BASE_DIR / "var" / "vapid.json")))
# Whom a push service writes to about our notices: a mailto: or https: address.
VAPID_SUBJECT = os.getenv("VAPID_SUBJECT", "mailto:" + parseaddr(DEFAULT_FROM_EMAIL)[1])
# A push service silent this long counts as down (the notice is retried); one not delivered within
# PUSH_TTL seconds (a phone off all that time) is dropped by the push service.
PUSH_TIMEOUT = envint("PUSH_TIMEOUT", "3")
PUSH_TTL = envint("PUSH_TTL", str(6 * 3600))
# The push services a browser's subscription may name (a host or, with a leading dot, its
# subdomains): the site posts to that address, so not to any address a client sends. Empty: any.
PUSH_SERVICE_HOSTS = envlist(
    "PUSH_SERVICE_HOSTS",
    "fcm.googleapis.com,android.googleapis.com,updates.push.services.mozilla.com,"
    ".push.apple.com,.notify.windows.com",
)
# Plain-http endpoints on this machine (127.0.0.1, localhost): the tests' fake push service.
# Allowed under DEBUG too.
PUSH_ALLOW_HTTP_ENDPOINTS = envbool("PUSH_ALLOW_HTTP_ENDPOINTS", "False")

# Redis serves as Celery broker and cache in production; without REDIS_URL tasks
# run inline (eager) and the cache is in-process, so nothing needs installing.
REDIS_URL = os.getenv("REDIS_URL", "")
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
# Tasks live in sub-packages (sheets/tasks.py), where autodiscovery does not look.
CELERY_IMPORTS = (
    "sheets.tasks",
    "accounts.tasks",
    "notifications.tasks",
    "notifications.reminders",
)
CELERY_TASK_ALWAYS_EAGER = envbool("CELERY_TASK_ALWAYS_EAGER", "False" if REDIS_URL else "True")
CELERY_TASK_EAGER_PROPAGATES = False
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# Celery's Django fixup closes every database connection before and after each task unless this
# is set: a new PostgreSQL connection (a new server process) for every sheet. Set, the workers
# follow Django's own rules instead (CONN_MAX_AGE, health checks), applied around each task by
# config/celery_app.py as Django applies them around each request.
CELERY_DB_REUSE_MAX = envint("CELERY_DB_REUSE_MAX", "1000")
# A message taken by a worker that died unacknowledged goes back to the queue after this long.
# Redis looks for such messages every CELERY_RESTORE_INTERVAL × CELERY_RESTORE_THROTTLE seconds; a key
# prefix of its own keeps a deployment's queues and unacknowledged messages apart from another's
# on a shared Redis.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": envint("CELERY_VISIBILITY_TIMEOUT", "3600"),
    "unacked_restore_interval": envint("CELERY_RESTORE_INTERVAL", "10"),
    "unacked_restore_throttle": envint("CELERY_RESTORE_THROTTLE", "10"),
}
if os.getenv("CELERY_KEY_PREFIX"):
    CELERY_BROKER_TRANSPORT_OPTIONS["global_keyprefix"] = os.environ["CELERY_KEY_PREFIX"]
CELERY_TASK_DEFAULT_QUEUE = os.getenv("CELERY_QUEUE", "celery")
# E-mails and webhook calls: on a queue of their own, taken by workers of their own (the Procfile's
# `notify`), so that a slow mail server or a webhook that hangs never holds a worker that judges
# sheets (docs/deploy.md). Setting it to CELERY_QUEUE puts them back behind the sheets.
CELERY_NOTIFICATIONS_QUEUE = os.getenv("CELERY_NOTIFICATIONS_QUEUE", "notifications")
CELERY_TASK_ROUTES = {
    "league.notifications.*": {"queue": CELERY_NOTIFICATIONS_QUEUE},
    "remote.notices.*": {"queue": CELERY_NOTIFICATIONS_QUEUE},
}
# Sheets left pending (their message lost with Redis, or never queued) for longer than
# RACE_SHEET_REQUEUE_AFTER seconds, or validating past their task's time limit (a worker lost), are
# queued again by `celery beat` every RACE_SHEET_REQUEUE_EVERY seconds: a lost sheet waits at most
# about 20 + 95 s (docs/race-sheets.md, "Stale sheets").
RACE_SHEET_REQUEUE_AFTER = envint("RACE_SHEET_REQUEUE_AFTER", "60")
# A worker's task judges its sheet and up to RACE_SHEET_BATCH - 1 others waiting behind it, their
# verdicts stored together (sheets.judging.race_sheets_validate): 1 judges them one at a time.
RACE_SHEET_BATCH = envint("RACE_SHEET_BATCH", "16")
# Periodic tasks, for the one `celery beat` a site runs (make beat).
CELERY_BEAT_SCHEDULE = {
    # Hourly: every race starting within 24 hours has its entrants told, once each.
    "race-tomorrow": {"task": "league.notifications.race_tomorrow", "schedule": 3600.0},
    # Remote races: open those whose time has come, play the autopilot for the clocks that ran
    # out, send the reminders and the notices held through quiet hours (remote/tasks.py).
    "remote-sweep": {"task": "remote.sweep", "schedule": envint("REMOTE_SWEEP_EVERY", "20")},
    "requeue-stale-race-sheets": {
        "task": "races.requeue_stale_sheets",
        "schedule": envint("RACE_SHEET_REQUEUE_EVERY", "20"),
    },
}

# Public pages (home, season, race, driver, standings: page, API, CSV) served from the cache for
# anonymous visitors; any change to the league shows at once (core/page_cache.py).
PAGE_CACHE_SECONDS = envint("PAGE_CACHE_SECONDS", "600")

# Race sheets: a log is at most 2 MB; a sheet has at most 6 photos of 8 MB and 40 megapixels each.
RACE_SHEET_MAX_BYTES = envint("RACE_SHEET_MAX_BYTES", str(2 * 1024 * 1024))
RACE_SHEET_MAX_PHOTOS = envint("RACE_SHEET_MAX_PHOTOS", "6")
RACE_SHEET_PHOTO_MAX_BYTES = envint("RACE_SHEET_PHOTO_MAX_BYTES", str(8 * 1024 * 1024))
RACE_SHEET_PHOTO_MAX_PIXELS = envint("RACE_SHEET_PHOTO_MAX_PIXELS", str(40_000_000))
# The board editor's picture of a board (a scan is bigger than a sheet's photo): 15 MB, 40 megapixels.
BOARD_IMAGE_MAX_BYTES = envint("BOARD_IMAGE_MAX_BYTES", str(15 * 1024 * 1024))
BOARD_IMAGE_MAX_PIXELS = envint("BOARD_IMAGE_MAX_PIXELS", str(40_000_000))
# A verdict lists at most this many violations (up to the first fatal one), then counts the rest.
RACE_SHEET_MAX_VIOLATIONS = envint("RACE_SHEET_MAX_VIOLATIONS", "50")
# All the photos of one sheet together, and how many versions and protests one entrant may send
# per race: storage is finite and a loop in a script must not fill it.
RACE_SHEET_PHOTOS_MAX_BYTES = envint("RACE_SHEET_PHOTOS_MAX_BYTES", str(16 * 1024 * 1024))
RACE_SHEET_MAX_VERSIONS_PER_USER = envint("RACE_SHEET_MAX_VERSIONS_PER_USER", "20")
RACE_PROTESTS_PER_USER = envint("RACE_PROTESTS_PER_USER", "5")
# Race night: one table recorded per race; a player (not a steward) has at most this many open
# at once across his races (a script must not open one on every race it can).
LIVE_TABLES_PER_USER = envint("LIVE_TABLES_PER_USER", "3")
# Race-night and remote tables a process keeps built (live/engine.py): a table not kept is
# replayed from its steps on its next request. About 3 KB a step (a 10-car, 2-lap race: ~0.6 MB).
LIVE_TABLES_KEPT = envint("LIVE_TABLES_KEPT", "256")
# A pasted log travels as a form field or a JSON body, which Django holds in memory: room for
# one log and its envelope. Uploaded files above 2.5 MB spill to a temporary file instead.
DATA_UPLOAD_MAX_MEMORY_SIZE = RACE_SHEET_MAX_BYTES + 256 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440

if REDIS_URL:
    # While Redis is down, pages are served uncached rather than failing (config/cache.py).
    CACHES = {
        "default": {
            "BACKEND": "config.cache.ResilientRedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.getenv("CACHE_KEY_PREFIX", ""),
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Content-Security-Policy (django-csp 4): scripts only from our own static files (static/js/), no
# inline script anywhere (the API docs load their set-up script as a file too); inline style
# attributes stay allowed for the team colours.
SELF = "'self'"
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, "'unsafe-inline'"],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "worker-src": [SELF],  # the service worker that shows push notices (/sw.js)
        "font-src": [SELF],
        "object-src": ["'none'"],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": ["'none'"],
    }
}
# Browser features no page uses, refused to every page and whatever it embeds.
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"

# The client's address: the proxies in front that append to X-Forwarded-For (nginx: 1; 0: none, the
# socket's address). One function reads it for the lockout, allauth, the API's throttles and the
# logs (core/client_address.py, django-ipware; docs/deploy.md "Behind a proxy").
TRUSTED_PROXIES = envint("TRUSTED_PROXIES", "0")
ALLAUTH_TRUSTED_PROXY_COUNT = TRUSTED_PROXIES  # allauth's own reading; accounts/adapter.py uses ours

# Failed logins: counted in the shared cache (Redis in production, so every web process sees them),
# per account and client address together: after AXES_FAILURE_LIMIT failures that address is
# refused (429) for that account for the cool-off, and nobody else is (a guesser cannot lock a
# player out). Without Redis (development, tests) the in-process cache would not be shared: the
# database then.
AXES_HANDLER = (
    "axes.handlers.cache.AxesCacheHandler" if REDIS_URL else "axes.handlers.database.AxesDatabaseHandler"
)
AXES_FAILURE_LIMIT = envint("AXES_FAILURE_LIMIT", "8")
AXES_COOLOFF_TIME = timedelta(minutes=envint("AXES_COOLOFF_MINUTES", "15"))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_CLIENT_IP_CALLABLE = "core.client_address.client_address"
AXES_USERNAME_CALLABLE = "accounts.lockout.lockout_username"  # a user name or e-mail: one account
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False
# allauth's failed-login limit counts per address only: its default per account ("5 per 5 minutes
# per login") would let anyone lock a player out. axes counts per account and address.
ACCOUNT_RATE_LIMITS = {"login_failed": "10/m/ip"}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # One strict JSON reader for every endpoint (core/json_parser.py): refused input is a 400.
    "DEFAULT_PARSER_CLASSES": [
        "core.json_parser.StrictJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    # The token endpoint and sheet submissions are throttled per client (rates in the shared cache);
    # django-axes locks out repeated failed logins besides.
    "DEFAULT_THROTTLE_RATES": {
        "auth": os.getenv("THROTTLE_AUTH", "20/min"),
        "sheets": os.getenv("THROTTLE_SHEETS", "30/min"),
        "tables": os.getenv("THROTTLE_TABLES", "240/min"),  # race night: a move every few seconds
    },
    # DRF's own reading, for throttles other than core.api_support.ClientScopedRateThrottle: 0 is
    # the socket's address (None would key on the raw X-Forwarded-For, which the client writes).
    "NUM_PROXIES": TRUSTED_PROXIES,
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "core.api_support.ApiSchema",
    # Services raise Django's ValidationError; the API answers it as a 400 naming the field.
    "EXCEPTION_HANDLER": "core.api_support.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Formule Dé league API",
    "DESCRIPTION": (
        "Seasons, races, race sheets, results and standings of a Formule Dé league. "
        "Reads are public; writes need a token (`Authorization: Token …`, from `/api/auth/token/`) "
        "and, except race sheets, an admin (staff) account."
    ),
    "VERSION": "1.0.0",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Several models have a `status`: one enum each, named after its model.
    "ENUM_NAME_OVERRIDES": {
        "SeasonStatusEnum": "league.models.Season.Status",
        "RaceStatusEnum": "races.models.Race.Status",
        "ResultStatusEnum": "races.models.Result.Status",
        "SheetStatusEnum": "sheets.models.RaceSheet.Status",
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # A request's log records say its client's address (`client`), as the lockout counts it.
    "filters": {"client": {"()": "core.client_address.ClientAddressFilter"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["client"]}},
    "root": {"handlers": ["console"], "level": os.getenv("LOG_LEVEL", "INFO")},
}
