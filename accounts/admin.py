from __future__ import annotations

from django.contrib import admin

from accounts.models import Profile


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "display_name", "country", "language", "notify_email", "notify_webhook")
    search_fields = ("user__username", "user__email", "display_name")
    list_filter = ("language", "notify_email", "notify_webhook")
    autocomplete_fields = ("user",)
