"""The site in the language a signed-in player chose in his profile."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from accounts.models import Profile


def language_cookie(response: HttpResponse, language: str) -> None:
    """The cookie Django's LocaleMiddleware (and the language switcher) reads the language from."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


class ProfileLanguageMiddleware:
    """A signed-in player whose browser has chosen no language on this site (no language cookie)
    sees it in his profile's language rather than his browser's. The cookie is then set: later
    requests need no lookup, and the language switcher, which sets the same cookie, still wins.

    After AuthenticationMiddleware. API clients with a token are left to Accept-Language."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.languages = {code for code, _name in settings.LANGUAGES}

    def __call__(self, request: HttpRequest) -> HttpResponse:
        language = None
        if settings.LANGUAGE_COOKIE_NAME not in request.COOKIES and request.user.is_authenticated:
            language = Profile.objects.filter(user=request.user).values_list("language", flat=True).first()
            if language not in self.languages:
                language = None
            elif language != translation.get_language():
                translation.activate(language)
                request.LANGUAGE_CODE = language
        response = self.get_response(request)
        if language is not None:
            language_cookie(response, language)
        return response
