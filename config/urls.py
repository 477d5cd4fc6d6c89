"""Top-level URLs: public pages (translated), admin, API."""

from __future__ import annotations

from allauth.account import views as allauth_views
from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path
from django.utils.translation import gettext_lazy as _

from config.health import healthz, readyz
from core.page_cache import cached_page
from league.views_site import favicon
from races.views_league import home

# The league's name on the admin, in the reader's language, not "Django administration".
admin.site.site_header = _("Formule Dé league — stewards and administration")
admin.site.site_title = _("Formule Dé league")
admin.site.index_title = _("Running the league")

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("readyz", readyz, name="readyz"),
    path("favicon.ico", favicon, name="favicon"),
    path("admin/", admin.site.urls),
    path("api/", include("config.api_urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    # allauth's pages, with the names the site used before it ("login", "logout") kept as aliases.
    path("accounts/login/", allauth_views.login, name="login"),
    path("accounts/logout/", allauth_views.logout, name="logout"),
    path("accounts/", include("allauth.urls")),
    path("accounts/", include("accounts.urls")),
    path("", cached_page(home), name="home"),
    path("", include("league.urls")),
    path("", include("races.urls")),
    path("", include("circuits.urls")),
    path("", include("sheets.urls")),
    path("", include("live.urls")),
    path("", include("remote.urls")),
]
handler500 = "config.outage.handler500"

if settings.DEBUG:
    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
