from __future__ import annotations

from allauth.account.admin import EmailAddressAdmin
from allauth.account.models import EmailAddress
from axes import admin as axes_admin  # registered now (axes comes after this app), re-registered below
from axes.models import AccessAttempt
from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from accounts.models import Profile


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "display_name", "country", "language", "notify_email", "notify_webhook")
    search_fields = ("user__username", "user__email", "display_name")
    list_filter = ("language", "notify_email", "notify_webhook")
    autocomplete_fields = ("user",)


class CheckedEmailAddressAdmin(EmailAddressAdmin):
    """allauth's admin offers "mark as verified" to any staff account that sees the addresses: it
    needs the change permission here (a verified address is what the API's token asks for)."""

    @admin.action(description=_("Mark selected email addresses as verified"), permissions=["change"])
    def make_verified(self, request: HttpRequest, queryset: QuerySet[EmailAddress]) -> None:
        super().make_verified(request, queryset)


admin.site.unregister(EmailAddress)
admin.site.register(EmailAddress, CheckedEmailAddressAdmin)


class CheckedAccessAttemptAdmin(axes_admin.AccessAttemptAdmin):
    """django-axes offers its clean-up to any staff account that sees the attempts: it deletes
    rows, so it needs the delete permission."""

    @admin.action(description=_("Clean up expired attempts"), permissions=["delete"])
    def cleanup_expired_attempts(self, request: HttpRequest, queryset: QuerySet[AccessAttempt]) -> None:
        super().cleanup_expired_attempts(request, queryset)


if admin.site.is_registered(AccessAttempt):
    admin.site.unregister(AccessAttempt)
    admin.site.register(AccessAttempt, CheckedAccessAttemptAdmin)
