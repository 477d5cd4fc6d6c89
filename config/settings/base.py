"""Settings shared by every environment. Everything site-specific comes from the environment."""

from __future__ import annotations

import os
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
    "accounts",
    "league",
    "races",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "allauth.account.middleware.AccountMiddleware",
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
                "league.context_processors.my_races",
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
# Notifications: links point here; the league's Discord or Slack channel, when it has one.
SITE_URL = os.getenv("SITE_URL", "http://127.0.0.1:8000")
LEAGUE_WEBHOOK_URL = os.getenv("LEAGUE_WEBHOOK_URL", "")
LEAGUE_WEBHOOK_KIND = os.getenv("LEAGUE_WEBHOOK_KIND", "discord")  # or "slack" (found from the URL too)
LEAGUE_WEBHOOK_TIMEOUT = envint("LEAGUE_WEBHOOK_TIMEOUT", "10")
DEFAULT_FROM_EMAIL = os.getenv("DEFAULT_FROM_EMAIL", "Formule Dé league <league@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# Redis serves as Celery broker and cache in production; without REDIS_URL tasks
# run inline (eager) and the cache is in-process, so nothing needs installing.
REDIS_URL = os.getenv("REDIS_URL", "")
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
# Tasks live in sub-packages (races/sheets/tasks.py), where autodiscovery does not look.
CELERY_IMPORTS = (
    "races.sheets.tasks",
    "accounts.tasks",
    "league.notifications.tasks",
    "league.notifications.reminders",
)
# Periodic tasks, for the one `celery beat` a site runs (make beat).
CELERY_BEAT_SCHEDULE = {
    # Hourly: every race starting within 24 hours has its entrants told, once each.
    "race-tomorrow": {"task": "league.notifications.race_tomorrow", "schedule": 3600.0},
}
CELERY_TASK_ALWAYS_EAGER = envbool("CELERY_TASK_ALWAYS_EAGER", "False" if REDIS_URL else "True")
CELERY_TASK_EAGER_PROPAGATES = False
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# A message taken by a worker that died unacknowledged goes back to the queue after this long.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": envint("CELERY_VISIBILITY_TIMEOUT", "3600")}
CELERY_TASK_DEFAULT_QUEUE = os.getenv("CELERY_QUEUE", "celery")
# Sheets left pending (the queue was unreachable) or validating (a worker lost) for longer than
# RACE_SHEET_REQUEUE_AFTER seconds are queued again by `celery beat` (`make worker` runs it with -B).
RACE_SHEET_REQUEUE_AFTER = envint("RACE_SHEET_REQUEUE_AFTER", "600")
CELERY_BEAT_SCHEDULE = {
    "requeue-stale-race-sheets": {
        "task": "races.requeue_stale_sheets",
        "schedule": envint("RACE_SHEET_REQUEUE_EVERY", "300"),
    },
}

# Race sheets: a log is at most 2 MB; a sheet has at most 6 photos of 8 MB and 40 megapixels each.
RACE_SHEET_MAX_BYTES = envint("RACE_SHEET_MAX_BYTES", str(2 * 1024 * 1024))
RACE_SHEET_MAX_PHOTOS = envint("RACE_SHEET_MAX_PHOTOS", "6")
RACE_SHEET_PHOTO_MAX_BYTES = envint("RACE_SHEET_PHOTO_MAX_BYTES", str(8 * 1024 * 1024))
RACE_SHEET_PHOTO_MAX_PIXELS = envint("RACE_SHEET_PHOTO_MAX_PIXELS", str(40_000_000))
# A pasted log travels as a form field or a JSON body, which Django holds in memory: room for
# one log and its envelope. Uploaded files above 2.5 MB spill to a temporary file instead.
DATA_UPLOAD_MAX_MEMORY_SIZE = RACE_SHEET_MAX_BYTES + 256 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440

if REDIS_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "config.api_support.ApiSchema",
    # Services raise Django's ValidationError; the API answers it as a 400 naming the field.
    "EXCEPTION_HANDLER": "config.api_support.exception_handler",
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
        "SheetStatusEnum": "races.sheets.models.RaceSheet.Status",
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.getenv("LOG_LEVEL", "INFO")},
}
